// The run itself, by mode: plan only splits the suite into shards, publish merges the shards'
// results, run runs the evals (beside the base's version when there is one to rerun).

import type { RunEvalsOutcome } from "../../engine/index.js";
import { DEFAULT_DETECT, DEFAULT_POWER, mostTrials, unitLabel } from "../../model/index.js";
import type { Plan } from "../../model/index.js";
import { decisionRule, planPower, type PowerTarget } from "../../plan/index.js";
import type { PreparedStore } from "../../run/index.js";
import { makeStyle, powerPlanMarkdown, trialLine } from "../../report/index.js";
import { GarbageCadence } from "../../util/index.js";
import * as core from "../runner.js";
import { planMode, publishMode } from "../publish/modes.js";
import { trafficOf } from "../traffic.js";
import {
  cacheKeyFor,
  restorePrepared,
  savePrepared,
  sandboxCacheConfigured,
} from "../sandbox-cache.js";
import { againstBase, type Bases } from "./base.js";
import type { ActionContext } from "./context.js";
import type { Gate } from "./gate.js";
import type { Resumed } from "./resume.js";
import { abortOnRunnerSignals } from "./interrupt.js";
import { postPlanComment } from "./publish.js";

export interface Ran {
  outcome: RunEvalsOutcome;
  /** publish mode: the planned pairs no shard reported. */
  missing: string[];
  /** A re-run attempt that went on from an earlier attempt's results: what it kept and ran. */
  resumed?: ResumedRun;
}

export interface ResumedRun extends Resumed {
  /** The earlier attempt's trials kept, not run again. */
  kept: number;
  /** The trials this attempt ran. */
  ran: number;
}

/**
 * Runs the mode the inputs ask for; undefined in plan mode, where nothing runs. Throws what the
 * engine throws (`DefinitionError`, `AgentEvalsError`: see ./refusal.ts).
 */
export async function runTheEvals(
  ctx: ActionContext,
  {
    historyDir,
    bases,
    gate,
    resumed,
    declaredSecrets,
  }: {
    historyDir?: string;
    bases: Bases;
    gate: Gate;
    resumed?: Resumed;
    /**
     * Filled with the secrets the evals declare (masked in the log, redacted in the artifact), as
     * soon as the plan names them.
     */
    declaredSecrets: Set<string>;
  },
): Promise<Ran | undefined> {
  const { inputs, projectRoot } = ctx;
  if (inputs.mode === "plan") {
    await planMode(inputs, projectRoot, { historyDir, changedBase: bases.changed });
    return undefined;
  }
  if (inputs.mode === "publish") {
    const published = await publishMode(inputs, projectRoot);
    return { outcome: published, missing: published.missing };
  }
  const counts = { kept: 0, ran: 0 };
  const outcome = await core.group("agent-evals", () =>
    runInGroup(ctx, { historyDir, bases, gate, declaredSecrets, resumed, counts }),
  );
  return {
    outcome,
    missing: [],
    ...(resumed ? { resumed: { ...resumed, ...counts } } : {}),
  };
}

function runInGroup(
  ctx: ActionContext,
  step: {
    historyDir?: string;
    bases: Bases;
    gate: Gate;
    declaredSecrets: Set<string>;
    resumed?: Resumed;
    counts: { kept: number; ran: number };
  },
): Promise<RunEvalsOutcome> {
  const { inputs, projectRoot, fork } = ctx;
  const { withheld, env } = step.gate;
  const garbage = new GarbageCadence();
  const style = makeStyle({}, {});
  return againstBase(
    step.bases.rerun,
    inputs.agentVersion,
  )({
    projectRoot,
    evals: inputs.evals.length ? inputs.evals : undefined,
    agents: inputs.agents,
    trials: inputs.trials,
    concurrency: inputs.concurrency,
    sandbox: inputs.sandbox,
    container: inputs.container,
    ...trafficOf(inputs, projectRoot),
    budgetUsd: inputs.budgetUsd,
    shard: inputs.shard,
    shardPlan: inputs.shardPlan,
    changedBase: step.bases.changed,
    historyDir: step.historyDir,
    force: inputs.force,
    signal: abortOnRunnerSignals(),
    // The earlier attempt's results are in the results folder (./resume.ts): keep its finished trials.
    resume: step.resumed !== undefined,
    ...(inputs.detect ? { detect: inputs.detect } : {}),
    ...(inputs.referenceAgent ? { referenceAgent: inputs.referenceAgent } : {}),
    env,
    hideFromAgents: runnerInternal,
    preparedStore: sandboxCacheConfigured() ? actionsCacheStore() : undefined,
    // No saved logins on GitHub's runners; fork PRs get no secrets at all.
    skipWithoutCredentials:
      withheld || fork || process.env.RUNNER_ENVIRONMENT === "github-hosted"
        ? { fork, withheld }
        : undefined,
    events: {
      async onPlan({ plan, specs, notes, skippedForCredentials, keptTrials, history }) {
        step.counts.kept = keptTrials ?? 0;
        // Declared secrets are masked too, before anything could print them.
        for (const spec of specs)
          for (const name of spec.prompt?.secrets ?? []) {
            step.declaredSecrets.add(name);
            if (process.env[name]) core.setSecret(process.env[name]!);
          }
        for (const note of notes) core.info(note);
        if (skippedForCredentials)
          core.notice(
            `${skippedForCredentials} eval × agent pair(s) skipped: their agent's API key is not set${fork ? " (pull request from a fork: GitHub passes it no secrets)" : ""}`,
          );
        core.info(
          `${plan.units.length} eval × agent pair(s); ${plan.agentUnits} will start an agent`,
        );
        // On a pull request the comment shows the plan before any trial starts (and is replaced
        // by the report at the end): what each comparison can detect and what the run may cost.
        if (ctx.pr && inputs.comment && plan.agentUnits > 0)
          await postPlanComment(ctx, planCommentLines(plan, history, inputs.detect));
      },
      onTrialEnd(unit, trial) {
        step.counts.ran++;
        garbage.trialEnded();
        core.info(trialLine(unitLabel(unit), unit.agentName, mostTrials(unit), trial, style));
      },
    },
  });
}

/**
 * The runner's own credentials and endpoints (cache, artifacts, OIDC) and this step's inputs (the
 * token among them): the Action's, not the agents'. An agent holding ACTIONS_RUNTIME_TOKEN could
 * write the Actions cache that later runs restore. Without `sandbox: bwrap` an agent running as the
 * same user can still read them from its parent's /proc entry; bwrap's pid namespace closes that.
 */
function runnerInternal(name: string): boolean {
  return /^(INPUT_|ACTIONS_(RUNTIME_|CACHE_|RESULTS_|ID_TOKEN_REQUEST_))/.test(name);
}

/** The prepared-sandbox store backed by the Actions cache (setup results survive between runs). */
function actionsCacheStore(): PreparedStore {
  // The messages say "sandbox cache: …" themselves.
  const log = (message: string) => core.info(message);
  return {
    keyFor: cacheKeyFor,
    restore: (dir, key) => restorePrepared(dir, key, { log }),
    save: (dir, key) => savePrepared(dir, key, { log }),
  };
}

/**
 * The pre-run comment: the trials each pair runs, the power they have to flag a drop (the `detect`
 * input's, else DEFAULT_DETECT), the forecast cost from history, and the decision rule.
 */
function planCommentLines(
  plan: Plan,
  history: Parameters<typeof planPower>[1],
  detect: PowerTarget | undefined,
): string[] {
  const target = detect ?? { detect: DEFAULT_DETECT, power: DEFAULT_POWER };
  const power = planPower(plan, history, target);
  return [
    "### agent-evals: planned, running now",
    "",
    `Before any trial started: ${plan.agentUnits} eval × agent pair(s) will run. The results replace this comment when the run ends.`,
    "",
    ...powerPlanMarkdown(power, decisionRule(target)),
  ];
}
