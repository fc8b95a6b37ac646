/** The first version-looking token of `bin --version` (stdout, else stderr), or undefined when it can't be run. */
export declare function probeVersion(bin: string, env?: NodeJS.ProcessEnv): Promise<string | undefined>;
