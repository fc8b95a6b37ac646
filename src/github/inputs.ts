// The Action's inputs, read and checked in one place. A bad input fails the step before anything runs.

import {
  AgentEvalsError,
  Codes,
  DEFAULT_POWER,
  DEFAULT_RESULTS_BRANCH,
  errorMessage,
} from "../model/index.js";
import * as core from "./runner.js";
import { readFileSync } from "node:fs";
import {
  DEFAULT_PROVIDER,
  SANDBOX_KINDS,
  type ContainerOptions,
  type SandboxKind,
} from "../run/index.js";
import { containerLimitProblem } from "../define/index.js";
import { parseAgentVersion, type AgentVersionSpec } from "../agents/index.js";
import {
  parseShard,
  parseShardCount,
  readShardAssignment,
  type PowerTarget,
  type ShardAssignment,
} from "../plan/index.js";

export type FailOn = "failure" | "regression" | "parity" | "never";

/**
 * What a pull request's evals are compared with. history: the verdicts recorded on the results
 * branch for the base. rerun: the base ref's version of each changed eval, run in the same job
 * beside the head's (`agent-evals compare`). auto: rerun on pull requests, history otherwise.
 */
export type Baseline = "history" | "rerun" | "auto";

/** run: run the evals (default). plan: only split the suite into shards (CI matrix). publish: report
 *  shards' results (merge-from) as one run without running anything. */
export type ActionMode = "run" | "plan" | "publish";

export interface ActionInputs {
  mode: ActionMode;
  evals: string[];
  agents: string[];
  budgetUsd?: number;
  /**
   * `detect` / `power`: comparisons run each pair to the trials the power plan gives it (compare
   * --detect); without `detect` the plan comment still shows each pair's power to flag a drop of
   * DEFAULT_DETECT at the trials it runs.
   */
  detect?: PowerTarget;
  /** `reference-agent`: the agent the parity view compares every other agent with. */
  referenceAgent?: string;
  /** `agent-version`: the run compares the agent CLI as installed with this version of it. */
  agentVersion?: AgentVersionSpec;
  trials?: number;
  workingDirectory: string;
  changedOnly: boolean | "auto";
  baseRef?: string;
  baseline: Baseline;
  /** Read the results branch (cached verdicts, the base to compare with). */
  history: boolean;
  /** Also append this run's verdicts to it (`history: read` reads only: shards leave it to publish). */
  historyWrite: boolean;
  resultsBranch: string;
  force: boolean;
  comment: boolean;
  uploadTranscripts: boolean;
  artifactName: string;
  retentionDays?: number;
  /**
   * `auto`: on a re-run attempt (GITHUB_RUN_ATTEMPT > 1), go on from the results the earlier
   * attempt uploaded (action/resume.ts); false: every attempt runs every trial.
   */
  resume: boolean;
  shard?: { index: number; count: number };
  /** How agents are isolated (docs/sandboxes.md › Security model). */
  sandbox: SandboxKind;
  /** Record each trial's model traffic into its results folder (docs/record-replay.md). */
  record: boolean;
  /**
   * Answer each trial's model requests from the cassettes in this folder, or those on the results
   * branch for `results-branch` (REPLAY_RESULTS_BRANCH, resolved by action/cassettes.ts): no key.
   */
  replay?: string;
  /** With docker: the image and limits of evals without their own (`image`, `cpus` … inputs). */
  container?: ContainerOptions;
  /** plan mode: how many shards. */
  shards: number | "auto";
  /** The split a plan recorded: run mode takes its shard from it, publish checks no pair is missing. */
  shardPlan?: ShardAssignment;
  /** publish mode: the folder holding the shards' results folders. */
  mergeFrom?: string;
  /** The pull request to comment on when the event is not one (a workflow_run publishing a fork's run). */
  pullRequest?: number;
  concurrency?: number;
  failOn: FailOn;
  /**
   * Fail the step when a planned pair could not run (skipped); all: only when every pair was
   * skipped (nothing judged); auto: on for schedule and workflow_dispatch.
   */
  failOnSkip: boolean | "auto" | "all";
  /** Fail the step when the run's verdicts could not be saved on the results branch. */
  historyRequired: boolean;
  /** Logins without write access that may still start paid runs ("*": anyone). */
  allowedActors: string[];
  githubToken: string;
}

/** The `replay` input's reserved value: the cassettes stored on the results branch. */
export const REPLAY_RESULTS_BRANCH = "results-branch";

export class InputError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.actionInput, message);
  }
}

function list(name: string): string[] {
  return core
    .getInput(name)
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function bool(name: string, fallback: boolean): boolean {
  const value = core.getInput(name).trim().toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "1", "on"].includes(value)) return true;
  if (["false", "no", "0", "off"].includes(value)) return false;
  throw new InputError(`input ${name}: expected true or false, got ${JSON.stringify(value)}`);
}

function sandbox(): SandboxKind {
  const value = (core.getInput("sandbox").trim() || DEFAULT_PROVIDER.name) as SandboxKind;
  if (!SANDBOX_KINDS.includes(value))
    throw new InputError(
      `input sandbox: takes ${SANDBOX_KINDS.join(", ")}, got ${JSON.stringify(value)}`,
    );
  return value;
}

/** The docker inputs, checked as an eval's sandbox.image and limits are. */
function container(): ContainerOptions | undefined {
  const text = (name: string) => core.getInput(name).trim() || undefined;
  const image = text("image");
  const memory = text("memory");
  const cpus = text("cpus") === undefined ? undefined : Number(text("cpus"));
  const pids = text("pids") === undefined ? undefined : Number(text("pids"));
  const problem = containerLimitProblem({ image, cpus, memory, pids });
  if (problem)
    throw new InputError(`input ${problem.key}: ${problem.message.replace(/^sandbox\.\w+ /, "")}`);
  const limits = {
    ...(cpus !== undefined ? { cpus } : {}),
    ...(memory !== undefined ? { memory } : {}),
    ...(pids !== undefined ? { pids } : {}),
  };
  if (image === undefined && Object.keys(limits).length === 0) return undefined;
  return { ...(image ? { image } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
}

function number(name: string, check: (n: number) => boolean, what: string): number | undefined {
  const text = core.getInput(name).trim();
  if (text === "") return undefined;
  // Plain decimals only: Number() would also take 0x10, 1e3 and 0b1.
  const digits = text.replace(/^\$/, "");
  const n = /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isFinite(n) || !check(n))
    throw new InputError(`input ${name}: expected ${what}, got ${JSON.stringify(text)}`);
  return n;
}

/** `agent-version` (AGENT@VERSION), parsed as the CLI's --agent-version. */
function agentVersion(): { agentVersion?: AgentVersionSpec } {
  const text = core.getInput("agent-version").trim();
  if (!text) return {};
  try {
    return { agentVersion: parseAgentVersion(text) };
  } catch (error) {
    throw new InputError(
      `input agent-version: ${errorMessage(error).replace(/^--agent-version /, "")}`,
    );
  }
}

/** `detect` (points, above 0 and at most 100) and `power` (a percentage from 50 to 99). */
function detect(): { detect?: PowerTarget } {
  const points = number(
    "detect",
    (n) => n > 0 && n <= 100,
    "a drop in points, above 0 and at most 100 (e.g. 20)",
  );
  const power = number("power", (n) => n >= 50 && n <= 99, "a percentage from 50 to 99 (e.g. 80)");
  if (points === undefined) {
    if (power !== undefined) throw new InputError("input power: goes with input detect");
    return {};
  }
  return { detect: { detect: points / 100, power: (power ?? DEFAULT_POWER * 100) / 100 } };
}

function shard(): ActionInputs["shard"] {
  try {
    return parseShard(core.getInput("shard"));
  } catch (error) {
    throw new InputError(`input shard: ${errorMessage(error)}`);
  }
}

function mode(): ActionMode {
  const value = (core.getInput("mode").trim().toLowerCase() || "run") as ActionMode;
  if (!["run", "plan", "publish"].includes(value))
    throw new InputError(`input mode: expected run, plan or publish, got ${JSON.stringify(value)}`);
  return value;
}

function shards(): number | "auto" {
  try {
    return parseShardCount(core.getInput("shards").trim() || "auto");
  } catch (error) {
    throw new InputError(`input shards: ${errorMessage(error)}`);
  }
}

/** The plan's JSON itself (a job output) or the path of a file holding it. */
function shardPlan(): ShardAssignment | undefined {
  const text = core.getInput("shard-plan").trim();
  if (text === "") return undefined;
  try {
    return readShardAssignment(text.startsWith("{") ? text : readFileSync(text, "utf8"));
  } catch (error) {
    throw new InputError(
      `input shard-plan: ${errorMessage(error)}; pass the plan mode's shard-plan output`,
    );
  }
}

function history(): { history: boolean; historyWrite: boolean } {
  if (core.getInput("history").trim().toLowerCase() === "read")
    return { history: true, historyWrite: false };
  const on = bool("history", true);
  return { history: on, historyWrite: on };
}

/** A branch name git and the results branch accept (checked before anything runs, not when pushing). */
function resultsBranch(): string {
  const branch = core.getInput("results-branch").trim() || DEFAULT_RESULTS_BRANCH;
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) ||
    /\.\.|\/\/|\/\.|\.lock$|\.lock\/|[/.]$/.test(branch)
  )
    throw new InputError(
      `input results-branch: ${JSON.stringify(branch)} is not a usable branch name; use letters, digits, ".", "_", "-" and "/" (e.g. ${DEFAULT_RESULTS_BRANCH})`,
    );
  return branch;
}

/** An artifact name the artifact service takes (checked before anything runs, not at upload). */
function artifactName(): string {
  const name = core.getInput("artifact-name").trim() || DEFAULT_ARTIFACT_NAME;
  if (/[":<>|*?\\/\r\n]/.test(name) || name.length > 256)
    throw new InputError(
      `input artifact-name: ${JSON.stringify(name)} may not hold " : < > | * ? \\ / or a line break (at most 256 characters)`,
    );
  return name;
}

/** `auto` (the default) or `false`: whether a re-run attempt resumes the earlier one's results. */
function resume(): boolean {
  const value = core.getInput("resume").trim().toLowerCase();
  if (value === "" || value === "auto") return true;
  if (value === "false") return false;
  throw new InputError(`input resume: expected auto or false, got ${JSON.stringify(value)}`);
}

function failOnSkip(): boolean | "auto" | "all" {
  const value = core.getInput("fail-on-skip").trim().toLowerCase();
  if (value === "all") return "all";
  return value === "" || value === "auto" ? "auto" : bool("fail-on-skip", false);
}

export const DEFAULT_ARTIFACT_NAME = "agent-evals-results";

export function readInputs(): ActionInputs {
  const changed = core.getInput("changed-only").trim().toLowerCase() || "auto";
  const failOn = (core.getInput("fail-on").trim().toLowerCase() || "failure") as FailOn;
  if (!["failure", "regression", "parity", "never"].includes(failOn)) {
    throw new InputError(
      `input fail-on: expected failure, regression, parity or never, got ${JSON.stringify(failOn)}`,
    );
  }
  const baseline = (core.getInput("baseline").trim().toLowerCase() || "auto") as Baseline;
  if (!["history", "rerun", "auto"].includes(baseline)) {
    throw new InputError(
      `input baseline: expected history, rerun or auto, got ${JSON.stringify(baseline)}`,
    );
  }
  const inputs: ActionInputs = {
    mode: mode(),
    evals: list("evals"),
    agents: list("agents"),
    budgetUsd: number("budget-usd", (n) => n >= 0, "an amount of US dollars ≥ 0"),
    ...detect(),
    ...agentVersion(),
    ...(core.getInput("reference-agent").trim()
      ? { referenceAgent: core.getInput("reference-agent").trim() }
      : {}),
    trials: number(
      "trials",
      (n) => Number.isInteger(n) && n >= 1 && n <= 100,
      "a whole number from 1 to 100",
    ),
    workingDirectory: core.getInput("working-directory").trim() || ".",
    changedOnly: changed === "auto" ? "auto" : bool("changed-only", false),
    baseRef: core.getInput("base-ref").trim() || undefined,
    baseline,
    ...history(),
    resultsBranch: resultsBranch(),
    force: bool("force", false),
    comment: bool("comment", true),
    uploadTranscripts: bool("upload-transcripts", true),
    artifactName: artifactName(),
    retentionDays: number(
      "retention-days",
      (n) => Number.isInteger(n) && n >= 1 && n <= 400,
      "a number of days from 1 to 400",
    ),
    resume: resume(),
    shard: shard(),
    sandbox: sandbox(),
    record: bool("record", false),
    replay: core.getInput("replay").trim() || undefined,
    container: container(),
    shards: shards(),
    shardPlan: shardPlan(),
    mergeFrom: core.getInput("merge-from").trim() || undefined,
    pullRequest: number(
      "pull-request",
      (n) => Number.isInteger(n) && n >= 1,
      "a pull request number",
    ),
    concurrency: number("concurrency", (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1"),
    failOn,
    failOnSkip: failOnSkip(),
    historyRequired: bool("history-required", false),
    allowedActors: list("allowed-actors"),
    githubToken: core.getInput("github-token").trim(),
  };
  if (inputs.record && inputs.replay)
    throw new InputError(
      "inputs record and replay exclude each other: record in one run, replay its cassettes in another",
    );
  if (inputs.mode === "publish" && !inputs.mergeFrom)
    throw new InputError(
      "input merge-from: publish mode needs the folder the shards' results were downloaded to",
    );
  if (inputs.mode === "run" && inputs.shardPlan && !inputs.shard)
    throw new InputError("input shard-plan: goes with shard (i/n) in run mode");
  return inputs;
}
