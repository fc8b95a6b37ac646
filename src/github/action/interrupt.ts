// A job that is cancelled or runs out of time: the runner sends SIGINT, then SIGTERM, then kills the
// process seconds later. Without a handler Node dies at the first signal and the results that
// finished are lost with it; so, as the CLI does (src/cli/interrupts.ts), the first signal aborts
// the run and kills its agents, the engine writes run.json marked interrupted, and the Action goes
// on to upload the results folder, from which a re-run of the job resumes. The handlers stay until
// the process ends: a repeated signal must not cut the upload short either.

import { killAllAgents } from "../../engine/index.js";
import { onTerminatingSignals } from "../../util/index.js";
import * as core from "../runner.js";

/** Aborts when the runner stops the job; the handlers stay until the process ends. */
export function abortOnRunnerSignals(): AbortSignal {
  const controller = new AbortController();
  onTerminatingSignals((signal, repeat) => {
    if (!repeat)
      core.warning(
        `${signal}: the job is being stopped; ending the run and uploading what finished`,
      );
    controller.abort();
    killAllAgents();
  });
  return controller.signal;
}
