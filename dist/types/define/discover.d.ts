export declare const EVAL_FILE_PATTERN = "**/*.eval.{ts,mts,js,mjs,yaml,yml}";
export declare const DEFAULT_EVAL_DIRS: string[];
/** Absolute paths of the eval files, sorted, so runs and ids are stable. */
export declare function discoverEvalFiles(projectRoot: string, patterns?: string[]): Promise<string[]>;
export declare function isEvalFile(file: string): boolean;
export declare function isYamlFile(file: string): boolean;
