import type { EvalSpec } from "../model/index.js";
import { AgentEvalsError } from "../model/index.js";
/**
 * A base fetched outside the user's repository (the Action fetches it into a scratch repository,
 * never into the checkout): its name for messages, its commit, and the object folder holding it.
 */
export interface FetchedBase {
    ref: string;
    sha: string;
    objectsDir: string;
}
/** A git ref of the user's repository (origin/main, a sha, HEAD~1), or a fetched base. */
export type BaseSpec = string | FetchedBase;
/** The name a base goes by in labels and messages. */
export declare function baseName(base: BaseSpec): string;
export interface ChangedOptions {
    /** The user's checkout (may be a subfolder of the git work tree). */
    projectRoot: string;
    /** A git ref: origin/main, a sha, HEAD~1; or a base fetched into an object folder of its own. */
    base: BaseSpec;
    /** The same discovery globs the run uses (relative to projectRoot). */
    evals?: string[];
    /** Loads eval files as the run does (the engine's loader, every kind registered). */
    load(files: string[], projectRoot: string): Promise<EvalSpec[]>;
    /** For secrets when rendering (their values never reach the hash: it shows `{{NAME}}`). */
    env: Record<string, string | undefined>;
}
export interface ChangedEval {
    id: string;
    /**
     * new: not at the base; prompt: the rendered prompt differs; definition: the eval file or its
     * options differ; sandbox: what the trial's sandbox holds differs (the repository snapshot's
     * files, the template folder's, the fixture, setup, shims, HOME files, the agents' settings).
     */
    reason: "new" | "prompt" | "definition" | "sandbox";
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
/** The project as it is at a git ref, in a scratch folder: what --changed and compare read. */
export interface BaseTree {
    /** The project folder inside the scratch tree (the same subfolder of the repository). */
    root: string;
    /** `<ref> (<sha>)`, for messages. */
    label: string;
    sha: string;
    /** False when the project folder did not exist at the ref. */
    exists: boolean;
    /** Removes the scratch folder (links into the user's node_modules first). */
    dispose(): Promise<void>;
}
/**
 * The files of the project at `base`, written into a scratch folder without touching the user's
 * checkout, index or refs. Throws ChangedBaseError when the ref can't be read (not a repository,
 * an unknown ref, a shallow clone without it).
 */
export declare function openBaseTree(projectDir: string, base: BaseSpec): Promise<BaseTree>;
