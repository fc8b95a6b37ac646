// `<bin> --version`, once per binary: what every result records as the agent's version.

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const cache = new Map<string, Promise<string | undefined>>();

/** The first version-looking token of `bin --version` (stdout, else stderr), or undefined when it can't be run. */
export function probeVersion(
  bin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  let pending = cache.get(bin);
  if (!pending) {
    pending = new Promise((resolve) => {
      // A TMPDIR and HOME of its own, removed after: `opencode --version` leaves $TMPDIR/opencode
      // behind, and `codex --version` unpacks its helpers into ~/.codex/tmp. The user's HOME stays
      // as it was (test/home.test.ts compares it byte for byte).
      let scratch: string | undefined;
      try {
        scratch = mkdtempSync(path.join(env.TMPDIR ?? os.tmpdir(), "agent-evals-version-"));
      } catch {
        scratch = undefined; // an unwritable TMPDIR: probed with the one it has
      }
      const probeEnv = scratch ? scratchEnv(env, scratch) : env;
      execFile(bin, ["--version"], { env: probeEnv, timeout: 30_000 }, (error, stdout, stderr) => {
        if (scratch) rmSync(scratch, { recursive: true, force: true });
        if (error) return resolve(undefined);
        // pi prints its version on stderr.
        const text = stdout.trim() ? stdout : stderr;
        // A sentence's full stop is not part of it ("GitHub Copilot CLI 1.0.102.").
        const version = /\d+\.\d+[\w.+-]*/.exec(text)?.[0]?.replace(/\.+$/, "");
        resolve(version ?? (text.trim() || undefined));
      });
    });
    cache.set(bin, pending);
  }
  return pending;
}

/** Variables that point a CLI at its folders under HOME: left out, so they fall under the scratch HOME. */
const HOME_POINTERS = [
  "CODEX_HOME",
  "CLAUDE_CONFIG_DIR",
  "GEMINI_CLI_HOME",
  "COPILOT_HOME",
  "PI_CODING_AGENT_DIR",
  "XDG_CONFIG_HOME",
  "XDG_DATA_HOME",
  "XDG_CACHE_HOME",
  "XDG_STATE_HOME",
];

/** `env` with TMPDIR and HOME in `scratch`, and nothing pointing back into the user's HOME. */
function scratchEnv(env: NodeJS.ProcessEnv, scratch: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, TMPDIR: scratch, HOME: scratch };
  for (const name of HOME_POINTERS) delete out[name];
  return out;
}
