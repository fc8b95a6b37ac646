import { type AgentAdapter, type AgentRunContext, InfraError } from "../model/index.js";
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
/** The variables that log Claude Code in (besides a saved `claude auth login`). */
export declare const CLAUDE_CREDENTIAL_ENV: readonly ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"];
export declare function claudeCode(options?: ClaudeCodeOptions): AgentAdapter;
export declare function claudeArgs(ctx: Pick<AgentRunContext, "prompt" | "maxCostUsd" | "model" | "extraArgs">, options: ClaudeCodeOptions): string[];
/** An API or auth failure is the outside world's: retried when it may pass on a second try. */
export declare function classifyClaudeError(message: string, status: number | undefined): InfraError;
