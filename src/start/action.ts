// dist/index.js, what action.yml runs: turns the compile cache on, then loads the package's bundle
// (dist/lib/, src/package.ts) and starts the Action (src/github/main.ts), which runs. See
// src/start/index.ts.

import { enableCompileCache, keepYoungGenerationSmall } from "./index.js";

enableCompileCache();
keepYoungGenerationSmall();
// A path in dist/, left to Node: bundling it in would compile the Action before the cache is on.
const packageBundle = "./lib/index.js";
const { startAction } = (await import(/* webpackIgnore: true */ packageBundle)) as {
  startAction: () => Promise<unknown>;
};
await startAction();
