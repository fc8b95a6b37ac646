// The GitHub Action's run: everything happens in src/github/. A chunk of the package's bundle
// (src/package.ts), which dist/index.js (src/start/action.ts) starts.

import { exitWhenFlushed } from "../start/index.js";
import * as core from "./runner.js";
import { runAction } from "./run-action.js";

runAction()
  .catch((error: unknown) => {
    core.setFailed(`agent-evals: internal error: ${(error as Error).stack ?? String(error)}`);
  })
  // core.setFailed sets process.exitCode.
  .finally(() => exitWhenFlushed(Number(process.exitCode ?? 0)));
