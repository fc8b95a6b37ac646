import { type RunResult } from "../model/index.js";
/** Removes the characters XML 1.0 cannot carry. */
export declare function stripInvalidXml(text: string): string;
/** Text content: `&`, `<`, `>` escaped; invalid characters dropped. */
export declare function xmlText(text: string): string;
/** An attribute value in double quotes; newlines and tabs kept as character references. */
export declare function xmlAttr(text: string | number): string;
/** The junit.xml of a run. Eval file paths are as in run.json (relative to the project). */
export declare function renderJunit(run: RunResult): string;
export declare function writeJunit(resultsDir: string, run: RunResult): Promise<string>;
