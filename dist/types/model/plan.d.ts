import type { AgentAdapter, EvalSpec } from "./eval.js";
import type { CachedVerdict, EvalStatus } from "./result.js";
export interface RenderedPrompt {
    /** What the agent gets: secrets filled in. Never write this down. */
    text: string;
    /** The same text with each secret shown as `{{NAME}}`: safe to write to prompt.md. */
    safeText: string;
    /** sha256 of `safeText`: the prompt's snapshot hash. */
    hash: string;
    /** Embedded commands, in order: what the literal agent runs. */
    commands: string[];
    /** The secret values, so writers can redact them. */
    secretValues: string[];
}
/** One eval × agent to run. `agent` undefined: an eval without a prompt (checks only). */
export interface PlannedUnit {
    spec: EvalSpec;
    agent?: AgentAdapter;
    agentName: string;
    agentVersion?: string;
    prompt?: RenderedPrompt;
    trials: number;
    /** Set when the plan already knows the outcome (skipped …): nothing runs. */
    settled?: {
        status: EvalStatus;
        reason: string;
        cached?: CachedVerdict;
        code?: string;
    };
}
export interface Plan {
    units: PlannedUnit[];
    /** Units that will start an agent: what the CI gate guards. */
    agentUnits: number;
}
