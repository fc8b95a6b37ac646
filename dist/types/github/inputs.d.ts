export type FailOn = "failure" | "regression" | "never";
export interface ActionInputs {
    evals: string[];
    agents: string[];
    budgetUsd?: number;
    trials?: number;
    workingDirectory: string;
    changedOnly: boolean | "auto";
    baseRef?: string;
    history: boolean;
    resultsBranch: string;
    force: boolean;
    comment: boolean;
    uploadTranscripts: boolean;
    artifactName: string;
    retentionDays?: number;
    shard?: {
        index: number;
        count: number;
    };
    concurrency?: number;
    failOn: FailOn;
    githubToken: string;
}
export declare class InputError extends Error {
}
export declare function readInputs(): ActionInputs;
