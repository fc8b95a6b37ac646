import { type Pattern } from "../model/index.js";
import type { CheckVerdict } from "./context.js";
/** The absolute path of `relative` inside the sandbox, or undefined when it would escape it. */
export declare function insideSandbox(sandbox: string, relative: string): string | undefined;
export declare function checkFileExists(sandbox: string, p: string): Promise<CheckVerdict>;
export declare function checkFileAbsent(sandbox: string, p: string): Promise<CheckVerdict>;
/** Where in `text` the pattern first matches: `line N` and the line itself. */
export declare function findMatch(text: string, pattern: Pattern): {
    line: number;
    text: string;
} | undefined;
export declare function checkFileContains(sandbox: string, p: string, pattern: Pattern): Promise<CheckVerdict>;
export declare function checkFileLacks(sandbox: string, p: string, pattern: Pattern): Promise<CheckVerdict>;
export declare function checkChangedFilesContain(sandbox: string, changed: string[], text: string): Promise<CheckVerdict>;
export declare function checkChangedFilesLack(sandbox: string, changed: string[], text: string): Promise<CheckVerdict>;
