/** agent-evals' version; a test keeps it equal to package.json's. */
export declare const VERSION = "0.1.0";
