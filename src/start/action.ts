// dist/index.js, what action.yml runs: turns the compile cache on, then loads the Action bundle
// (dist/action/index.js, from src/github/main.ts), which runs. See src/start/index.ts.

import { enableCompileCache, keepYoungGenerationSmall } from "./index.js";

enableCompileCache();
keepYoungGenerationSmall();
// A path in dist/, left to Node: bundling it in would compile the Action before the cache is on.
const actionBundle = "./action/index.js";
await import(/* webpackIgnore: true */ actionBundle);
