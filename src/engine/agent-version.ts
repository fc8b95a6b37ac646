// `compare --agent-version AGENT@VERSION`: every selected eval that AGENT runs, with the CLI as
// installed (the control) against another version of it (the treatment), installed beside it into
// a cache folder, trials interleaved in one run, read by the comparison rule.

import { agentWithBin, installAgentVersion, type AgentVersionSpec } from "../agents/index.js";
import { UsageError } from "../model/index.js";
import { versionGroups } from "../plan/index.js";
import { comparisonArmOptions, planEvals, settlePlan, type PlannedRun } from "./plan.js";
import { runPlanned, type RunEvalsOptions, type RunEvalsOutcome } from "./run.js";

export interface AgentVersionOptions extends RunEvalsOptions {
  candidate: AgentVersionSpec;
  /** Told what is installed (once per version). */
  say?: (line: string) => void;
}

export async function compareAgentVersion(options: AgentVersionOptions): Promise<RunEvalsOutcome> {
  return runPlanned(await planAgentVersionComparison(options), options);
}

/** The plan: the candidate installed (or found in the cache), each pair of its agent doubled. */
export async function planAgentVersionComparison(
  options: AgentVersionOptions,
): Promise<PlannedRun> {
  const env = options.env ?? process.env;
  const { candidate } = options;
  const bin = await installAgentVersion(candidate, env, options.say);
  const adapter = agentWithBin(candidate.agent, bin);
  // The version the program says it is, recorded per trial (a tag such as `latest` becomes one).
  const version = (await adapter.version()) ?? candidate.version;
  // Nothing is cached: both arms run now.
  const planned = await planEvals({ ...options, force: true, variants: false });
  const { units, paired } = versionGroups(
    planned.plan.units,
    { agent: candidate.agent, version, adapter },
    comparisonArmOptions(planned, options),
  );
  if (paired === 0)
    throw new UsageError(
      `--agent-version ${candidate.agent}@${candidate.version}: no selected eval runs ${candidate.agent}; add it with --agent ${candidate.agent} or select evals that list it`,
    );
  planned.plan.units = units;
  settlePlan(planned, options.budgetUsd);
  planned.notes.push(
    `compare: ${paired} eval × agent pair(s): ${candidate.agent} as installed against ${candidate.agent}@${version} (${bin})`,
  );
  return planned;
}
