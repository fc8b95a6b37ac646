#!/usr/bin/env node
// dist/cli/index.js, the `agent-evals` executable: turns the compile cache on, then loads the CLI
// bundle (dist/cli/main/index.js, from src/cli/bin.ts), which runs. See src/start/index.ts.

import { enableCompileCache, keepYoungGenerationSmall } from "./index.js";

enableCompileCache();
keepYoungGenerationSmall();
// A path in dist/, left to Node: bundling it in would compile the CLI before the cache is on.
const cliBundle = "./main/index.js";
await import(/* webpackIgnore: true */ cliBundle);
