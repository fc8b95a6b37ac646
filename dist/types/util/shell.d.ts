/** A name that can be a shimmed binary: a plain file name, not `.` or `..`. */
export declare function isValidShimName(name: string): boolean;
/** Quote a string as one POSIX shell word. */
export declare function shellQuote(value: string): string;
/** The first executable `bin` on a PATH string, or undefined. */
export declare function findOnPath(bin: string, searchPath: string): Promise<string | undefined>;
