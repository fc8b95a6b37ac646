import { type AgentAdapter, type AgentRunContext, InfraError } from "../model/index.js";
import { type ModelPrice } from "./prices.js";
export interface GeminiOptions {
    model?: string;
    args?: string[];
    /** The gemini executable (default: `gemini` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Turn limit (settings `model.maxSessionTurns`); reaching it is the agent's failure. */
    maxTurns?: number;
    /** Settings merged over ours into the trial's settings.json (e.g. `{ general: { maxAttempts: 1 } }`). */
    settings?: Record<string, unknown>;
    /** Prices (USD per million tokens) over the built-in table. */
    prices?: Record<string, ModelPrice>;
}
/** The variables that log Gemini CLI in (besides a saved Google login). */
export declare const GEMINI_CREDENTIAL_ENV: readonly ["GEMINI_API_KEY", "GOOGLE_API_KEY"];
/** Attempts per request (settings `general.maxAttempts`) unless the trial's settings set it. */
export declare const GEMINI_DEFAULT_MAX_ATTEMPTS = 2;
export declare function gemini(options?: GeminiOptions): AgentAdapter;
export declare function geminiArgs(ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">, options: GeminiOptions): string[];
/** 401/403 and auth failures will not pass on a retry; 429 and 5xx may. */
export declare function classifyGeminiError(message: string, authExit?: boolean): InfraError;
