// What this run is about, read once before anything else: the workspace, the event GitHub wrote,
// the pull request (if any), the branch it is compared with, origin's URL.

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { errorMessage } from "../../model/index.js";
import * as core from "../runner.js";
import { REPLAY_RESULTS_BRANCH, type ActionInputs } from "../inputs.js";

const run = promisify(execFile);

/** Folders to remove when the step ends. */
export type Scratch = Array<() => Promise<void>>;

export interface PullRequest {
  number: number;
  base: { ref: string };
}

/** What every step of the Action reads; built once by `readActionContext`. */
export interface ActionContext {
  inputs: ActionInputs;
  workspace: string;
  /** The working-directory input, resolved in the workspace: where the evals live. */
  projectRoot: string;
  /** The event payload (empty outside GitHub or when unreadable). */
  event: Record<string, unknown>;
  /** The event's pull request, else the one the pull-request input names. */
  pr?: PullRequest;
  /** The branch the head is compared with (the pull request's base, base-ref, else main). */
  baseBranch: string;
  /** origin's URL; looked up only when history is on or the replay is from the results branch. */
  remote?: string;
  /** A pull request from a fork: GitHub gives its runs no secrets. */
  fork: boolean;
  scratch: Scratch;
}

export async function readActionContext(
  inputs: ActionInputs,
  scratch: Scratch,
): Promise<ActionContext> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const projectRoot = path.resolve(workspace, inputs.workingDirectory);
  const event = await readEvent();
  const pr =
    (event.pull_request as PullRequest | undefined) ??
    (inputs.pullRequest !== undefined
      ? {
          number: inputs.pullRequest,
          base: { ref: inputs.baseRef?.replace(/^origin\//, "") ?? "main" },
        }
      : undefined);
  const baseBranch = pr?.base.ref ?? inputs.baseRef?.replace(/^origin\//, "") ?? "main";
  // Only history and a replay from the results branch need the remote; asking git costs a process
  // start on every run.
  const remote =
    inputs.history || inputs.replay === REPLAY_RESULTS_BRANCH
      ? await originUrl(projectRoot)
      : undefined;
  return {
    inputs,
    workspace,
    projectRoot,
    event,
    pr,
    baseBranch,
    remote,
    fork: isForkPullRequest(event),
    scratch,
  };
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

/** The head commit the run measured: the pull request's head, else the workflow's commit. */
export function headShaOf(event: Record<string, unknown>): string | undefined {
  const head = (event.pull_request as { head?: { sha?: unknown } } | undefined)?.head?.sha;
  return typeof head === "string" ? head : process.env.GITHUB_SHA;
}

/** This workflow run's attempt: 1, then 2 and on for each "Re-run jobs". */
export function runAttempt(): number {
  const attempt = Number(process.env.GITHUB_RUN_ATTEMPT ?? "1");
  return Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1;
}

export function serverUrl(): string {
  return process.env.GITHUB_SERVER_URL ?? "https://github.com";
}

/** This workflow run's page, when the runner says which run it is. */
export function workflowRunUrl(): string | undefined {
  return process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID
    ? `${serverUrl()}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
    : undefined;
}

export async function originUrl(dir: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["remote", "get-url", "origin"], { cwd: dir });
    return stdout.trim() || undefined;
  } catch {
    return undefined;
  }
}
