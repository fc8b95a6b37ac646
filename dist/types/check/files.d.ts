import { type Pattern } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
/** The absolute path of `relative` inside the sandbox, or undefined when it would escape it. */
export declare function insideSandbox(sandbox: string, relative: string): string | undefined;
export declare function checkFileExists(sandbox: string, p: string): Promise<CheckVerdict>;
export declare function checkFileAbsent(sandbox: string, p: string): Promise<CheckVerdict>;
export declare function checkFileContains(sandbox: string, p: string, pattern: Pattern, signal?: AbortSignal): Promise<CheckVerdict>;
export declare function checkFileLacks(sandbox: string, p: string, pattern: Pattern, signal?: AbortSignal): Promise<CheckVerdict>;
export declare function checkChangedFilesContain(sandbox: string, changed: string[], text: string, signal?: AbortSignal): Promise<CheckVerdict>;
export declare function checkChangedFilesLack(sandbox: string, changed: string[], text: string, signal?: AbortSignal): Promise<CheckVerdict>;
