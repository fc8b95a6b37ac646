// The `none` provider: a fresh temp directory per trial, nothing around the agent's processes.

import type { SandboxProvider } from "./provider.js";

/** What the temp-dir sandbox isolates and what it does not, said plainly once per run. */
export const TEMP_DIR_ISOLATION =
  "sandbox: a fresh temp directory per trial (own TMPDIR, shims first on PATH). It isolates the working files only: " +
  "agents can still reach the network, read your environment variables (API keys included), write elsewhere on disk " +
  "as your user, and use the machine's CPU and memory without limit.";

export const noneProvider: SandboxProvider = {
  name: "none",
  ownHome: false,
  strength: 0,
  available: () => Promise.resolve({ ok: true }),
  note: (context) =>
    context?.home
      ? TEMP_DIR_ISOLATION.replace(
          "(own TMPDIR,",
          "(own TMPDIR, own HOME holding only the login files and sandbox.home,",
        )
      : TEMP_DIR_ISOLATION,
  prepareTrial: () => Promise.resolve({ run: (fn) => fn() }),
};
