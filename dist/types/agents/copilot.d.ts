import { type AgentAdapter, type AgentRunContext, InfraError } from "../model/index.js";
import { type ModelPrice } from "./prices.js";
export interface CopilotOptions {
    model?: string;
    args?: string[];
    /** The copilot executable (default: `copilot` on PATH). */
    bin?: string;
    env?: Record<string, string>;
    /** Failed model calls in a row (copilot retries each) before the run is stopped (default 3). */
    maxApiErrors?: number;
    /** Prices (USD per million tokens) over the built-in table. */
    prices?: Record<string, ModelPrice>;
}
/**
 * The variables that log Copilot CLI in (besides `copilot login`), in its order of precedence, or
 * a BYOK provider's key. All are redacted; not every value logs it in (copilotCredentialProblem).
 */
export declare const COPILOT_CREDENTIAL_ENV: readonly ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_PROVIDER_API_KEY", "COPILOT_PROVIDER_BEARER_TOKEN"];
/**
 * GitHub tokens Copilot CLI 1.0 cannot use (`copilot login --help`: fine-grained PATs with the
 * "Copilot Requests" permission and OAuth tokens work, "classic personal access tokens (ghp_) are
 * not supported"): a GitHub Actions token (`ghs_`, what a runner's GITHUB_TOKEN and
 * `github.token` are) and a classic PAT.
 */
export declare function copilotCredentialProblem(name: string, value: string): string | undefined;
export declare function copilot(options?: CopilotOptions): AgentAdapter;
export declare function copilotArgs(ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">, options: CopilotOptions, usageFile: string, mcpConfigFile?: string): string[];
/** 401/403 will not pass on a retry; 429 and 5xx may. */
export declare function classifyCopilotError(message: string, status?: number): InfraError;
