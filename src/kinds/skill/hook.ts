// Hook evals (no model): run the hook script with the JSON Claude Code would send on stdin for its
// event, then judge its exit code, stderr and stdout JSON (additionalContext, decision, blocking).

import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { CheckSpec, SourceRef } from "../../model/index.js";
import type { HookEvent, HookExpect } from "./schema.js";
import { makeRunTempDir } from "../../util/index.js";
import { runCaptured } from "./outcomes.js";
import { errorMessage } from "../../model/index.js";

/** What Claude Code sends a hook on stdin for `event`, with the case's `input` over it. */
export function hookPayload(
  event: HookEvent,
  input: Record<string, unknown>,
  where: { cwd: string; transcriptPath: string; sessionId: string },
): Record<string, unknown> {
  const { tool_result: short, ...given } = input;
  const payload: Record<string, unknown> = {
    session_id: where.sessionId,
    transcript_path: where.transcriptPath,
    cwd: where.cwd,
    permission_mode: "default",
    hook_event_name: event,
    ...eventDefaults(event),
  };
  if (short && typeof short === "object" && !("tool_response" in given)) {
    // The guide's short form: `tool_result: { exit_code, stdout, stderr }` of a Bash call.
    const r = short as Record<string, unknown>;
    payload.tool_response = {
      stdout: typeof r.stdout === "string" ? r.stdout : "",
      stderr: typeof r.stderr === "string" ? r.stderr : "",
      interrupted: false,
      isImage: false,
      ...(typeof r.exit_code === "number" ? { exit_code: r.exit_code } : {}),
    };
  }
  return { ...payload, ...given };
}

function eventDefaults(event: HookEvent): Record<string, unknown> {
  const bash = { tool_name: "Bash", tool_input: { command: "npm test", description: "Run tests" } };
  switch (event) {
    case "PreToolUse":
      return { ...bash, tool_use_id: "toolu_agent_evals_0001" };
    case "PostToolUse":
      return {
        ...bash,
        tool_use_id: "toolu_agent_evals_0001",
        tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false },
      };
    case "UserPromptSubmit":
      return { prompt: "" };
    case "Stop":
    case "SubagentStop":
      return { stop_hook_active: false };
    case "SessionStart":
      return { source: "startup" };
    case "SessionEnd":
      return { reason: "other" };
    case "Notification":
      return { message: "Claude needs your permission to use Bash" };
    case "PreCompact":
      return { trigger: "manual", custom_instructions: "" };
  }
}

const INTERPRETERS: Record<string, string> = {
  ".sh": "bash",
  ".bash": "bash",
  ".js": process.execPath,
  ".mjs": process.execPath,
  ".cjs": process.execPath,
  ".py": "python3",
};

/** How to start the script: itself when executable, else the interpreter its extension names. */
export async function hookCommand(script: string): Promise<string[] | undefined> {
  try {
    await fs.access(script, fs.constants.X_OK);
    return [script];
  } catch {
    const interpreter = INTERPRETERS[path.extname(script).toLowerCase()];
    return interpreter ? [interpreter, script] : undefined;
  }
}

export interface HookRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
}

/** Runs the hook in `cwd` with `payload` on stdin, the way Claude Code does (CLAUDE_PROJECT_DIR). */
export async function runHook(
  command: string[],
  payload: Record<string, unknown>,
  options: { cwd: string; env: Record<string, string>; timeoutMs: number; workDir: string },
): Promise<HookRun> {
  const inputFile = path.join(options.workDir, "hook-input.json");
  await fs.writeFile(inputFile, JSON.stringify(payload));
  // runProcess closes stdin, so a tiny sh redirects the payload file into the hook. Paths and
  // arguments travel as positional parameters: nothing is spliced into the script text.
  const { result, stdout, stderr } = await runCaptured(
    {
      command: "sh",
      args: ["-c", 'exec "$@" < "$AGENT_EVALS_HOOK_INPUT"', "agent-evals-hook", ...command],
      cwd: options.cwd,
      // The trial's environment, as for any check command: the hook does not see what the run
      // hides from agents (the Action's runner tokens).
      env: { ...options.env, CLAUDE_PROJECT_DIR: options.cwd, AGENT_EVALS_HOOK_INPUT: inputFile },
      timeoutMs: options.timeoutMs,
    },
    {
      stdoutFile: path.join(options.workDir, "hook.stdout"),
      stderrFile: path.join(options.workDir, "hook.stderr"),
    },
  );
  return {
    exitCode: result.exitCode,
    stdout,
    stderr,
    timedOut: result.timedOut,
    ...(result.spawnError ? { spawnError: result.spawnError } : {}),
  };
}

/** What Claude Code would make of the hook's answer. */
export interface HookAnswer {
  /** Parsed stdout JSON; undefined when stdout was empty or plain text. */
  json?: Record<string, unknown>;
  /** Set when stdout is neither empty nor a JSON object where one is expected. */
  invalidJson?: string;
  context?: string;
  decision?: string;
  blocked: boolean;
}

/** Events whose plain-text stdout Claude Code adds to the context on exit 0. */
const PLAIN_TEXT_CONTEXT = new Set<HookEvent>(["UserPromptSubmit", "SessionStart"]);

export function readAnswer(run: HookRun, event: HookEvent): HookAnswer {
  const text = run.stdout.trim();
  let json: Record<string, unknown> | undefined;
  let invalidJson: string | undefined;
  let plainContext: string | undefined;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        json = parsed as Record<string, unknown>;
      else invalidJson = `stdout is JSON but not an object: ${clip(text)}`;
    } catch (error) {
      if (PLAIN_TEXT_CONTEXT.has(event) && run.exitCode === 0) plainContext = text;
      else invalidJson = `stdout is not valid JSON (${errorMessage(error)}): ${clip(text)}`;
    }
  }
  const specific = (json?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const context =
    typeof specific.additionalContext === "string" ? specific.additionalContext : plainContext;
  const decision =
    typeof json?.decision === "string"
      ? json.decision
      : typeof specific.permissionDecision === "string"
        ? specific.permissionDecision
        : undefined;
  const blocked =
    run.exitCode === 2 || decision === "block" || decision === "deny" || json?.continue === false;
  return {
    ...(json ? { json } : {}),
    ...(invalidJson ? { invalidJson } : {}),
    ...(context !== undefined ? { context } : {}),
    ...(decision ? { decision } : {}),
    blocked,
  };
}

/** Every way the run misses the expectations (empty when it meets them). */
export function judgeHook(run: HookRun, answer: HookAnswer, expect: HookExpect): string[] {
  const misses: string[] = [];
  if (answer.invalidJson) misses.push(answer.invalidJson);
  if (expect.exit_code !== undefined && run.exitCode !== expect.exit_code)
    misses.push(`exit ${run.exitCode ?? "by signal"}, expected ${expect.exit_code}`);
  // Exit 0 answers and exit 2 blocks; any other exit is the hook crashing (Claude Code shows a
  // hook error and goes on without its answer), unless the case says it expects that exit.
  if (expect.exit_code === undefined && run.exitCode !== 0 && run.exitCode !== 2)
    misses.push(
      `the hook crashed (exit ${run.exitCode ?? "by signal"}; only 0 answers and 2 blocks) — set \`expect.exit_code: ${run.exitCode ?? 1}\` if the case expects it`,
    );
  if (expect.blocked !== undefined && answer.blocked !== expect.blocked) {
    misses.push(
      expect.blocked
        ? `did not block (exit ${run.exitCode}, no decision "block"/"deny")`
        : `blocked (exit ${run.exitCode}${answer.decision ? `, decision ${answer.decision}` : ""})`,
    );
  }
  if (expect.blocked && run.exitCode === 2 && !run.stderr.trim())
    misses.push("blocked with exit 2 but wrote no reason on stderr (Claude would see nothing)");
  if (expect.decision !== undefined && answer.decision !== expect.decision)
    misses.push(`decision ${answer.decision ?? "(none)"}, expected ${expect.decision}`);
  const hasContext = Boolean(answer.context?.trim());
  if (expect.has_context !== undefined && hasContext !== expect.has_context) {
    misses.push(
      expect.has_context
        ? "no additionalContext (hookSpecificOutput.additionalContext is missing or empty)"
        : `added context when none was expected: ${clip(answer.context ?? "")}`,
    );
  }
  for (const text of list(expect.context_contains)) {
    if (!answer.context?.includes(text))
      misses.push(
        `additionalContext lacks ${JSON.stringify(text)}${answer.context ? `: ${clip(answer.context)}` : " (there is none)"}`,
      );
  }
  for (const text of list(expect.stderr_contains))
    if (!run.stderr.includes(text)) misses.push(`stderr lacks ${JSON.stringify(text)}`);
  for (const text of list(expect.stdout_contains))
    if (!run.stdout.includes(text)) misses.push(`stdout lacks ${JSON.stringify(text)}`);
  return misses;
}

function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function clip(text: string, max = 160): string {
  const one = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}

export interface HookCaseSpec {
  scenario: string;
  event: HookEvent;
  input: Record<string, unknown>;
  timeoutMs: number;
  expect: HookExpect;
  source: SourceRef;
}

/** One case as a check of the hook eval: the hook runs in the trial's copy of the project. */
export function hookCaseCheck(
  spec: HookCaseSpec,
  script: { relative: string; file: string },
): CheckSpec {
  return {
    type: "custom",
    name: `hook case ${JSON.stringify(spec.scenario)}`,
    source: spec.source,
    fn: async ({ workspace, env }) => {
      const inWorkspace = path.join(workspace, script.relative);
      const file = (await fs.stat(inWorkspace).catch(() => undefined)) ? inWorkspace : script.file;
      const command = await hookCommand(file);
      if (!command)
        return {
          ok: false,
          evidence: `cannot run ${script.relative}: make it executable (chmod +x) or use .sh, .js or .py`,
        };
      const workDir = makeRunTempDir("ae-hook-");
      try {
        const transcriptPath = path.join(workDir, "transcript.jsonl");
        await fs.writeFile(transcriptPath, "");
        const payload = hookPayload(spec.event, spec.input, {
          cwd: workspace,
          transcriptPath,
          sessionId: randomUUID(),
        });
        const run = await runHook(command, payload, {
          cwd: workspace,
          env,
          timeoutMs: spec.timeoutMs,
          workDir,
        });
        if (run.spawnError)
          return { ok: false, evidence: `could not start the hook: ${run.spawnError}` };
        if (run.timedOut)
          return {
            ok: false,
            evidence: `the hook timed out after ${spec.timeoutMs / 1000} s (Claude Code would cancel it)${outputTail(run)}`,
          };
        const answer = readAnswer(run, spec.event);
        const misses = judgeHook(run, answer, spec.expect);
        const summary = [
          `exit ${run.exitCode}`,
          ...(answer.blocked
            ? [
                `blocked${run.stderr.trim() ? ` (stderr ${clip(run.stderr.trim().split("\n")[0] ?? "")})` : ""}`,
              ]
            : []),
          ...(answer.decision ? [`decision ${answer.decision}`] : []),
          answer.context ? `additionalContext ${clip(answer.context)}` : "no additionalContext",
        ].join(", ");
        return misses.length
          ? { ok: false, evidence: `${misses.join("; ")} — ${summary}${outputTail(run)}` }
          : { ok: true, evidence: summary };
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

function outputTail(run: HookRun): string {
  const tail = (text: string) => text.trimEnd().split("\n").slice(-5).join("\n");
  const parts = [
    run.stdout.trim() ? `stdout:\n${tail(run.stdout)}` : "",
    run.stderr.trim() ? `stderr:\n${tail(run.stderr)}` : "",
  ].filter(Boolean);
  return parts.length ? `\n${parts.join("\n")}` : "";
}
