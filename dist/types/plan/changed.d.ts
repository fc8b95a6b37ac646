import type { EvalSpec } from "../model/index.js";
import { AgentEvalsError } from "../model/index.js";
export interface ChangedOptions {
    /** The user's checkout (may be a subfolder of the git work tree). */
    projectRoot: string;
    /** A git ref: origin/main, a sha, HEAD~1. */
    base: string;
    /** The same discovery globs the run uses (relative to projectRoot). */
    evals?: string[];
    /** Loads eval files as the run does (the engine's loader, every kind registered). */
    load(files: string[], projectRoot: string): Promise<EvalSpec[]>;
    /** For secrets when rendering (their values never reach the hash: it shows `{{NAME}}`). */
    env: Record<string, string | undefined>;
}
export interface ChangedEval {
    id: string;
    reason: "new" | "prompt" | "definition";
}
export interface ChangedResult {
    /** The evals of `current` that are new or differ at the base, in the order of `current`. */
    changed: ChangedEval[];
    /**
     * Why the comparison is coarser than asked: the base's definitions did not load (then every eval
     * counts as changed, reason "definition"), or a prompt could not be rendered (that eval counts as
     * changed, reason "prompt").
     */
    warnings: string[];
}
/** The base can't be compared with: not a git repository, an unknown ref, git missing. */
export declare class ChangedBaseError extends AgentEvalsError {
    constructor(message: string);
}
/**
 * The evals of `current` that are new or differ at `base`. Never touches the user's checkout.
 * Throws ChangedBaseError when the base can't be checked out; definitions at the base that fail to
 * load are not an error: every eval then counts as changed, with a warning.
 */
export declare function changedEvals(current: EvalSpec[], options: ChangedOptions): Promise<ChangedResult>;
