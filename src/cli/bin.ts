#!/usr/bin/env node
// The CLI's run: main with the command line, then exit with its code. A chunk of the package's
// bundle (src/package.ts), which dist/cli/index.js (src/start/cli.ts) starts.

import { main } from "./main.js";
import { exitWhenFlushed } from "../start/index.js";
import { complain } from "./terminal.js";

main(process.argv.slice(2)).then(exitWhenFlushed, (error: unknown) => {
  complain(`agent-evals: internal error: ${(error as Error).stack ?? String(error)}\n`);
  exitWhenFlushed(2);
});
