export declare function enableCompileCache(): void;
/** Only for entry points: it changes a V8 flag of the whole process. */
export declare function keepYoungGenerationSmall(): void;
/** Only for entry points, after every piece of work has been awaited. */
export declare function exitWhenFlushed(code: number): void;
