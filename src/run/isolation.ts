/** What the temp-dir sandbox isolates and what it does not, said plainly once per run. */
export const TEMP_DIR_ISOLATION =
  "sandbox: a fresh temp directory per trial (own TMPDIR, shims first on PATH). It isolates the working files only: " +
  "agents can still reach the network, read your environment variables (API keys included), write elsewhere on disk " +
  "as your user, and use the machine's CPU and memory without limit.";
