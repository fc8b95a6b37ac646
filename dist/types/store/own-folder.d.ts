/**
 * Throws UsageError (exit 2) when `dir`, or a folder between `projectRoot` and it, is a link or
 * not a folder. Outside the project only `dir` itself is looked at. A missing part is fine:
 * the harness creates it.
 */
export declare function refuseLinkedOwnFolder(projectRoot: string, dir: string): void;
