/**
 * The base of every error agent-evals raises on purpose. `code` is a stable diagnostic code (the
 * table `Codes` below, README "Diagnostic codes"); `exitCode` is what the CLI exits with when the
 * error ends a command (2: the harness could not run; nothing was judged).
 */
export declare class AgentEvalsError extends Error {
    readonly code: string;
    readonly exitCode: 1 | 2;
    constructor(code: string, message: string, options?: {
        cause?: unknown;
        exitCode?: 1 | 2;
    });
}
export interface DefinitionProblem {
    file: string;
    line?: number;
    column?: number;
    /** Dotted path of the offending key, e.g. `assertions.files[0]`. */
    key?: string;
    message: string;
    /** What to change. */
    fix?: string;
    /** Stable diagnostic code, e.g. AE101. */
    code: string;
}
export declare function formatProblem(p: DefinitionProblem): string;
export declare class DefinitionError extends AgentEvalsError {
    readonly problems: DefinitionProblem[];
    constructor(problems: DefinitionProblem[]);
}
/** Command-line or Action-input usage: a flag's value, an unknown command or eval name. */
export declare class UsageError extends AgentEvalsError {
    constructor(message: string);
}
/** Agents would get full permissions outside a container: refused unless CI=true or --unsafe-local. */
export declare class CiGateError extends AgentEvalsError {
    constructor(message: string);
}
/**
 * An error of the outside world or the harness (agent missing, API 5xx, sandbox I/O), not the
 * agent's: trials that end in one are retried when `retryable`, and never counted as failed.
 */
export declare class InfraError extends AgentEvalsError {
    readonly retryable: boolean;
    constructor(message: string, retryable?: boolean);
}
/**
 * What the agent did inside its sandbox (its workspace's contents, the processes of its container)
 * made a step of its trial impossible: the trial fails with this message as its evidence, and is
 * never retried. Not an InfraError: an agent cannot turn its own failure into one.
 */
export declare class AgentFault extends Error {
}
/** Diagnostic codes: stable across versions so tools can key on them. */
export declare const Codes: {
    readonly yamlSyntax: "AE101";
    readonly schema: "AE102";
    readonly unknownKey: "AE103";
    readonly nothingAsserted: "AE104";
    readonly duplicateId: "AE105";
    readonly badPath: "AE106";
    readonly badRegex: "AE107";
    readonly loadFailed: "AE108";
    readonly missingParam: "AE109";
    readonly missingSecret: "AE110";
    readonly unknownAgent: "AE111";
    readonly noEvals: "AE112";
    readonly notUtf8: "AE113";
    readonly tooLarge: "AE114";
    readonly badTemplate: "AE115";
    /** A skill/command/hook eval's `target` that does not exist or is not what its `type` says. */
    readonly badTarget: "AE116";
    /** A command template with `{prompt}` where the shell would not read it as one plain word. */
    readonly unsafeTemplate: "AE117";
    /** An eval file that is a symlink out of the project, a broken link, or not a regular file. */
    readonly badEvalFile: "AE118";
    /** A variant that overrides nothing (no `prompt`, `files`, `model`, `args` or `setup`). */
    readonly emptyVariant: "AE119";
    /** Two variants of one eval with the same name. */
    readonly duplicateVariant: "AE120";
    readonly usage: "AE201";
    /** Agents would run outside CI without --unsafe-local. */
    readonly ciGate: "AE202";
    /** `--sandbox bwrap` (or another provider) asked for where it cannot run. */
    readonly sandboxUnavailable: "AE203";
    /** Another run or merge holds the results folder's lock. */
    readonly resultsBusy: "AE204";
    /** The ref `--changed` compares with cannot be read. */
    readonly badBase: "AE205";
    /** A shard plan (`--shard-plan`, the Action's `shard-plan`) that does not fit the suite. */
    readonly badShardPlan: "AE206";
    /** Results folders that cannot be merged (merge, the Action's publish mode). */
    readonly mergeFailed: "AE207";
    /** An Action input with a value it does not take. */
    readonly actionInput: "AE208";
    /** `init` would overwrite a file. */
    readonly initConflict: "AE209";
    readonly setupFailed: "AE301";
    readonly infraError: "AE302";
    readonly checkFailed: "AE401";
    readonly agentFailed: "AE402";
    readonly agentTimedOut: "AE403";
    readonly belowPassRate: "AE404";
    readonly cachedFailure: "AE405";
    readonly budgetExhausted: "AE406";
    readonly interrupted: "AE407";
    readonly inconclusive: "AE408";
    readonly skipped: "AE409";
    readonly shimBypassed: "AE410";
    /** A trial reported more than its cost cap, or took the run's spend past --budget-usd. */
    readonly overBudget: "AE411";
    /** The results branch could not be read or pushed. */
    readonly historyNotSaved: "AE501";
    /** The PR comment could not be written (token permissions). */
    readonly commentNotPosted: "AE502";
};
