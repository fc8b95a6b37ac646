#!/usr/bin/env node
// The executable: runs the CLI and sets the exit code.

import { main } from "./cli.js";

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `agent-evals: internal error: ${(error as Error).stack ?? String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
