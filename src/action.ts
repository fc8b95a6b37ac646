// The GitHub Action's entry (bundled to dist/index.js): everything happens in src/github/.

import * as core from "./github/runner.js";
import { runAction } from "./github/run-action.js";

runAction().catch((error: unknown) => {
  core.setFailed(`agent-evals: internal error: ${(error as Error).stack ?? String(error)}`);
});
