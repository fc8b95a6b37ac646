import { type AgentAdapter, type AgentRunContext, InfraError } from "../model/index.js";
import { type ModelPrice } from "./prices.js";
export interface OpencodeOptions {
    /** `provider/model`; the eval's `model` wins over this. */
    model?: string;
    args?: string[];
    /** The opencode executable (default: `opencode` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Config merged over ours (e.g. a custom `provider`). */
    config?: Record<string, unknown>;
    /** Step limit of the `build` agent; reaching it is the agent's failure. */
    maxTurns?: number;
    /** API errors in a row (opencode retries each) before the run is stopped as an infra error (default 2). */
    maxApiErrors?: number;
    /** Prices for a model opencode reports no cost for (cost 0 with tokens spent). */
    prices?: Record<string, ModelPrice>;
}
/** Some of the variables opencode logs in with (it knows many providers'). */
export declare const OPENCODE_CREDENTIAL_ENV: readonly ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "OPENROUTER_API_KEY", "OPENCODE_API_KEY"];
export declare function opencode(options?: OpencodeOptions): AgentAdapter;
export declare function opencodeArgs(ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">, options: OpencodeOptions): string[];
/** 401/403 will not pass on a retry; 429 and 5xx may. */
export declare function classifyOpencodeError(message: string, status?: number): InfraError;
