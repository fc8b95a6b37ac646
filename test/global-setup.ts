// vitest's global setup: the whole run gets a temp folder of its own (TMPDIR, which os.tmpdir(),
// the trials' sandboxes and every child process read), removed when the run ends. A test that
// leaves folders behind is named on one line, so the leak can be fixed; none outlives the run.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { removeTree } from "../src/run/workspace/sandbox.js";

/** Set while a run's folder is in use: each vitest project runs this setup again (extends: true). */
const RUN_TMP = "AGENT_EVALS_TEST_TMPDIR";

export default async function setup(): Promise<() => Promise<void>> {
  // Nested folders would make paths long enough to break unix sockets (108 bytes): one per run.
  if (process.env[RUN_TMP]) return async () => {};
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "agent-evals-tests-")));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[RUN_TMP] = root;
  return async () => {
    delete process.env[RUN_TMP];
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    // Not leaks: tsx-* (the TypeScript loader's cache, shared by the CLI runs) and the Action's
    // build (kept on purpose for every test file of the run).
    const left = (await fs.readdir(root).catch(() => [])).filter(
      (n) => !n.startsWith("tsx-") && !n.startsWith("agent-evals-action-bundle-"),
    );
    if (left.length) {
      const shown = left.slice(0, 8).join(", ");
      console.warn(
        `the tests left ${left.length} temp folder(s), removed now: ${shown}${left.length > 8 ? ", …" : ""}`,
      );
    }
    await removeTree(root);
  };
}
