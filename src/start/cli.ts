#!/usr/bin/env node
// dist/cli/index.js, the `agent-evals` executable: turns the compile cache on, then loads the
// package's bundle (dist/lib/, src/package.ts) and starts the CLI (src/cli/bin.ts), which
// runs. See src/start/index.ts.

import { enableCompileCache, keepYoungGenerationSmall } from "./index.js";

enableCompileCache();
keepYoungGenerationSmall();
// A path in dist/, left to Node: bundling it in would compile the CLI before the cache is on.
const packageBundle = "../lib/index.js";
const { startCli } = (await import(/* webpackIgnore: true */ packageBundle)) as {
  startCli: () => Promise<unknown>;
};
await startCli();
