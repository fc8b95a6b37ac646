// The Action: inputs → engine → publish (summary, annotations, artifact, PR comment, history).
// The engine knows nothing of GitHub; everything GitHub-shaped happens here.

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import * as core from "./runner.js";
import { compareEvals, runEvals, type RunEvalsOutcome } from "../engine/index.js";
import {
  HEALTH_WINDOW,
  compareRuns,
  healthOf,
  readAllHistory,
  type HistoryLine,
} from "../store/index.js";
import {
  AgentEvalsError,
  DefinitionError,
  RUN_JSON,
  formatProblem,
  judgedAny,
  mostTrials,
  unitLabel,
  errorMessage,
} from "../model/index.js";
import { GarbageCadence, secretNames, secretRedactor } from "../util/index.js";
import { builtInCredentialEnv } from "../agents/index.js";
import { healthMarkdown, renderRunMarkdown, trialLine, makeStyle, usd } from "../report/index.js";
import { markdownSections } from "../kinds/index.js";
import { uploadResults, artifactUrl } from "./publish/artifacts.js";
import { readInputs, InputError, type ActionInputs } from "./inputs.js";
import {
  cacheKeyFor,
  restorePrepared,
  savePrepared,
  sandboxCacheConfigured,
} from "./sandbox-cache.js";
import type { PreparedStore } from "../run/index.js";
import { baseName, type BaseSpec } from "../plan/index.js";
import { planMode, publishMode, writeHistoryLines } from "./publish/modes.js";

const run = promisify(execFile);
export const COMMENT_MARKER = "<!-- agent-evals:sticky -->";

export async function runAction(): Promise<void> {
  let inputs: ActionInputs;
  try {
    inputs = readInputs();
  } catch (error) {
    if (error instanceof InputError) {
      await writeRefusal("agent-evals did not run: invalid input", error.message);
      return core.setFailed(error.message);
    }
    throw error;
  }
  // Credential variables (known names, names that look like one, AGENT_EVALS_REDACT) never appear in the log.
  for (const name of secretNames(process.env, builtInCredentialEnv()))
    if (process.env[name]) core.setSecret(process.env[name]!);
  if (inputs.githubToken) core.setSecret(inputs.githubToken);

  const scratch: Scratch = [];
  try {
    await runWith(inputs, scratch);
  } finally {
    for (const dispose of scratch) await dispose().catch(() => undefined);
  }
}

async function runWith(inputs: ActionInputs, scratch: Scratch): Promise<void> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const projectRoot = path.resolve(workspace, inputs.workingDirectory);
  const event = await readEvent();
  const pr =
    (event.pull_request as { number: number; base: { ref: string } } | undefined) ??
    (inputs.pullRequest !== undefined
      ? {
          number: inputs.pullRequest,
          base: { ref: inputs.baseRef?.replace(/^origin\//, "") ?? "main" },
        }
      : undefined);
  const baseBranch = pr?.base.ref ?? inputs.baseRef?.replace(/^origin\//, "") ?? "main";
  // Only history needs the remote; asking git costs a process start on every run.
  const remote = inputs.history ? await originUrl(projectRoot) : undefined;

  // History: a scratch checkout of the results branch, read before the run (the base to compare with).
  let history: { dir: string; dispose(): Promise<void> } | undefined;
  let before = new Map<string, HistoryLine[]>();
  let historyReadable = inputs.history && remote !== undefined;
  if (inputs.history && remote) {
    try {
      const { readResultsBranch } = await import("../store/results-branch.js");
      history = await readResultsBranch({
        remote,
        branch: inputs.resultsBranch,
        token: inputs.githubToken,
      });
      if (history) before = await readAllHistory(path.join(history.dir, "history"));
      core.info(
        history
          ? `history: read ${before.size} eval(s) from ${inputs.resultsBranch}`
          : `history: ${inputs.resultsBranch} does not exist yet; it is created after this run`,
      );
    } catch (error) {
      historyReadable = false;
      core.warning(
        `history: could not read ${inputs.resultsBranch}: ${errorMessage(error)}. Running without history.`,
      );
    }
  }

  const changedBase =
    inputs.mode === "publish"
      ? undefined
      : await changedBaseFor(inputs, pr !== undefined, baseBranch, projectRoot, scratch);
  const historyDir = history ? path.join(history.dir, "history") : undefined;
  // On a pull request the base's version of each changed eval runs beside the head's (rerun).
  const rerunBase =
    inputs.mode === "run" && pr !== undefined && inputs.baseline !== "history"
      ? (changedBase ?? (await fetchBase(inputs, baseBranch, projectRoot, scratch)))
      : undefined;
  if (inputs.mode === "run" && inputs.baseline === "rerun" && pr === undefined)
    core.notice("baseline rerun: not a pull request, so there is no base to run; history is used");
  const runAgainstBase = againstBase(rerunBase);
  const garbage = new GarbageCadence();
  const style = makeStyle({}, {});
  const declaredSecrets = new Set<string>();
  const fork = isForkPullRequest(event);
  // Before anything is spent: may whoever started this run use the paid agents?
  const withheld = inputs.mode === "run" ? await actorRefusal(inputs) : undefined;
  if (withheld) core.warning(withheld, { title: "agent-evals: paid agents not run" });
  const engineEnv = withheld ? withoutCredentials(process.env) : process.env;
  let outcome: RunEvalsOutcome;
  let missing: string[] = [];
  try {
    if (inputs.mode === "plan") {
      await planMode(inputs, projectRoot, { historyDir, changedBase });
      await history?.dispose();
      return;
    }
    if (inputs.mode === "publish") {
      const published = await publishMode(inputs, projectRoot);
      outcome = published;
      missing = published.missing;
    } else
      outcome = await core.group("agent-evals", () =>
        runAgainstBase({
          projectRoot,
          evals: inputs.evals.length ? inputs.evals : undefined,
          agents: inputs.agents,
          trials: inputs.trials,
          concurrency: inputs.concurrency,
          sandbox: inputs.sandbox,
          container: inputs.container,
          budgetUsd: inputs.budgetUsd,
          shard: inputs.shard,
          shardPlan: inputs.shardPlan,
          changedBase,
          historyDir,
          force: inputs.force,
          env: engineEnv,
          hideFromAgents: runnerInternal,
          preparedStore: sandboxCacheConfigured() ? actionsCacheStore() : undefined,
          // No saved logins on GitHub's runners; fork PRs get no secrets at all.
          skipWithoutCredentials:
            withheld || fork || process.env.RUNNER_ENVIRONMENT === "github-hosted"
              ? { fork, withheld }
              : undefined,
          events: {
            onPlan({ plan, specs, notes, skippedForCredentials }) {
              // Declared secrets are masked too, before anything could print them.
              for (const spec of specs)
                for (const name of spec.prompt?.secrets ?? []) {
                  declaredSecrets.add(name);
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
            },
            onTrialEnd(unit, trial) {
              garbage.trialEnded();
              core.info(trialLine(unitLabel(unit), unit.agentName, mostTrials(unit), trial, style));
            },
          },
        }),
      );
  } catch (error) {
    await history?.dispose();
    if (error instanceof DefinitionError) {
      for (const p of error.problems) {
        core.error(`${p.code} ${p.message}${p.fix ? ` — fix: ${p.fix}` : ""}`, {
          file: path.join(inputs.workingDirectory, p.file),
          startLine: p.line,
          title: "agent-evals: invalid eval definition",
        });
      }
      const message = `${error.problems.length} problem(s) in the eval definitions; nothing was run:\n${error.problems.map(formatProblem).join("\n")}`;
      await writeRefusal("agent-evals did not run: invalid eval definitions", message);
      return core.setFailed(message);
    }
    if (error instanceof AgentEvalsError) {
      await writeRefusal("agent-evals did not run", error.message);
      return core.setFailed(error.message);
    }
    throw error;
  }

  const { run: result } = outcome;
  // The verdicts beside run.json: a publishing job pushes them when this job only reads history.
  if (inputs.mode === "run")
    await writeHistoryLines(outcome.resultsDir, outcome.historyLines).catch((error: Error) =>
      core.warning(`history lines not written: ${error.message}`),
    );
  const baseLines = new Map(
    [...before].map(([id, lines]) => [id, lines.filter((l) => !l.ref || l.ref === baseBranch)]),
  );
  // With the base rerun here, the regression flag is the paired comparison's; the rows still list
  // each eval's result (against history where there is one).
  const comparisons = result.comparisons ?? [];
  const shown = relativeToRepository(result, projectRoot, workspace);
  const rows = compareRuns(
    shown.evals.filter((e) => e.arm === undefined),
    baseLines,
  );
  const regressions = rerunBase
    ? comparisons.filter((c) => c.verdict === "regression").length
    : rows.filter((r) => r.flag === "regression").length;

  // History first: whether it was saved goes into the summary and the comment.
  const notes: string[] = [];
  const historyProblem = await saveHistory(inputs, historyReadable, remote, outcome);
  if (historyProblem) notes.push(`history not saved: ${historyProblem}`);
  if (inputs.history && !inputs.historyWrite) {
    core.info(
      `history: read only; ${outcome.historyLines.length} line(s) left in ${outcome.resultsDir}/history.jsonl for the publishing job`,
    );
  } else if (inputs.history && !remote) {
    core.notice("history skipped: the working directory has no `origin` remote");
  }
  await history?.dispose();
  notes.push(...skippedNotes(result.evals), ...budgetNotes(result.evals, inputs.budgetUsd));

  let artifactLink: string | undefined;
  if (inputs.uploadTranscripts) {
    const uploaded = await upload(outcome.resultsDir, inputs, declaredSecrets);
    if (uploaded?.id !== undefined && process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID) {
      artifactLink = artifactUrl(
        serverUrl(),
        process.env.GITHUB_REPOSITORY,
        process.env.GITHUB_RUN_ID,
        uploaded.id,
      );
    }
  }

  // Whether the step fails is settled before the report: its headline never shows ✅ on a failed step.
  const failure = stepFailure(inputs, outcome, {
    missing,
    regressions,
    baseBranch,
    historyProblem,
  });
  const judged = judgedAny(result.evals);
  const skippedAll = !judged && result.counts.skipped > 0;
  if (skippedAll)
    core.warning(
      `nothing was judged: all ${result.counts.skipped} planned eval × agent pair(s) were skipped (see the summary)${failure ? "" : "; fail-on-skip: all (or true) fails the step on this"}`,
      { title: "agent-evals: nothing judged" },
    );

  // A scheduled run says which evals need attention, from the history and this run.
  const nightly = process.env.GITHUB_EVENT_NAME === "schedule" && historyReadable;
  const runUrl =
    process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID
      ? `${serverUrl()}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
      : undefined;
  const report = {
    run: shown,
    rows,
    baseRef: baseBranch,
    runUrl,
    artifactUrl: artifactLink,
    budgetUsd: inputs.budgetUsd,
    headSha: headShaOf(event),
    notes: skippedAll
      ? [
          `nothing was judged: every planned eval × agent pair was skipped, so this run measured nothing`,
          ...notes,
        ]
      : notes,
    stepFailed: failure !== undefined,
    // A shard's own summary would give precision and recall over its part of the queries only.
    sections: inputs.shard
      ? []
      : [
          ...markdownSections(outcome.summaries),
          ...(nightly ? healthSection(before, outcome.historyLines) : []),
        ],
    nothingRanBecause:
      inputs.mode === "publish"
        ? "the plan chose no eval × agent pair (with changed-only, on by default for pull requests, none is affected by this change; otherwise the evals and agents inputs match none)"
        : changedBase
          ? `none is affected by this change (changed-only, compared with ${baseName(changedBase)})`
          : undefined,
  };
  await core.summary
    .addRaw(renderRunMarkdown(report))
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
  annotateFailures(shown.evals, inputs.workingDirectory);

  let commentUrl: string | undefined;
  if (pr && inputs.comment) {
    try {
      const [owner = "", repo = ""] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
      const { upsertStickyComment } = await import("./publish/comment.js");
      const comment = await upsertStickyComment({
        token: inputs.githubToken,
        baseUrl: process.env.GITHUB_API_URL,
        owner,
        repo,
        issueNumber: pr.number,
        body: renderRunMarkdown({ ...report, marker: COMMENT_MARKER }),
        marker: COMMENT_MARKER,
      });
      commentUrl = comment.url;
      core.info(`PR comment ${comment.action}: ${comment.url}`);
    } catch (error) {
      core.warning(`PR comment not posted: ${errorMessage(error)}`);
    }
  }

  const c = result.counts;
  core.setOutput("passed", c.passed);
  core.setOutput("failed", c.failed);
  core.setOutput("skipped", c.skipped);
  core.setOutput("cached", c.cached);
  core.setOutput("incomplete", c.incomplete);
  core.setOutput("cost-usd", result.costUsd);
  core.setOutput("results-json", path.join(outcome.resultsDir, RUN_JSON));
  core.setOutput("comment-url", commentUrl ?? "");
  core.setOutput("regressions", regressions);

  if (failure) core.setFailed(failure);
}

/** Why the step fails, or undefined when it succeeds. */
function stepFailure(
  inputs: ActionInputs,
  outcome: RunEvalsOutcome,
  facts: { missing: string[]; regressions: number; baseBranch: string; historyProblem?: string },
): string | undefined {
  const c = outcome.run.counts;
  const failOnSkip =
    inputs.failOnSkip === "auto"
      ? ["schedule", "workflow_dispatch"].includes(process.env.GITHUB_EVENT_NAME ?? "")
      : inputs.failOnSkip;
  const skipFails =
    c.skipped > 0 &&
    (failOnSkip === true || (failOnSkip === "all" && !judgedAny(outcome.run.evals)));
  if (facts.missing.length)
    return `${facts.missing.length} planned eval × agent pair(s) have no results: see the log`;
  if (outcome.exitCode === 2)
    return "agent-evals could not run some evals (infra errors or failed setup): see the log";
  if (inputs.failOn === "failure" && outcome.exitCode === 1)
    return `${c.failed + c.incomplete + c.inconclusive} eval × agent pair(s) did not pass`;
  if (inputs.failOn === "regression" && facts.regressions > 0)
    return `${facts.regressions} significant regression(s) against ${facts.baseBranch}`;
  if (skipFails)
    return failOnSkip === "all"
      ? `all ${c.skipped} planned eval × agent pair(s) were skipped: nothing was judged (fail-on-skip: all): see the summary`
      : `${c.skipped} planned eval × agent pair(s) were skipped and did not run (fail-on-skip): see the summary`;
  if (inputs.historyRequired && facts.historyProblem)
    return `history not saved (history-required): ${facts.historyProblem}`;
  return undefined;
}

/**
 * Appends the run's verdicts to the results branch; what went wrong, in one sentence, when they
 * were not saved (undefined when saved, or when this job is not the one that writes).
 */
async function saveHistory(
  inputs: ActionInputs,
  readable: boolean,
  remote: string | undefined,
  outcome: RunEvalsOutcome,
): Promise<string | undefined> {
  if (!inputs.historyWrite) return undefined;
  if (!remote) return inputs.historyRequired ? "the checkout has no `origin` remote" : undefined;
  if (!readable) return `${inputs.resultsBranch} could not be read, so nothing was appended to it`;
  if (!outcome.historyLines.length) return undefined;
  try {
    const byId = new Map<string, string[]>();
    for (const line of outcome.historyLines)
      byId.set(line.id, [...(byId.get(line.id) ?? []), JSON.stringify(line)]);
    const { appendToResultsBranch } = await import("../store/results-branch.js");
    // Pushed also when the branch did not exist yet (the first run creates it).
    const pushed = await appendToResultsBranch(
      { remote, branch: inputs.resultsBranch, token: inputs.githubToken },
      [...byId].map(([id, lines]) => ({ path: `history/${id}.jsonl`, lines })),
      `agent-evals: ${outcome.historyLines.length} result(s) for ${process.env.GITHUB_SHA?.slice(0, 7) ?? "a run"}`,
    );
    core.info(
      `history: ${outcome.historyLines.length} line(s) pushed to ${inputs.resultsBranch} in ${pushed.attempts} attempt(s)`,
    );
    return undefined;
  } catch (error) {
    const message = errorMessage(error);
    // A read-only token (fork PRs) is expected there: a notice; a refusal or an outage: a warning.
    if ((error as { kind?: string }).kind === "permission")
      core.notice(`history not saved: ${message}`);
    else core.warning(`history not saved: ${message}`);
    return message;
  }
}

/** The skipped pairs, said once: what was planned and did not run, and why. */
function skippedNotes(evals: RunEvalsOutcome["run"]["evals"]): string[] {
  const skipped = evals.filter((e) => e.arm === undefined && e.status === "skipped");
  if (!skipped.length) return [];
  const reasons = [...new Set(skipped.map((e) => e.reason ?? "no reason given"))];
  const names = skipped.map((e) => `${e.id} [${e.agent}]`);
  return [
    `${skipped.length} planned eval × agent pair(s) skipped, not run: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ", …" : ""} (${reasons.slice(0, 3).join("; ")})`,
  ];
}

/** The pairs the budget cut short, named in the log, as an annotation and in the report. */
function budgetNotes(evals: RunEvalsOutcome["run"]["evals"], budgetUsd?: number): string[] {
  const cut = evals.filter((e) => e.arm === undefined && e.status === "incomplete");
  if (!cut.length) return [];
  const names = cut.map((e) => `${e.id} [${e.agent}] (${e.trialsRun}/${e.trialsPlanned} trials)`);
  const budget = budgetUsd !== undefined ? ` of ${usd(budgetUsd)}` : "";
  const note = `the budget${budget} cut ${cut.length} eval × agent pair(s) short: ${names.join(", ")}`;
  core.warning(note, { title: "agent-evals: budget cut" });
  return [note];
}

/** Uploads the results folder; on a name taken in this run, see `uploadResultsOnce`. */
async function upload(
  dir: string,
  inputs: ActionInputs,
  declared: Set<string>,
): Promise<{ id?: number } | undefined> {
  try {
    const uploaded = await uploadResults({
      redact: uploadRedactor(declared),
      dir,
      name: inputs.artifactName,
      retentionDays: inputs.retentionDays,
      attempt: Number(process.env.GITHUB_RUN_ATTEMPT ?? "1") || 1,
      fallbackSuffix: `${process.env.GITHUB_JOB ?? "job"}-attempt${process.env.GITHUB_RUN_ATTEMPT ?? "1"}`,
      log: (message) => core.warning(`artifact: ${message}`),
    });
    core.info(`artifact ${uploaded.name}: ${uploaded.files} file(s), ${uploaded.size} bytes`);
    return uploaded;
  } catch (error) {
    core.warning(`artifact: upload failed: ${errorMessage(error)}`);
    return undefined;
  }
}

/** The head commit the run measured: the pull request's head, else the workflow's commit. */
function headShaOf(event: Record<string, unknown>): string | undefined {
  const head = (event.pull_request as { head?: { sha?: unknown } } | undefined)?.head?.sha;
  return typeof head === "string" ? head : process.env.GITHUB_SHA;
}

/**
 * The run as the comment and the annotations show it: paths relative to the repository, never
 * the runner's absolute ones (a check's file, the workspace in evidence and reasons).
 */
function relativeToRepository(
  run: RunEvalsOutcome["run"],
  projectRoot: string,
  workspace: string,
): RunEvalsOutcome["run"] {
  const prefix = workspace.endsWith(path.sep) ? workspace : `${workspace}${path.sep}`;
  const strip = (text: string) => text.split(prefix).join("");
  const file = (f: string | undefined) =>
    f === undefined ? undefined : path.isAbsolute(f) ? path.relative(projectRoot, f) : f;
  return {
    ...run,
    evals: run.evals.map((e) => ({
      ...e,
      ...(e.reason !== undefined ? { reason: strip(e.reason) } : {}),
      trials: e.trials.map((t) => ({
        ...t,
        ...(t.reason !== undefined ? { reason: strip(t.reason) } : {}),
        checks: t.checks.map((c) => ({
          ...c,
          evidence: strip(c.evidence),
          ...(c.file !== undefined ? { file: file(c.file) } : {}),
        })),
      })),
    })),
  };
}

/** Why the actor may not spend (see ./actor.ts); undefined outside GitHub or when they may. */
async function actorRefusal(inputs: ActionInputs): Promise<string | undefined> {
  const actor = process.env.GITHUB_ACTOR;
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
  if (!actor || !owner || !repo) return undefined;
  const { spendingRefusal } = await import("./actor.js");
  return spendingRefusal({
    token: inputs.githubToken,
    baseUrl: process.env.GITHUB_API_URL,
    owner,
    repo,
    actor,
    allowed: inputs.allowedActors,
  });
}

/** The environment without any agent's credential variables (nothing paid can start). */
function withoutCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of secretNames(env, builtInCredentialEnv())) delete out[name];
  return out;
}

/** The run's evals, beside their base's version when there is one to rerun (`compareEvals`). */
function againstBase(base: BaseSpec | undefined): typeof runEvals {
  return base ? (options) => compareEvals({ ...options, base }) : runEvals;
}

/** The health of every eval × agent over the recorded runs and this run's (broken, flaky, saturated). */
function healthSection(before: Map<string, HistoryLine[]>, lines: HistoryLine[]): string[] {
  const all = new Map([...before].map(([id, l]) => [id, [...l]]));
  for (const line of lines) all.set(line.id, [...(all.get(line.id) ?? []), line]);
  return healthMarkdown(healthOf(all, HEALTH_WINDOW), HEALTH_WINDOW);
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

/** Replaces credentials in uploaded files: the same values and forms as the run's own redaction. */
function uploadRedactor(declared: Set<string>): ((text: string) => string) | undefined {
  const redactor = secretRedactor(process.env, declared);
  return redactor.empty ? undefined : (text) => redactor.text(text);
}

/** A refused or invalid run says why in the step summary too, not only in the log. */
async function writeRefusal(title: string, message: string): Promise<void> {
  await core.summary
    .addHeading(title, 3)
    .addCodeBlock(message)
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
}

/** The event payload GitHub wrote for this run (read directly: @actions/github loads Octokit). */
async function readEvent(): Promise<Record<string, unknown>> {
  const file = process.env.GITHUB_EVENT_PATH;
  if (!file) return {};
  try {
    return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  } catch (error) {
    core.warning(`could not read the event payload ${file}: ${errorMessage(error)}`);
    return {};
  }
}

/** A pull request whose head lives in another repository: its runs get no secrets. */
/**
 * The runner's own credentials and endpoints (cache, artifacts, OIDC) and this step's inputs (the
 * token among them): the Action's, not the agents'. An agent holding ACTIONS_RUNTIME_TOKEN could
 * write the Actions cache that later runs restore. Without `sandbox: bwrap` an agent running as the
 * same user can still read them from its parent's /proc entry; bwrap's pid namespace closes that.
 */
function runnerInternal(name: string): boolean {
  return /^(INPUT_|ACTIONS_(RUNTIME_|CACHE_|RESULTS_|ID_TOKEN_REQUEST_))/.test(name);
}

function isForkPullRequest(event: Record<string, unknown>): boolean {
  const pr = event.pull_request as
    | { head?: { repo?: { full_name?: string } | null }; base?: { repo?: { full_name?: string } } }
    | undefined;
  if (!pr?.head) return false;
  if (pr.head.repo === null) return true; // the fork was deleted
  const head = pr.head.repo?.full_name;
  const base = pr.base?.repo?.full_name;
  return head !== undefined && base !== undefined && head !== base;
}

function serverUrl(): string {
  return process.env.GITHUB_SERVER_URL ?? "https://github.com";
}

async function originUrl(dir: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["remote", "get-url", "origin"], { cwd: dir });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** --changed's base: on pull requests by default, with the base branch fetched (best effort). */
async function changedBaseFor(
  inputs: ActionInputs,
  isPullRequest: boolean,
  baseBranch: string,
  dir: string,
  scratch: Scratch,
): Promise<BaseSpec | undefined> {
  const on = inputs.changedOnly === "auto" ? isPullRequest : inputs.changedOnly;
  if (!on) return undefined;
  return fetchBase(inputs, baseBranch, dir, scratch);
}

/** Folders to remove when the step ends. */
type Scratch = Array<() => Promise<void>>;

/**
 * The base ref (base-ref, else origin/<base branch>). A branch of origin is fetched (depth 1) into
 * a scratch repository and read from there, so the checkout's refs, index and shallowness stay as
 * actions/checkout left them; when that fails, the checkout's own ref is used, if it has one.
 */
async function fetchBase(
  inputs: ActionInputs,
  baseBranch: string,
  dir: string,
  scratch: Scratch,
): Promise<BaseSpec> {
  const base = inputs.baseRef ?? `origin/${baseBranch}`;
  if (!base.startsWith("origin/")) return base;
  const remote = await originUrl(dir);
  if (!remote) return base;
  try {
    const { fetchBranchTip } = await import("../store/results-branch.js");
    const tip = await fetchBranchTip({
      remote,
      branch: base.slice("origin/".length),
      token: inputs.githubToken,
    });
    scratch.push(tip.dispose);
    return { ref: base, sha: tip.sha, objectsDir: tip.objectsDir };
  } catch (error) {
    core.warning(
      `base ${base}: could not fetch it (${errorMessage(error).split("\n")[0]}); using the checkout's ${base} if it has one`,
    );
    return base;
  }
}

/** Failed checks become annotations on the eval file's line (paths relative to the repository). */
function annotateFailures(evals: RunEvalsOutcome["run"]["evals"], workingDirectory: string): void {
  for (const e of evals) {
    if (e.status !== "failed") continue;
    const trial = e.trials.find((t) => t.status === "failed");
    const check = trial?.checks.find((c) => !c.ok);
    const message = `${e.id} [${e.agent}] ${e.passes}/${e.trialsRun} passed. ${check ? `${check.name}: ${check.evidence}` : (trial?.reason ?? "")}`;
    core.error(message.slice(0, 2000), {
      title: `agent-evals: ${e.id} failed`,
      file: path.normalize(path.join(workingDirectory, check?.file ?? e.file)),
      startLine: check?.line ?? e.line,
    });
  }
}
