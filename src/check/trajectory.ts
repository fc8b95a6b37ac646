// Trajectory checks: which tools the agent used, with which arguments, in which order.
// Modes (from the skill-eval guide): superset — at least the expected tools; subset — only tools
// from the list; unordered — exactly the listed set of tools, any order; strict — the same calls,
// same order, same arguments.

import type { ExpectedTool, ToolCall, TrajectorySpec } from "../model/index.js";
import type { CheckVerdict } from "./context.js";

/** Other agents' names for the canonical tools. */
const ALIASES: Record<string, string> = {
  shell: "bash",
  exec_command: "bash",
  command_execution: "bash",
  local_shell: "bash",
  apply_patch: "edit",
  multiedit: "edit",
  str_replace_based_edit_tool: "edit",
  web_search: "websearch",
};

export function canonicalTool(name: string): string {
  const lower = name.toLowerCase();
  return ALIASES[lower] ?? lower;
}

export function sameTool(a: string, b: string): boolean {
  return canonicalTool(a) === canonicalTool(b);
}

/** `Read → Edit → Bash`, the way evidence shows a trajectory. */
export function describeTrajectory(calls: ToolCall[]): string {
  if (calls.length === 0) return "(no tool calls)";
  const names = calls.map((c) => c.tool);
  return names.length > 30
    ? `${names.slice(0, 30).join(" → ")} → … (${names.length} calls)`
    : names.join(" → ");
}

function argsMatch(call: ToolCall, argsContain: Record<string, string> | undefined): boolean {
  if (!argsContain) return true;
  const input = (call.input ?? {}) as Record<string, unknown>;
  return Object.entries(argsContain).every(([key, text]) => {
    const value = input[key];
    if (value === undefined) return false;
    return (typeof value === "string" ? value : JSON.stringify(value)).includes(text);
  });
}

function matches(call: ToolCall, expected: ExpectedTool): boolean {
  return sameTool(call.tool, expected.name) && argsMatch(call, expected.argsContain);
}

function describeExpected(e: ExpectedTool): string {
  const args = e.argsContain
    ? `(${Object.entries(e.argsContain)
        .map(([k, v]) => `${k}~${JSON.stringify(v)}`)
        .join(", ")})`
    : "";
  return `${e.name}${args}${e.after ? ` after ${e.after}` : ""}`;
}

/** Index of the first call matching `expected` (after its `after` tool, when set), else -1. */
function findMatch(calls: ToolCall[], expected: ExpectedTool): number {
  let from = 0;
  if (expected.after) {
    const first = calls.findIndex((c) => sameTool(c.tool, expected.after!));
    if (first < 0) return -1;
    from = first + 1;
  }
  for (let i = from; i < calls.length; i++) if (matches(calls[i]!, expected)) return i;
  return -1;
}

/** What a workflow check found, split the way the skill-eval guide reports it. */
export interface WorkflowProblems {
  /** The expected tools (per the match mode): missing, extra, wrong arguments. */
  match: string[];
  /** Forbidden tools that were used, with the (1-based) call that used each first. */
  forbidden: Array<{ tool: string; call: number }>;
  /** `after` constraints not met by a call that is otherwise there. */
  order: string[];
}

export function workflowProblems(calls: ToolCall[], spec: TrajectorySpec): WorkflowProblems {
  const found: WorkflowProblems = { match: [], forbidden: [], order: [] };
  for (const name of spec.forbidden) {
    const at = calls.findIndex((c) => sameTool(c.tool, name));
    if (at >= 0) found.forbidden.push({ tool: name, call: at + 1 });
  }
  // A call that is there but not after its `after` tool is an ordering problem, not a missing one.
  const unmatched = (e: ExpectedTool, text: string) => {
    const anywhere = e.after && findMatch(calls, { ...e, after: undefined }) >= 0;
    (anywhere ? found.order : found.match).push(
      anywhere ? `${e.name} must come after ${e.after}` : text,
    );
  };
  switch (spec.mode) {
    case "superset":
      for (const e of spec.expected) {
        if (findMatch(calls, e) < 0) unmatched(e, `missing ${describeExpected(e)}`);
      }
      break;
    case "subset": {
      const extra = calls.filter((c) => !spec.expected.some((e) => sameTool(c.tool, e.name)));
      if (extra.length)
        found.match.push(
          `used tools not in the list: ${[...new Set(extra.map((c) => c.tool))].join(", ")}`,
        );
      for (const e of spec.expected.filter((e) => e.after || e.argsContain)) {
        if (calls.some((c) => sameTool(c.tool, e.name)) && findMatch(calls, e) < 0)
          unmatched(e, `no call matched ${describeExpected(e)}`);
      }
      break;
    }
    case "unordered": {
      const used = new Set(calls.map((c) => canonicalTool(c.tool)));
      const wanted = new Set(spec.expected.map((e) => canonicalTool(e.name)));
      const missing = [...wanted].filter((t) => !used.has(t));
      const extra = [...used].filter((t) => !wanted.has(t));
      if (missing.length) found.match.push(`missing tools: ${missing.join(", ")}`);
      if (extra.length) found.match.push(`tools not in the list: ${extra.join(", ")}`);
      for (const e of spec.expected)
        if (!missing.includes(canonicalTool(e.name)) && findMatch(calls, e) < 0)
          unmatched(e, `no call matched ${describeExpected(e)}`);
      break;
    }
    case "strict": {
      if (calls.length !== spec.expected.length) {
        found.match.push(`expected ${spec.expected.length} calls, saw ${calls.length}`);
      }
      spec.expected.forEach((e, i) => {
        const call = calls[i];
        if (call && !matches(call, e))
          found.match.push(`call #${i + 1} is ${call.tool}, expected ${describeExpected(e)}`);
        else if (call && e.after && !calls.slice(0, i).some((c) => sameTool(c.tool, e.after!)))
          found.order.push(`call #${i + 1} ${e.name} does not come after ${e.after}`);
      });
      break;
    }
  }
  return found;
}

export function checkTrajectory(calls: ToolCall[], spec: TrajectorySpec): CheckVerdict {
  const found = workflowProblems(calls, spec);
  const problems = [
    ...found.forbidden.map((f) => `forbidden tool ${f.tool} was used (call #${f.call})`),
    ...found.match,
    ...found.order,
  ];
  const observed = `trajectory: ${describeTrajectory(calls)}`;
  return problems.length
    ? { ok: false, evidence: `${problems.join("; ")} — ${observed}` }
    : { ok: true, evidence: observed };
}
