// Every figure of docs/benchmarks.md, in the order the bench runs them (`npm run bench -- --list`).

import type { Figure } from "../harness.js";
import { trialOverhead } from "./01-trial-overhead.js";
import { shimCall } from "./02-shim-call.js";
import { sandboxCopy } from "./03-sandbox-copy.js";
import { claudeRun } from "./04-claude.js";
import { coldStart } from "./05-cold-start.js";
import { trialPolicies } from "./06-trial-policies.js";
import { atScale } from "./07-scale.js";
import { history } from "./08-history.js";
import { callFlood } from "./09-call-flood.js";
import { peerSuite } from "./10-peer-suite.js";
import { waitingAgent } from "./11-waiting-agent.js";
import { providers } from "./12-providers.js";
import { infraErrors } from "./13-infra-errors.js";
import { replay } from "./14-replay.js";
import { bigSuite } from "./15-big-suite.js";

export {
  trialOverhead,
  shimCall,
  sandboxCopy,
  claudeRun,
  coldStart,
  trialPolicies,
  atScale,
  history,
  callFlood,
  peerSuite,
  waitingAgent,
  providers,
  infraErrors,
  replay,
  bigSuite,
};

/** The figures in the order they run and print their summary lines. */
export const FIGURES: ReadonlyArray<Figure<unknown>> = [
  trialOverhead,
  shimCall,
  sandboxCopy,
  claudeRun,
  coldStart,
  trialPolicies,
  atScale,
  history,
  callFlood,
  peerSuite,
  waitingAgent,
  providers,
  infraErrors,
  replay,
  bigSuite,
];

/**
 * The order of the figures' parts on the page (their rows in the Results table, notes, sections,
 * *How measured* and raw samples): the comparisons with peers first (10–12), then 1–9 and 14; figure
 * 13's section closes the page. Every figure's `lead` comes before all of these.
 */
export const PAGE_ORDER: readonly string[] = [
  "10",
  "11",
  "12",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "14",
  "13",
  "15",
];
