import { type Pattern } from "../model/index.js";
import type { CheckVerdict, WorkspaceLayers } from "./context.js";
/** The absolute path of `relative` inside the sandbox, or undefined when it would escape it. */
export declare function insideSandbox(sandbox: string, relative: string): string | undefined;
/**
 * The folder that holds `p`: the sandbox, or with layers (the sandbox holds only the run's
 * changes) the prepared tree beneath it, where the sandbox lacks the path and the run did not
 * delete it or replace a folder on its way.
 */
export declare function folderHolding(sandbox: string, layers: WorkspaceLayers | undefined, p: string): Promise<string>;
/** Whether the run deleted `rel` (relative, '/' separators) or a folder it is in. */
export declare function isDeleted(deleted: ReadonlySet<string>, rel: string): boolean;
export declare function checkFileExists(sandbox: string, p: string, layers?: WorkspaceLayers): Promise<CheckVerdict>;
export declare function checkFileAbsent(sandbox: string, p: string, layers?: WorkspaceLayers): Promise<CheckVerdict>;
export declare function checkFileContains(sandbox: string, p: string, pattern: Pattern, signal?: AbortSignal, layers?: WorkspaceLayers): Promise<CheckVerdict>;
export declare function checkFileLacks(sandbox: string, p: string, pattern: Pattern, signal?: AbortSignal, layers?: WorkspaceLayers): Promise<CheckVerdict>;
export declare function checkChangedFilesContain(sandbox: string, changed: string[], text: string, signal?: AbortSignal): Promise<CheckVerdict>;
export declare function checkChangedFilesLack(sandbox: string, changed: string[], text: string, signal?: AbortSignal): Promise<CheckVerdict>;
