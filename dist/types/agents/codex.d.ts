import { type AgentAdapter, type AgentRunContext, type JudgeCallContext, InfraError } from "../model/index.js";
import { type ModelPrice } from "./prices.js";
export interface CodexOptions {
    model?: string;
    args?: string[];
    bin?: string;
    env?: Record<string, string>;
    /** Prices (USD per million tokens) to use instead of, or on top of, the built-in table. */
    prices?: Record<string, ModelPrice>;
    /**
     * API errors in a row (codex's "Reconnecting… n/5" notices) before the run is stopped as an
     * infra error (default 2); a 401/403 stops it at its first notice.
     */
    maxApiErrors?: number;
}
/** Flags that keep codex to the model API: no plugin or app look-ups, update checks, analytics. */
export declare const CODEX_QUIET_ARGS: string[];
/** The variables that log Codex in (besides a saved `codex login`). */
export declare const CODEX_CREDENTIAL_ENV: readonly ["OPENAI_API_KEY", "CODEX_API_KEY"];
export declare function codex(options?: CodexOptions): AgentAdapter;
/**
 * `codex exec` as a judge: its read-only sandbox (commands that would write are refused), the
 * answer's shape enforced by `--output-schema` (sent to the model as a strict JSON schema).
 */
export declare function codexJudgeArgs(ctx: JudgeCallContext, options: CodexOptions, schemaFile: string): string[];
export declare function codexArgs(ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs" | "mcp">, options: CodexOptions): string[];
/** 401/403 will not pass on a retry; overload, rate limits and 5xx may. */
export declare function classifyCodexError(message: string): InfraError;
