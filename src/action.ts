// The GitHub Action's entry (bundled to dist/index.js): everything happens in src/github/.

import * as core from "@actions/core";
import { runAction } from "./github/run-action.js";

runAction().catch((error: unknown) => {
  core.setFailed(`agent-evals: internal error: ${(error as Error).stack ?? String(error)}`);
});
