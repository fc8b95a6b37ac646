import { AgentEvalsError } from "../model/index.js";
export declare class InitConflictError extends AgentEvalsError {
    constructor(message: string);
}
/** What `init` writes, relative to the project root. */
export declare const SCAFFOLD: Record<string, string>;
/** Writes the scaffold; throws InitConflictError naming the first file that exists already. */
export declare function initProject(projectRoot: string): Promise<string[]>;
