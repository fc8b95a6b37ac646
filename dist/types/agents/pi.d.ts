import { type AgentAdapter, type AgentRunContext, InfraError } from "../model/index.js";
export interface PiOptions {
    /** `provider/model` or a model pattern (`--model`); the eval's `model` wins over this. */
    model?: string;
    args?: string[];
    /** The pi executable (default: `pi` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Merged over the trial's settings.json (e.g. `{ retry: { enabled: false } }`). */
    settings?: Record<string, unknown>;
    /** Custom providers (the `providers` of models.json), merged over the user's. */
    providers?: Record<string, unknown>;
}
/** Some of the variables pi logs in with (it knows many providers'; these are the common ones). */
export declare const PI_CREDENTIAL_ENV: readonly ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "OPENROUTER_API_KEY"];
/** pi's retries of a failed turn unless the trial's settings set them. */
export declare const PI_DEFAULT_RETRY: {
    maxRetries: number;
    baseDelayMs: number;
};
export declare function pi(options?: PiOptions): AgentAdapter;
export declare function piArgs(ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">, options: PiOptions): string[];
/** 401/403 will not pass on a retry; 429 and 5xx may. */
export declare function classifyPiError(message: string): InfraError;
