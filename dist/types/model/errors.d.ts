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
export declare class DefinitionError extends Error {
    readonly problems: DefinitionProblem[];
    constructor(problems: DefinitionProblem[]);
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
    readonly usage: "AE201";
    readonly ciGate: "AE202";
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
};
