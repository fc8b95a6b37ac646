// Telling failures apart: a git command that failed (GitFailure), what its output says happened
// (a race, a permission problem, a refusal by the remote, or a transient failure), and the error
// the operations throw (ResultsBranchError).

import { GitError } from "simple-git";
import { AgentEvalsError, Codes } from "../../model/index.js";

export type ResultsBranchErrorKind = "permission" | "conflict" | "unavailable";

export class ResultsBranchError extends AgentEvalsError {
  readonly kind: ResultsBranchErrorKind;
  constructor(kind: ResultsBranchErrorKind, message: string, options?: { cause?: unknown }) {
    super(Codes.historyNotSaved, message, options);
    this.kind = kind;
  }
}

/**
 * A git command that failed: its exit code and output, token masked. A GitError, so that
 * simple-git hands it on as it is (it wraps any other error in a GitError of its own).
 */
export class GitFailure extends GitError {
  constructor(
    readonly exitCode: number,
    readonly stdout: string,
    readonly stderr: string,
  ) {
    super(undefined, stderr.trim() || stdout.trim() || `git exited with ${exitCode}`);
    this.name = "GitFailure";
  }
}

export interface GitFailureVerdict {
  /**
   * `race`: the remote branch moved (retry after a rebase). `permission`: the credentials may not
   * do this. `refused`: the remote's hooks or rules declined the push. `transient`: anything else
   * (unreachable, a server error), worth retrying.
   */
  kind: "race" | "permission" | "refused" | "transient";
  /** What the remote said, one line. */
  detail: string;
}

const PERMISSION_PATTERN = new RegExp(
  [
    String.raw`permission to \S+ denied`,
    "permission denied",
    String.raw`returned error: 40[13]\b`,
    String.raw`\bHTTP 40[13]\b`,
    "write access to repository not granted",
    "authentication failed",
    "invalid username or password",
    "could not read (?:username|password)",
    "not allowed to push",
    "insufficient permission",
    "resource not accessible by integration",
    "permission",
  ].join("|"),
  "i",
);

/** Reasons of `[remote rejected]` that mean another push updated the ref at the same moment. */
const REF_RACE_PATTERN =
  /cannot lock ref|failed to update ref|failed to lock|incorrect old value|reference already exists|is at [0-9a-f]+ but expected/i;

/**
 * Classify a failed git command. For `git push --porcelain`, the status line of `ref` on stdout
 * decides (`!` + `[rejected]` is a race, `[remote rejected]` a refusal unless the reason is a lost
 * ref lock); without one the transport failed and stderr decides between a permission problem
 * and a transient failure.
 * @internal exported for tests
 */
export function classifyGitFailure(
  failure: { exitCode: number; stdout: string; stderr: string },
  ref: string,
): GitFailureVerdict {
  const remoteSaid = summarize(failure.stderr) || summarize(failure.stdout);
  const status = refStatus(failure.stdout, ref);
  if (status && status.flag === "!") {
    const reason = status.reason ?? "";
    if (status.summary === "[rejected]") {
      return { kind: "race", detail: `rejected (${reason || "non-fast-forward"})` };
    }
    if (status.summary === "[remote rejected]") {
      if (PERMISSION_PATTERN.test(reason) || PERMISSION_PATTERN.test(failure.stderr)) {
        return { kind: "permission", detail: remoteSaid || reason };
      }
      if (REF_RACE_PATTERN.test(reason)) return { kind: "race", detail: reason };
      return { kind: "refused", detail: remoteSaid ? `${reason}: ${remoteSaid}` : reason };
    }
    return { kind: "transient", detail: `${status.summary} ${reason}`.trim() };
  }
  if (PERMISSION_PATTERN.test(failure.stderr)) {
    return { kind: "permission", detail: remoteSaid };
  }
  return { kind: "transient", detail: remoteSaid || `git exited with ${failure.exitCode}` };
}

interface RefStatus {
  flag: string;
  summary: string;
  reason?: string;
}

/** The `--porcelain` line for `ref`: `<flag>\t<from>:<to>\t<summary> (<reason>)`. */
function refStatus(stdout: string, ref: string): RefStatus | undefined {
  for (const line of stdout.split("\n")) {
    const match = /^([ +\-*!=])\t([^\t]*)\t(.*)$/.exec(line.replace(/\r$/, ""));
    if (!match) continue;
    const [, flag = "", refs = "", rest = ""] = match;
    if (refs.slice(refs.lastIndexOf(":") + 1) !== ref) continue;
    const summary = /^(\[[^\]]*\]|\S+)\s*(?:\((.*)\))?\s*$/.exec(rest);
    return { flag, summary: summary?.[1] ?? rest, reason: summary?.[2] };
  }
  return undefined;
}

/** The lines worth showing of git's stderr, as one line. */
function summarize(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^remote:\s*/, "").trim())
    .filter((l) => l && !/^(To |Done$|error: failed to push some refs)/.test(l))
    .join(" / ")
    .slice(0, 1000);
}
