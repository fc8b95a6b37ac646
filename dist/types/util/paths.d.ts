/** Whether `target` is `root` or below it (a folder named `..foo` is below; `..` is not). */
export declare function isInside(target: string, root: string): boolean;
/** `file` relative to the project when it is inside it (the project itself as given), else as given. */
export declare function displayPath(file: string, projectRoot: string | undefined): string;
