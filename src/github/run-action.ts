// The Action: inputs → engine → publish (summary, annotations, artifact, PR comment, history).
// The engine knows nothing of GitHub; everything GitHub-shaped happens here.

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import * as core from "./runner.js";
import { compareEvals, runEvals, type RunEvalsOutcome } from "../engine.js";
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
  mostTrials,
  unitLabel,
} from "../model/index.js";
import { GarbageCadence, secretNames, secretRedactor } from "../util/index.js";
import { builtInCredentialEnv } from "../agents/index.js";
import { healthMarkdown, renderRunMarkdown, trialLine, makeStyle } from "../report/index.js";
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
import { planMode, publishMode, writeHistoryLines } from "./publish/modes.js";

const run = promisify(execFile);
export const COMMENT_MARKER = "<!-- agent-evals:sticky -->";

export async function runAction(): Promise<void> {
  let inputs: ActionInputs;
  try {
    inputs = readInputs();
  } catch (error) {
    if (error instanceof InputError) return core.setFailed(error.message);
    throw error;
  }
  // Credential variables (known names, names that look like one, AGENT_EVALS_REDACT) never appear in the log.
  for (const name of secretNames(process.env, builtInCredentialEnv()))
    if (process.env[name]) core.setSecret(process.env[name]!);
  if (inputs.githubToken) core.setSecret(inputs.githubToken);

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
        `history: could not read ${inputs.resultsBranch}: ${(error as Error).message}. Running without history.`,
      );
    }
  }

  const changedBase =
    inputs.mode === "publish"
      ? undefined
      : await changedBaseFor(inputs, pr !== undefined, baseBranch, projectRoot);
  const historyDir = history ? path.join(history.dir, "history") : undefined;
  // On a pull request the base's version of each changed eval runs beside the head's (rerun).
  const rerunBase =
    inputs.mode === "run" && pr !== undefined && inputs.baseline !== "history"
      ? (changedBase ?? (await fetchBase(inputs, baseBranch, projectRoot)))
      : undefined;
  if (inputs.mode === "run" && inputs.baseline === "rerun" && pr === undefined)
    core.notice("baseline rerun: not a pull request, so there is no base to run; history is used");
  const runAgainstBase = againstBase(rerunBase);
  const garbage = new GarbageCadence();
  const style = makeStyle({}, {});
  const declaredSecrets = new Set<string>();
  const fork = isForkPullRequest(event);
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
          env: process.env,
          hideFromAgents: runnerInternal,
          preparedStore: sandboxCacheConfigured() ? actionsCacheStore() : undefined,
          // No saved logins on GitHub's runners; fork PRs get no secrets at all.
          skipWithoutCredentials:
            fork || process.env.RUNNER_ENVIRONMENT === "github-hosted" ? { fork } : undefined,
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
  const rows = compareRuns(
    result.evals.filter((e) => e.arm === undefined),
    baseLines,
  );
  const regressions = rerunBase
    ? comparisons.filter((c) => c.verdict === "regression").length
    : rows.filter((r) => r.flag === "regression").length;

  let artifactLink: string | undefined;
  if (inputs.uploadTranscripts) {
    try {
      const uploaded = await uploadResults({
        redact: uploadRedactor(declaredSecrets),
        dir: outcome.resultsDir,
        name: inputs.artifactName,
        retentionDays: inputs.retentionDays,
      });
      core.info(`artifact ${uploaded.name}: ${uploaded.files} file(s), ${uploaded.size} bytes`);
      if (uploaded.id !== undefined && process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID) {
        artifactLink = artifactUrl(
          serverUrl(),
          process.env.GITHUB_REPOSITORY,
          process.env.GITHUB_RUN_ID,
          uploaded.id,
        );
      }
    } catch (error) {
      core.warning(`artifact: upload failed: ${(error as Error).message}`);
    }
  }

  // A scheduled run says which evals need attention, from the history and this run.
  const nightly = process.env.GITHUB_EVENT_NAME === "schedule" && historyReadable;
  const runUrl =
    process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID
      ? `${serverUrl()}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
      : undefined;
  const report = {
    run: result,
    rows,
    baseRef: baseBranch,
    runUrl,
    artifactUrl: artifactLink,
    budgetUsd: inputs.budgetUsd,
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
          ? `none is affected by this change (changed-only, compared with ${changedBase})`
          : undefined,
  };
  await core.summary
    .addRaw(renderRunMarkdown(report))
    .write()
    .catch((error: Error) => core.warning(`step summary: ${error.message}`));
  annotateFailures(result.evals, projectRoot, workspace);

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
      core.warning(`PR comment not posted: ${(error as Error).message}`);
    }
  }

  // Pushed also when the branch did not exist yet (the first run creates it), never when reading failed.
  if (inputs.historyWrite && historyReadable && remote && outcome.historyLines.length) {
    try {
      const byId = new Map<string, string[]>();
      for (const line of outcome.historyLines)
        byId.set(line.id, [...(byId.get(line.id) ?? []), JSON.stringify(line)]);
      const { appendToResultsBranch } = await import("../store/results-branch.js");
      const pushed = await appendToResultsBranch(
        { remote, branch: inputs.resultsBranch, token: inputs.githubToken },
        [...byId].map(([id, lines]) => ({ path: `history/${id}.jsonl`, lines })),
        `agent-evals: ${outcome.historyLines.length} result(s) for ${process.env.GITHUB_SHA?.slice(0, 7) ?? "a run"}`,
      );
      core.info(
        `history: ${outcome.historyLines.length} line(s) pushed to ${inputs.resultsBranch} in ${pushed.attempts} attempt(s)`,
      );
    } catch (error) {
      // A ResultsBranchError of kind "permission": a read-only token (fork PRs), not a failure.
      if ((error as { kind?: string }).kind === "permission") {
        core.notice(`history not saved: ${(error as Error).message}`);
      } else {
        core.warning(`history not saved: ${(error as Error).message}`);
      }
    }
  } else if (inputs.history && !inputs.historyWrite) {
    core.info(
      `history: read only; ${outcome.historyLines.length} line(s) left in ${outcome.resultsDir}/history.jsonl for the publishing job`,
    );
  } else if (inputs.history && !remote) {
    core.notice("history skipped: the working directory has no `origin` remote");
  }
  await history?.dispose();

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

  if (missing.length)
    core.setFailed(`${missing.length} planned eval × agent pair(s) have no results: see the log`);
  else if (outcome.exitCode === 2)
    core.setFailed(
      "agent-evals could not run some evals (infra errors or failed setup): see the log",
    );
  else if (inputs.failOn === "failure" && outcome.exitCode === 1)
    core.setFailed(`${c.failed + c.incomplete + c.inconclusive} eval × agent pair(s) did not pass`);
  else if (inputs.failOn === "regression" && regressions > 0)
    core.setFailed(`${regressions} significant regression(s) against ${baseBranch}`);
}

/** The run's evals, beside their base's version when there is one to rerun (`compareEvals`). */
function againstBase(base: string | undefined): typeof runEvals {
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
  const log = (message: string) => core.info(`sandbox cache: ${message}`);
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
    core.warning(`could not read the event payload ${file}: ${(error as Error).message}`);
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
): Promise<string | undefined> {
  const on = inputs.changedOnly === "auto" ? isPullRequest : inputs.changedOnly;
  if (!on) return undefined;
  return fetchBase(inputs, baseBranch, dir);
}

/** The base ref (base-ref, else origin/<base branch>), fetched from origin when it is a branch. */
async function fetchBase(inputs: ActionInputs, baseBranch: string, dir: string): Promise<string> {
  const base = inputs.baseRef ?? `origin/${baseBranch}`;
  if (base.startsWith("origin/")) {
    const branch = base.slice("origin/".length);
    await run(
      "git",
      [
        "fetch",
        "--no-tags",
        "--depth=1",
        "origin",
        `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
      ],
      { cwd: dir },
    ).catch((error: Error) =>
      core.warning(`changed-only: could not fetch ${base}: ${error.message.split("\n")[0]}`),
    );
  }
  return base;
}

/** Failed checks become annotations on the eval file's line (paths relative to the workspace). */
function annotateFailures(
  evals: RunEvalsOutcome["run"]["evals"],
  projectRoot: string,
  workspace: string,
): void {
  for (const e of evals) {
    if (e.status !== "failed") continue;
    const trial = e.trials.find((t) => t.status === "failed");
    const check = trial?.checks.find((c) => !c.ok);
    const absolute = check?.file ?? path.join(projectRoot, e.file);
    const message = `${e.id} [${e.agent}] ${e.passes}/${e.trialsRun} passed. ${check ? `${check.name}: ${check.evidence}` : (trial?.reason ?? "")}`;
    core.error(message.slice(0, 2000), {
      title: `agent-evals: ${e.id} failed`,
      file: path.relative(workspace, absolute),
      startLine: check?.line ?? e.line,
    });
  }
}
