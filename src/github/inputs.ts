// The Action's inputs, read and checked in one place. A bad input fails the step before anything runs.

import * as core from "@actions/core";
import { parseShard } from "../plan/shard.js";

export type FailOn = "failure" | "regression" | "never";

export interface ActionInputs {
  evals: string[];
  agents: string[];
  budgetUsd?: number;
  trials?: number;
  workingDirectory: string;
  changedOnly: boolean | "auto";
  baseRef?: string;
  history: boolean;
  resultsBranch: string;
  force: boolean;
  comment: boolean;
  uploadTranscripts: boolean;
  artifactName: string;
  retentionDays?: number;
  shard?: { index: number; count: number };
  concurrency?: number;
  failOn: FailOn;
  githubToken: string;
}

export class InputError extends Error {}

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

function number(name: string, check: (n: number) => boolean, what: string): number | undefined {
  const text = core.getInput(name).trim();
  if (text === "") return undefined;
  const n = Number(text.replace(/^\$/, ""));
  if (!Number.isFinite(n) || !check(n))
    throw new InputError(`input ${name}: expected ${what}, got ${JSON.stringify(text)}`);
  return n;
}

function shard(): ActionInputs["shard"] {
  try {
    return parseShard(core.getInput("shard"));
  } catch (error) {
    throw new InputError(`input shard: ${(error as Error).message}`);
  }
}

export function readInputs(): ActionInputs {
  const changed = core.getInput("changed-only").trim().toLowerCase() || "auto";
  const failOn = (core.getInput("fail-on").trim() || "failure") as FailOn;
  if (!["failure", "regression", "never"].includes(failOn)) {
    throw new InputError(
      `input fail-on: expected failure, regression or never, got ${JSON.stringify(failOn)}`,
    );
  }
  return {
    evals: list("evals"),
    agents: list("agents"),
    budgetUsd: number("budget-usd", (n) => n >= 0, "an amount of US dollars ≥ 0"),
    trials: number(
      "trials",
      (n) => Number.isInteger(n) && n >= 1 && n <= 100,
      "a whole number from 1 to 100",
    ),
    workingDirectory: core.getInput("working-directory").trim() || ".",
    changedOnly: changed === "auto" ? "auto" : bool("changed-only", false),
    baseRef: core.getInput("base-ref").trim() || undefined,
    history: bool("history", true),
    resultsBranch: core.getInput("results-branch").trim() || "copybook-results",
    force: bool("force", false),
    comment: bool("comment", true),
    uploadTranscripts: bool("upload-transcripts", true),
    artifactName: core.getInput("artifact-name").trim() || "agent-evals-results",
    retentionDays: number(
      "retention-days",
      (n) => Number.isInteger(n) && n >= 1 && n <= 400,
      "a number of days from 1 to 400",
    ),
    shard: shard(),
    concurrency: number("concurrency", (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1"),
    failOn,
    githubToken: core.getInput("github-token").trim(),
  };
}
