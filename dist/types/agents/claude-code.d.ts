import { type AgentAdapter, type AgentRunContext, type JudgeCallContext, InfraError } from "../model/index.js";
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
export declare const CLAUDE_QUIET_ENV: Record<string, string>;
/**
 * Claude Code retries a failed API call 10 times by itself, with backoff up to minutes (an
 * always-500 API took 9 min per scenario once ours retried too). Two of its own retries ride out a
 * blip; the trial's infra-error retries do the rest. The user's CLAUDE_CODE_MAX_RETRIES wins.
 */
export declare const CLAUDE_DEFAULT_MAX_RETRIES = "2";
/** The variables that log Claude Code in (besides a saved `claude auth login`). */
export declare const CLAUDE_CREDENTIAL_ENV: readonly ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"];
export declare function claudeCode(options?: ClaudeCodeOptions): AgentAdapter;
/** The tools a judge gets: it reads and searches, nothing it could change anything with. */
export declare const JUDGE_TOOLS = "Read,Grep,Glob";
/**
 * `claude -p` as a judge: only the read tools, the answer's shape enforced by `--json-schema`
 * (the CLI makes the model call its StructuredOutput tool and checks the input against the schema).
 */
export declare function claudeJudgeArgs(ctx: JudgeCallContext, options: ClaudeCodeOptions): string[];
export declare function claudeArgs(ctx: Pick<AgentRunContext, "prompt" | "maxCostUsd" | "model" | "extraArgs">, options: ClaudeCodeOptions, mcpConfigFile?: string): string[];
/** An API or auth failure is the outside world's: retried when it may pass on a second try. */
export declare function classifyClaudeError(message: string, status: number | undefined): InfraError;
