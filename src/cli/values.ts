// The values flags take, checked: each bad value is a UsageError naming the flag and what it takes.

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_POWER, UsageError, errorMessage } from "../model/index.js";
import { SANDBOX_KINDS, type ContainerOptions, type SandboxKind } from "../run/index.js";
import { containerLimitProblem } from "../define/index.js";
import { parseAgentVersion, type AgentVersionSpec } from "../agents/index.js";
import {
  parseShard,
  parseShardCount,
  readShardAssignment,
  type Shard,
  type ShardAssignment,
} from "../plan/index.js";
import type { PowerTarget } from "../plan/index.js";
import type { Flags } from "./flags.js";

export function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${name} takes a whole number ≥ 1, got ${JSON.stringify(text)}`);
  return n;
}

export function nonNegativeUsd(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replace(/^\$/, ""));
  if (!Number.isFinite(n) || n < 0 || text.trim() === "") {
    throw new UsageError(
      `--budget-usd takes an amount of US dollars ≥ 0, got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

export function outputFormat(text: string | undefined): "text" | "json" {
  const format = text ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`--format takes text or json, got ${JSON.stringify(format)}`);
  return format;
}

export function sandboxKind(text: string | undefined): SandboxKind | undefined {
  if (text === undefined || (SANDBOX_KINDS as readonly string[]).includes(text))
    return text as SandboxKind | undefined;
  throw new UsageError(`--sandbox takes ${SANDBOX_KINDS.join(", ")}, got ${JSON.stringify(text)}`);
}

/** --image, --cpus, --memory, --pids: checked as an eval's sandbox.image and limits are. */
export function containerOptions(flags: Flags): ContainerOptions | undefined {
  const cpus = flags.cpus === undefined ? undefined : Number(flags.cpus);
  const pids = flags.pids === undefined ? undefined : Number(flags.pids);
  const input = {
    ...(flags.image !== undefined ? { image: flags.image } : {}),
    ...(cpus !== undefined ? { cpus } : {}),
    ...(flags.memory !== undefined ? { memory: flags.memory } : {}),
    ...(pids !== undefined ? { pids } : {}),
  };
  const problem = containerLimitProblem(input);
  if (problem) {
    throw new UsageError(
      `--${problem.key}: ${problem.message.replace(/^sandbox\.\w+ /, "")}; ${problem.fix.replace(/`(\w+): /, "`--$1 ")}`,
    );
  }
  const { image, ...limits } = input;
  if (image === undefined && Object.keys(limits).length === 0) return undefined;
  return {
    ...(image !== undefined ? { image } : {}),
    ...(Object.keys(limits).length ? { limits } : {}),
  };
}

export function shard(text: string | undefined): Shard | undefined {
  try {
    return parseShard(text);
  } catch (error) {
    throw new UsageError(`--shard: ${errorMessage(error)}`);
  }
}

export function shardCount(text: string | undefined): number | "auto" | undefined {
  try {
    return text === undefined ? undefined : parseShardCount(text);
  } catch (error) {
    throw new UsageError(`--shards: ${errorMessage(error)}`);
  }
}

export async function shardPlan(flags: Flags): Promise<ShardAssignment | undefined> {
  const file = flags["shard-plan"];
  if (file === undefined) return undefined;
  if (!flags.shard) throw new UsageError("--shard-plan goes with --shard I/N");
  try {
    return readShardAssignment(await readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--shard-plan ${file}: ${errorMessage(error)}`);
  }
}

export function changedBase(flags: Flags): string | undefined {
  if (flags.base && !flags.changed) throw new UsageError("--base goes with --changed");
  return flags.changed ? (flags.base ?? "origin/main") : undefined;
}

export type FailOn = "regression" | "failure" | "never";

/** compare's --fail-on: regression (default), failure or never. */
export function failOn(text: string | undefined): FailOn {
  if (text === undefined) return "regression";
  if (text === "regression" || text === "failure" || text === "never") return text;
  throw new UsageError(`--fail-on takes regression, failure or never, got ${JSON.stringify(text)}`);
}

export type EvalFailOn = "failure" | "parity";

/** eval's --fail-on: failure (default: the verdicts' exit code) or parity (also parity's gate). */
export function evalFailOn(text: string | undefined): EvalFailOn {
  if (text === undefined) return "failure";
  if (text === "failure" || text === "parity") return text;
  throw new UsageError(
    `eval's --fail-on takes failure or parity, got ${JSON.stringify(text)} (regression and never are compare's)`,
  );
}

/**
 * `--detect PTS` and `--power PCT` (plan, compare): the drop a comparison should flag and the
 * chance it should flag it with, as shares; undefined without --detect. --power alone is an error.
 */
export function powerTarget(flags: Flags): PowerTarget | undefined {
  if (flags.detect === undefined) {
    if (flags.power !== undefined) throw new UsageError("--power goes with --detect PTS");
    return undefined;
  }
  if (flags.trials !== undefined)
    throw new UsageError(
      "--detect plans each comparison's trials per arm: leave out --trials (or --detect)",
    );
  const detect = Number(flags.detect);
  if (!/^\d+(\.\d+)?$/.test(flags.detect.trim()) || !(detect > 0 && detect <= 100))
    throw new UsageError(
      `--detect takes the drop to detect in points, above 0 and at most 100 (20 means a drop of 20 points), got ${JSON.stringify(flags.detect)}`,
    );
  const power = flags.power === undefined ? DEFAULT_POWER * 100 : Number(flags.power);
  if (
    flags.power !== undefined &&
    (!/^\d+(\.\d+)?$/.test(flags.power.trim()) || !(power >= 50 && power <= 99))
  )
    throw new UsageError(
      `--power takes a percentage from 50 to 99 (80 means the drop is flagged 8 times in 10), got ${JSON.stringify(flags.power)}`,
    );
  return { detect: detect / 100, power: power / 100 };
}

/** compare's --margin in points (0 < PTS < 100), as a share: 10 → 0.1. */
export function margin(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const pts = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(pts > 0 && pts < 100))
    throw new UsageError(
      `--margin takes points between 0 and 100 (10 means ±10 points), got ${JSON.stringify(text)}`,
    );
  return pts / 100;
}

/** compare's --agent-version AGENT@VERSION (instead of --base); undefined without it. */
export function agentVersion(flags: Flags): AgentVersionSpec | undefined {
  const text = flags["agent-version"];
  if (text === undefined) return undefined;
  if (flags.base)
    throw new UsageError(
      "compare takes --base REF or --agent-version AGENT@VERSION, not both: compare one thing at a time",
    );
  return parseAgentVersion(text);
}

/** compare's --base: required, and not with --changed. */
export function compareBase(flags: Flags): string {
  if (flags.changed)
    throw new UsageError("compare runs the selected evals at --base and now: leave out --changed");
  if (!flags.base)
    throw new UsageError(
      "compare needs --base REF (the git ref whose evals are the control, e.g. --base origin/main) or --agent-version AGENT@VERSION (another version of an agent CLI as the treatment)",
    );
  return flags.base;
}

/** --record, --replay DIR (against the project root, like --history-dir); not both. */
export function traffic(
  flags: Flags,
  projectRoot: string,
): { traffic?: { mode: "record" } | { mode: "replay"; from: string } } {
  if (flags.record && flags.replay !== undefined)
    throw new UsageError(
      "--record and --replay exclude each other: record a run first, then replay it",
    );
  if (flags.record) return { traffic: { mode: "record" } };
  if (flags.replay === undefined) return {};
  const from = path.resolve(projectRoot, flags.replay);
  if (!existsSync(from))
    throw new UsageError(
      `--replay: ${from} does not exist; give a results folder of a run made with --record (e.g. an artifact you downloaded), or a folder of cassettes laid out like one`,
    );
  return { traffic: { mode: "replay", from } };
}
