// Trigger (routing) evals: does the target's description draw the requests it should, and only
// those? Each query is one eval × agent unit whose trials are the query's runs: a trial passes
// when the target triggered (positive query) or did not (negative). Precision, recall and F1 come
// from the queries' verdicts.

import type { CheckSpec, CustomCheckContext, ToolCall } from "../../model/index.js";
import { wilsonInterval, round6 } from "../../model/index.js";
import { describeTrajectory } from "../../check/index.js";
import { codexSkillPath, type Target } from "./target.js";

export type TriggerMode = "observe" | "ask";

/** The call that shows the target was invoked, or undefined. */
export function triggerCall(
  trajectory: ToolCall[],
  target: Pick<Target, "names" | "installedAt">,
): { index: number; call: ToolCall } | undefined {
  const index = trajectory.findIndex((call) => invokes(call, target));
  return index < 0 ? undefined : { index, call: trajectory[index]! };
}

function invokes(call: ToolCall, target: Candidate): boolean {
  // A call the agent could not make ("No such tool available") invoked nothing.
  if (call.isError) return false;
  const input = (call.input ?? {}) as Record<string, unknown>;
  const tool = call.tool.toLowerCase();
  if (tool === "skill" && typeof input.skill === "string") {
    // `name`, `/name`, and scoped forms `plugin:name` or `dir:name`.
    const skill = input.skill.replace(/^\//, "");
    return target.names.some((name) => skill === name || skill.endsWith(`:${name}`));
  }
  if (tool === "slashcommand" && typeof input.command === "string") {
    const command = input.command.trim().split(/\s+/)[0]?.replace(/^\//, "") ?? "";
    return target.names.some((name) => command === name || command.endsWith(`:${name}`));
  }
  if (tool === "read" && typeof input.file_path === "string") {
    return input.file_path.replace(/\\/g, "/").endsWith(`/${target.installedAt}`);
  }
  // Codex has no Skill tool: it reads the SKILL.md it was shown with a shell command.
  if (tool === "bash" && typeof input.command === "string") {
    const paths = [target.installedAt, codexSkillPath(target.installedAt)];
    return input.command
      .split(/[\s'"=;|&<>()]+/)
      .some((word) => paths.some((p) => p && (word === p || word.endsWith(`/${p}`))));
  }
  return false;
}

type Candidate = Pick<Target, "names" | "installedAt">;

/**
 * Which of the installed candidates (the target first, then its competitors) a run triggered
 * first: its index in `candidates` and the call, or undefined when none was.
 */
export function firstTriggered(
  trajectory: ToolCall[],
  candidates: Candidate[],
): { candidate: number; index: number; call: ToolCall } | undefined {
  for (const [index, call] of trajectory.entries()) {
    const candidate = candidates.findIndex((c) => invokes(call, c));
    if (candidate >= 0) return { candidate, index, call };
  }
  return undefined;
}

/**
 * The check of one observed run: triggered (or not) as the query expects. With competitors
 * installed, a positive run passes only when the target is the one triggered first.
 */
export function observeCheck(
  target: Target,
  shouldTrigger: boolean,
  competitors: Target[] = [],
): CheckSpec {
  const what = `${target.type} ${target.names[0]}`;
  return {
    type: "custom",
    name: shouldTrigger ? `triggers ${what}` : `does not trigger ${what}`,
    fn: ({ run }: CustomCheckContext) => {
      const seen = `trajectory: ${describeTrajectory(run.trajectory)}`;
      const first = firstTriggered(run.trajectory, [target, ...competitors]);
      if (shouldTrigger && first && first.candidate > 0) {
        const other = competitors[first.candidate - 1]!;
        return {
          ok: false,
          evidence: `triggered the wrong ${other.type}: ${other.names[0]} (${other.relative}) by call #${first.index + 1} ${first.call.tool}(${JSON.stringify(first.call.input)}) instead of ${target.names[0]} — ${seen}`,
        };
      }
      const hit = triggerCall(run.trajectory, target);
      const evidence = hit
        ? `triggered by call #${hit.index + 1} ${hit.call.tool}(${JSON.stringify(hit.call.input)}) — ${seen}`
        : `not triggered: no Skill call named ${target.names.map((n) => JSON.stringify(n)).join(" or ")} and no read of ${[target.installedAt, codexSkillPath(target.installedAt)].filter(Boolean).join(" or ")} — ${seen}`;
      return { ok: Boolean(hit) === shouldTrigger, evidence };
    },
  };
}

/** What `ask` mode asks the model. */
export function askPrompt(target: Target, query: string): string {
  const kind = target.type === "skill" ? "skill" : "slash command";
  return [
    `You are checking how Claude Code routes requests. A ${kind} is available:`,
    "",
    `name: ${target.names[target.names.length - 1]}`,
    `description: ${target.description || "(none)"}`,
    "",
    "A user sends this request:",
    "",
    `<request>\n${query}\n</request>`,
    "",
    `Should Claude Code use this ${kind} to handle the request? Do not use any tools. Answer with exactly one word: YES or NO.`,
  ].join("\n");
}

/** YES → true, NO → false, anything else → undefined. */
export function parseAnswer(message: string | undefined): boolean | undefined {
  const match = /^[\s*_"'`>#-]*(yes|no)\b/i.exec(message ?? "");
  return match ? match[1]!.toLowerCase() === "yes" : undefined;
}

export function askCheck(target: Target, shouldTrigger: boolean): CheckSpec {
  const what = `${target.type} ${target.names[0]}`;
  return {
    type: "custom",
    name: shouldTrigger ? `answers YES for ${what}` : `answers NO for ${what}`,
    fn: ({ run }: CustomCheckContext) => {
      const answer = parseAnswer(run.finalMessage);
      const said = JSON.stringify((run.finalMessage ?? "").trim().slice(0, 200));
      if (answer === undefined)
        return { ok: false, evidence: `answered neither YES nor NO: ${said}` };
      return {
        ok: answer === shouldTrigger,
        evidence: `answered ${answer ? "YES" : "NO"}: ${said}`,
      };
    },
  };
}

// ---------- metrics ----------

export interface Confusion {
  truePositive: number;
  falseNegative: number;
  falsePositive: number;
  trueNegative: number;
}

export interface TriggerMetrics {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

/** Precision TP/(TP+FP), recall TP/(TP+FN), F1 2TP/(2TP+FP+FN); null where undefined (0/0). */
export function triggerMetrics(c: Confusion): TriggerMetrics {
  const ratio = (num: number, den: number) => (den === 0 ? null : round6(num / den));
  return {
    precision: ratio(c.truePositive, c.truePositive + c.falsePositive),
    recall: ratio(c.truePositive, c.truePositive + c.falseNegative),
    f1: ratio(2 * c.truePositive, 2 * c.truePositive + c.falsePositive + c.falseNegative),
  };
}

/** How often a query triggered the target over its runs, with the Wilson 95% interval. */
export function triggerRate(
  triggered: number,
  runs: number,
): { rate: number | null; interval: [number, number] } {
  return {
    rate: runs ? round6(triggered / runs) : null,
    interval: wilsonInterval(triggered, runs),
  };
}
