/** Empties `resultsDir` except the paths in `keep` (and the folders leading to them). */
export declare function clearResults(resultsDir: string, keep?: readonly string[]): Promise<void>;
