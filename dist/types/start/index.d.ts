export declare function enableCompileCache(): void;
/** Only for entry points, after every piece of work has been awaited. */
export declare function exitWhenFlushed(code: number): void;
