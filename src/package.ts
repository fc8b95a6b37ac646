// dist/lib/index.js, the package's one bundle: the library's exports, and the two programs (the
// CLI and the Action) as chunks it loads on demand. One build shares every module between them, so
// the engine, jiti (which loads eval files) and the GitHub SDKs are each in dist/ once.
// dist/cli/index.js and dist/index.js (src/start/cli.ts, src/start/action.ts) call the starts.

export * from "./index.js";

/** Runs the CLI with process.argv, then exits (src/cli/bin.ts). Not part of the library's API. */
export const startCli = (): Promise<unknown> => import("./cli/bin.js");

/** Runs the GitHub Action, then exits (src/github/main.ts). Not part of the library's API. */
export const startAction = (): Promise<unknown> => import("./github/main.js");
