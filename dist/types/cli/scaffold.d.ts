import { AgentEvalsError } from "../model/index.js";
export declare class InitConflictError extends AgentEvalsError {
    constructor(message: string);
}
/** The caller of the reusable workflow; its inputs are the reusable workflow's. */
/** The Action `init` writes into the workflow: `--action`, or where this package comes from. */
export interface ActionRef {
    repository: string;
    ref: string;
}
/** The published Action: package.json's `repository` at the release tag (src/model/version.ts). */
export declare const DEFAULT_ACTION: ActionRef;
/** Parses `--action`; undefined when it is not OWNER/REPO@REF. */
export declare function parseActionRef(text: string): ActionRef | undefined;
/** What `init` writes, relative to the project root, for the Action `action`. */
export declare function scaffoldFiles(action?: ActionRef): Record<string, string>;
/** What `init` writes with the default Action. */
export declare const SCAFFOLD: Record<string, string>;
/** The .gitignore lines `init` makes sure of: the results folder, and node_modules/ if missing. */
export declare const GITIGNORE_LINES: string[];
export interface InitOutcome {
    /** The files written, relative to the project root. */
    created: string[];
    /** The lines appended to .gitignore (none when it had them all). */
    ignored: string[];
}
/**
 * Writes the scaffold and appends what is missing of GITIGNORE_LINES to .gitignore (created if
 * absent); throws InitConflictError naming the first scaffold file that exists already.
 */
export declare function initProject(projectRoot: string, action?: ActionRef): Promise<InitOutcome>;
