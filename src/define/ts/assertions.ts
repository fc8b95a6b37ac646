// The assertion constructors of the library API. Each returns a check as data; the `check` stage
// runs it. Declared in the order users read them in docs/writing-evals.md.

import type {
  AgentAdapter,
  CheckSpec,
  JudgeExample,
  CustomCheckContext,
  CustomCheckResult,
  ExpectedTool,
  Pattern,
  TrajectoryMode,
} from "../../model/index.js";

/** A shimmed call matches `pattern` (matched against `bin arg1 arg2`). */
export function ran(pattern: Pattern): CheckSpec {
  return { type: "ran", pattern };
}

/** No shimmed call matches `pattern`. */
export function notRan(pattern: Pattern): CheckSpec {
  return { type: "notRan", pattern };
}

/** Calls matching each pattern happened in this order, with others allowed in between. */
export function ranInOrder(patterns: Pattern[]): CheckSpec {
  return { type: "ranInOrder", patterns };
}

/** The file exists in the sandbox. */
export function fileExists(path: string): CheckSpec {
  return { type: "fileExists", path };
}

/** The file does not exist in the sandbox. */
export function fileAbsent(path: string): CheckSpec {
  return { type: "fileAbsent", path };
}

/** The file exists and matches `pattern` (substring or RegExp). */
export function fileContains(path: string, pattern: Pattern): CheckSpec {
  return { type: "fileContains", path, pattern };
}

/** The file, if it exists, does not match `pattern`. */
export function fileLacks(path: string, pattern: Pattern): CheckSpec {
  return { type: "fileLacks", path, pattern };
}

/** The shell command, run in the sandbox, exits with `exitCode` (default 0). */
export function succeeds(command: string, options: { exitCode?: number } = {}): CheckSpec {
  return { type: "succeeds", command, exitCode: options.exitCode ?? 0 };
}

/**
 * Your own check. It gets the agent run, the calls and the sandbox path; it passes when it returns
 * true, nothing, or `{ ok: true }`, and fails when it returns false, a string (the evidence), or
 * `{ ok: false, evidence }`, or throws.
 */
export function assertThat(
  name: string,
  fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>,
): CheckSpec {
  return { type: "custom", name, fn };
}

/** The agent's trajectory, compared in one of four modes; see docs/writing-evals.md › Trajectories. */
export function trajectory(spec: {
  mode?: TrajectoryMode;
  expected?: Array<string | ExpectedTool>;
  forbidden?: string[];
}): CheckSpec {
  return {
    type: "trajectory",
    mode: spec.mode ?? "superset",
    expected: (spec.expected ?? []).map((e) => (typeof e === "string" ? { name: e } : e)),
    forbidden: spec.forbidden ?? [],
  };
}

/** The agent used at least these tools (`mode: "subset"`: only tools among these). */
export function usedTools(names: string[], mode: TrajectoryMode = "superset"): CheckSpec {
  return trajectory({ mode, expected: names });
}

/** The agent called the tool, with arguments containing the given texts, optionally after another tool. */
export function calledTool(
  name: string,
  argsContain?: Record<string, string>,
  options: { after?: string } = {},
): CheckSpec {
  return trajectory({
    expected: [
      {
        name,
        ...(argsContain ? { argsContain } : {}),
        ...(options.after ? { after: options.after } : {}),
      },
    ],
  });
}

/** The agent never called the tool. */
export function notUsedTool(name: string): CheckSpec {
  return trajectory({ forbidden: [name] });
}

export interface JudgeOptions {
  /** Files the judge reads first: their text goes into its prompt. */
  files?: string[];
  /** "claude-code" (default), "codex", or an adapter made by claudeCode()/codex(). */
  agent?: "claude-code" | "codex" | AgentAdapter;
  model?: string;
  /** Independent calls; the verdict is their majority (default 1). */
  samples?: number;
  /** Run even when a deterministic check failed or the agent failed. */
  always?: boolean;
  /** Labelled examples for `agent-evals calibrate`: `{ label, dir }` or `{ label, files }`. */
  examples?: JudgeExample[];
}

/**
 * A model-graded check: after every other check held, an agent CLI reads a copy of the final
 * workspace, read-only, and answers whether the work meets `rubric` (docs/writing-evals.md › Judges).
 */
export function judge(rubric: string, options: JudgeOptions = {}): CheckSpec {
  return {
    type: "judge",
    judge: {
      rubric,
      files: options.files ?? [],
      agent: options.agent ?? "claude-code",
      ...(options.model !== undefined ? { model: options.model } : {}),
      samples: options.samples ?? 1,
      always: options.always ?? false,
      examples: options.examples ?? [],
    },
  };
}
