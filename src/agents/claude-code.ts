// The claude-code agent: `claude -p` with stream-json output, permissions bypassed, stdin closed,
// quiet network settings, a per-trial temp dir, `--max-budget-usd` from the eval's maxCostUsd, the
// eval's MCP servers through `--mcp-config`.
// Flags and event formats: the pinned claude CLI's (scripts/install-agent-clis.sh), proven by
// test/claude-code.test.ts against the fake Anthropic API.

import path from "node:path";
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  type JudgeCallContext,
  type JudgeCallResult,
  InfraError,
} from "../model/index.js";
import { readTail } from "../util/index.js";
import { ClaudeStreamParser } from "./claude-stream.js";
import { LineSplitter } from "./lines.js";
import { mcpOf, writeClaudeMcpConfig } from "./mcp-config.js";
import { runAgentProcess } from "./process-agent.js";
import { runJudgeProcess } from "./judge-process.js";
import { envRedirect, envUpstream } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface ClaudeCodeOptions {
  /** Model name or alias (sonnet, haiku, opus); the eval's `model` wins over this. */
  model?: string;
  /** Extra arguments, after ours. */
  args?: string[];
  /** The claude executable (default: `claude` on PATH). */
  bin?: string;
  /** Extra environment for the agent. */
  env?: Record<string, string>;
  /** `--bare` minimal mode (no hooks, skills, CLAUDE.md): faster, but not for skill or hook evals. */
  bare?: boolean;
}

/** Environment that keeps Claude Code to the model API: no telemetry, no update checks. */
export const CLAUDE_QUIET_ENV: Record<string, string> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  // bypassPermissions is refused to root unless the CLI is told it runs in a sandbox.
  IS_SANDBOX: "1",
};

/**
 * Claude Code retries a failed API call 10 times by itself, with backoff up to minutes (an
 * always-500 API took 9 min per scenario once ours retried too). Two of its own retries ride out a
 * blip; the trial's infra-error retries do the rest. The user's CLAUDE_CODE_MAX_RETRIES wins.
 */
export const CLAUDE_DEFAULT_MAX_RETRIES = "2";

/** API statuses no retry can fix: claude is stopped at its first retry notice for one. */
const AUTH_STATUSES = new Set([401, 403]);

/** The variables that log Claude Code in (besides a saved `claude auth login`). */
export const CLAUDE_CREDENTIAL_ENV = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
] as const;

/** Where claude sends its model traffic, and the variable that moves it. */
const BASE_URL_ENV = "ANTHROPIC_BASE_URL";
const DEFAULT_BASE_URL = "https://api.anthropic.com";

export function claudeCode(options: ClaudeCodeOptions = {}): AgentAdapter {
  const bin = options.bin ?? "claude";
  return {
    name: "claude-code",
    executable: bin,
    credentialEnv: CLAUDE_CREDENTIAL_ENV,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    modelUpstream: ({ env }) => envUpstream(BASE_URL_ENV, options.env, env, DEFAULT_BASE_URL),
    run: (ctx) => runClaude(ctx, bin, options),
    judge: (ctx) => judgeWithClaude(ctx, bin, options),
  };
}

/** The tools a judge gets: it reads and searches, nothing it could change anything with. */
export const JUDGE_TOOLS = "Read,Grep,Glob";

/**
 * `claude -p` as a judge: only the read tools, the answer's shape enforced by `--json-schema`
 * (the CLI makes the model call its StructuredOutput tool and checks the input against the schema).
 */
export function claudeJudgeArgs(ctx: JudgeCallContext, options: ClaudeCodeOptions): string[] {
  const model = ctx.model ?? options.model;
  return [
    "-p",
    ctx.prompt,
    "--output-format",
    "stream-json",
    "--verbose",
    "--json-schema",
    JSON.stringify(ctx.schema),
    "--tools",
    JUDGE_TOOLS,
    "--no-session-persistence",
    ...(ctx.maxCostUsd !== undefined ? ["--max-budget-usd", String(ctx.maxCostUsd)] : []),
    ...(model ? ["--model", model] : []),
    ...(options.args ?? []),
  ];
}

async function judgeWithClaude(
  ctx: JudgeCallContext,
  bin: string,
  options: ClaudeCodeOptions,
): Promise<JudgeCallResult> {
  const parser = new ClaudeStreamParser();
  const lines = new LineSplitter((line) => parser.line(line));
  const run = await runJudgeProcess(ctx, {
    command: bin,
    args: claudeJudgeArgs(ctx, options),
    env: {
      ...CLAUDE_QUIET_ENV,
      CLAUDE_CODE_TMPDIR: path.join(ctx.env.TMPDIR ?? ctx.outDir, "claude-judge"),
      ...options.env,
      ...envRedirect(BASE_URL_ENV, ctx),
    },
    onStdout: (chunk) => lines.push(chunk),
  });
  lines.end();
  const outcome = parser.result;
  const base = { transcripts: run.transcripts, costUsd: outcome?.costUsd };
  if (run.process.aborted) return { ...base, problem: "the judge was stopped" };
  if (!outcome) {
    const tail =
      (await readTail(run.stderrFile, 5)).trim() || (await readTail(run.stdoutFile, 3)).trim();
    throw new InfraError(
      `the judge claude exited ${run.process.exitCode ?? `on signal ${run.process.signal}`} without a result${tail ? `: ${tail}` : ""}`,
    );
  }
  if (outcome.subtype === "error_max_budget_usd")
    return { ...base, problem: "the judge was stopped by its budget before it answered" };
  if (outcome.subtype === "error_max_structured_output_retries")
    return {
      ...base,
      problem: `no answer in the required shape: ${outcome.errors ?? outcome.subtype}`,
    };
  if (outcome.isError || outcome.subtype !== "success")
    throw classifyClaudeError(outcome.result ?? outcome.subtype, outcome.apiErrorStatus);
  return { ...base, structured: outcome.structured, text: outcome.result };
}

export function claudeArgs(
  ctx: Pick<AgentRunContext, "prompt" | "maxCostUsd" | "model" | "extraArgs">,
  options: ClaudeCodeOptions,
  mcpConfigFile?: string,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "-p",
    ctx.prompt,
    "--output-format",
    "stream-json",
    "--verbose",
    "--permission-mode",
    "bypassPermissions",
    "--no-session-persistence",
    ...(options.bare ? ["--bare"] : []),
    ...(ctx.maxCostUsd !== undefined ? ["--max-budget-usd", String(ctx.maxCostUsd)] : []),
    ...(model ? ["--model", model] : []),
    ...(mcpConfigFile ? ["--mcp-config", mcpConfigFile] : []),
    ...(options.args ?? []),
    // The eval's own (a variant's `args`): last, each one argument, never through a shell.
    ...(ctx.extraArgs ?? []),
  ];
}

async function runClaude(
  ctx: AgentRunContext,
  bin: string,
  options: ClaudeCodeOptions,
): Promise<AgentRunResult> {
  const parser = new ClaudeStreamParser();
  // A 401/403 is not worth claude's own retries: stop it at the first notice of one.
  const stop = new AbortController();
  const stopOnAbort = () => stop.abort();
  ctx.signal.addEventListener("abort", stopOnAbort, { once: true });
  let refused: number | undefined;
  const lines = new LineSplitter((line) => {
    parser.line(line);
    const status = parser.apiRetries.at(-1)?.status;
    if (refused === undefined && status !== undefined && AUTH_STATUSES.has(status)) {
      refused = status;
      stop.abort();
    }
  });
  const tmp = ctx.env.TMPDIR ?? ctx.outDir;
  // The eval's MCP servers: a config file of the trial's own, beside whatever the user configured.
  const servers = mcpOf(ctx);
  const mcpConfigFile = servers ? path.join(tmp, "claude-mcp.json") : undefined;
  if (servers && mcpConfigFile) await writeClaudeMcpConfig(mcpConfigFile, servers);
  const run = await runAgentProcess(
    { ...ctx, signal: stop.signal },
    {
      command: bin,
      args: claudeArgs(ctx, options, mcpConfigFile),
      env: {
        ...CLAUDE_QUIET_ENV,
        CLAUDE_CODE_TMPDIR: path.join(tmp, "claude"),
        CLAUDE_CODE_MAX_RETRIES: ctx.env.CLAUDE_CODE_MAX_RETRIES ?? CLAUDE_DEFAULT_MAX_RETRIES,
        ...options.env,
        ...envRedirect(BASE_URL_ENV, ctx),
      },
      onStdout: (chunk) => lines.push(chunk),
    },
  ).finally(() => ctx.signal.removeEventListener("abort", stopOnAbort));
  lines.end();
  if (refused !== undefined && !ctx.signal.aborted)
    throw classifyClaudeError("the API refused the credentials; stopped claude's retries", refused);
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    costUsd: parser.result?.costUsd,
    tokens: parser.result?.tokens,
    turns: parser.result?.numTurns,
  };
  if (run.process.timedOut || run.process.aborted) return result;
  const outcome = parser.result;
  if (!outcome) {
    const tail =
      (await readTail(run.stderrFile, 5)).trim() || (await readTail(run.stdoutFile, 3)).trim();
    throw new InfraError(
      `claude exited ${run.process.exitCode ?? `on signal ${run.process.signal}`} without a result${tail ? `: ${tail}` : ""}`,
    );
  }
  if (outcome.subtype === "error_max_budget_usd") {
    result.agentFailure = `stopped by its budget: spent $${(outcome.costUsd ?? 0).toFixed(4)} of --max-budget-usd ${ctx.maxCostUsd ?? "?"}`;
  } else if (outcome.subtype === "error_max_turns") {
    result.agentFailure = `stopped at its turn limit after ${outcome.numTurns ?? "?"} turns`;
  } else if (outcome.isError || outcome.subtype !== "success") {
    throw classifyClaudeError(outcome.result ?? outcome.subtype, outcome.apiErrorStatus);
  }
  return result;
}

/** An API or auth failure is the outside world's: retried when it may pass on a second try. */
export function classifyClaudeError(message: string, status: number | undefined): InfraError {
  const auth =
    status === 401 ||
    status === 403 ||
    /not logged in|invalid api key|authentication/i.test(message);
  const retryable = !auth && (status === undefined || status === 429 || status >= 500);
  const why = auth ? " (check ANTHROPIC_API_KEY or `claude auth login`)" : "";
  return new InfraError(
    `claude reported an error${status ? ` (API ${status})` : ""}: ${message}${why}`,
    retryable,
  );
}
