import type { EvalDefinition } from "./api.js";
export interface LoadedExport {
    exportName: string;
    definition: EvalDefinition;
}
export type ModuleLoader = (file: string) => Promise<Record<string, unknown>>;
/** The module names that resolve to agent-evals' own API inside eval files. */
export declare const LIBRARY_NAMES: readonly ["agent-evals", "@copybook/cli"];
export declare function createModuleLoader(libraryApi: Record<string, unknown>): Promise<ModuleLoader>;
/** Every exported defineEval result of a module, with the name it was exported under. */
export declare function evalExports(mod: Record<string, unknown>): LoadedExport[];
/** 1-based line of `export const NAME` (or `export default`) in the source, when it can be found. */
export declare function exportLine(source: string, exportName: string): number | undefined;
