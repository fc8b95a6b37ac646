import { z } from "zod";
/** Values the loader fills in for keys a YAML task leaves out. */
export declare const yamlTaskDefaults: {
    readonly timeoutSeconds: 600;
    readonly trials: 1;
    readonly passRate: 1;
    readonly commandExitCode: 0;
    readonly shimExitCode: 0;
    readonly shimOutput: "";
};
/** The assertion lists; an eval must put at least one item in one of them. */
export declare const assertionListKeys: readonly ["files", "absent", "commands", "contains", "forbidden"];
/**
 * Extra data a custom issue carries: the diagnostic code to report it under (schema problems
 * default to AE102) and the fix to suggest.
 */
export interface IssueHint {
    code: string;
    fix: string;
}
/** True when `p` is relative and cannot climb out of the directory it is resolved against. */
export declare function staysInsideSandbox(p: string): boolean;
/** The reason `source` does not compile as a regular expression, or undefined when it does. */
export declare function regexCompileError(source: string): string | undefined;
/** A trial count, or `{ min, max }` for adaptive trials. Shared by the YAML and TS formats. */
export declare const trialsSchema: z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
    min: z.ZodNumber;
    max: z.ZodNumber;
    confidence: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>]>;
/** The trial count and the adaptive minimum of a `trials` value. */
export declare function trialCounts(trials: z.output<typeof trialsSchema> | undefined, fallback: number): {
    trials: number;
    adaptive?: {
        min: number;
        confidence: number;
    };
};
/** The trajectory check of the skill-eval guide: which tools, with which arguments, in which order. */
export declare const workflowSchema: z.ZodObject<{
    match_mode: z.ZodOptional<z.ZodEnum<{
        superset: "superset";
        subset: "subset";
        unordered: "unordered";
        strict: "strict";
    }>>;
    expected_tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        args_contain: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        after: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    forbidden_tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export declare const yamlTaskSchema: z.ZodObject<{
    name: z.ZodString;
    prompt: z.ZodOptional<z.ZodString>;
    setup: z.ZodOptional<z.ZodArray<z.ZodString>>;
    timeout: z.ZodOptional<z.ZodNumber>;
    assertions: z.ZodOptional<z.ZodObject<{
        files: z.ZodOptional<z.ZodArray<z.ZodString>>;
        absent: z.ZodOptional<z.ZodArray<z.ZodString>>;
        commands: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            run: z.ZodString;
            exitCode: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>]>>>;
        contains: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            file: z.ZodString;
            text: z.ZodOptional<z.ZodString>;
            matches: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>]>>>;
        forbidden: z.ZodOptional<z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            file: z.ZodString;
            text: z.ZodOptional<z.ZodString>;
            matches: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>]>>>;
        workflow: z.ZodOptional<z.ZodObject<{
            match_mode: z.ZodOptional<z.ZodEnum<{
                superset: "superset";
                subset: "subset";
                unordered: "unordered";
                strict: "strict";
            }>>;
            expected_tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                args_contain: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
                after: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>>>;
            forbidden_tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    agents: z.ZodOptional<z.ZodArray<z.ZodString>>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    passRate: z.ZodOptional<z.ZodNumber>;
    sandbox: z.ZodOptional<z.ZodObject<{
        template: z.ZodOptional<z.ZodString>;
        fixture: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        repo: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodLiteral<true>]>>;
    }, z.core.$strict>>;
    shims: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<"passthrough">, z.ZodObject<{
        script: z.ZodOptional<z.ZodString>;
        exitCode: z.ZodOptional<z.ZodNumber>;
        stdout: z.ZodOptional<z.ZodString>;
        stderr: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>]>>>;
    maxCostUsd: z.ZodOptional<z.ZodNumber>;
    model: z.ZodOptional<z.ZodString>;
    params: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>>;
    secrets: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export type YamlTask = z.output<typeof yamlTaskSchema>;
export type YamlAssertions = NonNullable<YamlTask["assertions"]>;
export type YamlSandbox = NonNullable<YamlTask["sandbox"]>;
export type YamlShim = NonNullable<YamlTask["shims"]>[string];
/** Values the loader fills in for keys a skill/command/hook eval leaves out. */
export declare const claudeCodeEvalDefaults: {
    readonly triggerMode: "observe";
    readonly triggerRuns: 1;
    readonly triggerThreshold: 0.5;
    readonly hookTimeoutSeconds: 60;
    readonly hookEvent: "PostToolUse";
};
export declare const triggerSchema: z.ZodObject<{
    positive: z.ZodOptional<z.ZodArray<z.ZodObject<{
        query: z.ZodString;
        note: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    negative: z.ZodOptional<z.ZodArray<z.ZodObject<{
        query: z.ZodString;
        note: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    mode: z.ZodOptional<z.ZodEnum<{
        observe: "observe";
        ask: "ask";
    }>>;
    runs: z.ZodOptional<z.ZodNumber>;
    threshold: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
/** The eight outcome types of the skill-eval guide; each maps onto an existing check. */
export declare const outcomeSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    type: z.ZodLiteral<"file-contains">;
    file: z.ZodString;
    value: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"file-not-contains">;
    file: z.ZodString;
    value: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"file-matches">;
    file: z.ZodString;
    value: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"file-exists">;
    file: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"file-not-exists">;
    file: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"bash-succeeds">;
    command: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"bash-fails">;
    command: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    type: z.ZodLiteral<"bash-output-contains">;
    command: z.ZodString;
    value: z.ZodString;
}, z.core.$strict>], "type">;
export declare const e2eScenarioSchema: z.ZodObject<{
    scenario: z.ZodString;
    fixture: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    prompt: z.ZodString;
    model: z.ZodOptional<z.ZodString>;
    outcomes: z.ZodOptional<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
        type: z.ZodLiteral<"file-contains">;
        file: z.ZodString;
        value: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"file-not-contains">;
        file: z.ZodString;
        value: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"file-matches">;
        file: z.ZodString;
        value: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"file-exists">;
        file: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"file-not-exists">;
        file: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"bash-succeeds">;
        command: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"bash-fails">;
        command: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        type: z.ZodLiteral<"bash-output-contains">;
        command: z.ZodString;
        value: z.ZodString;
    }, z.core.$strict>], "type">>>;
    workflow: z.ZodOptional<z.ZodObject<{
        match_mode: z.ZodOptional<z.ZodEnum<{
            superset: "superset";
            subset: "subset";
            unordered: "unordered";
            strict: "strict";
        }>>;
        expected_tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            args_contain: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
            after: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>>;
        forbidden_tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    timeout: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const skillEvalSchema: z.ZodObject<{
    name: z.ZodString;
    type: z.ZodEnum<{
        skill: "skill";
        command: "command";
    }>;
    target: z.ZodString;
    model: z.ZodOptional<z.ZodString>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    passRate: z.ZodOptional<z.ZodNumber>;
    timeout: z.ZodOptional<z.ZodNumber>;
    maxCostUsd: z.ZodOptional<z.ZodNumber>;
    trigger: z.ZodOptional<z.ZodObject<{
        positive: z.ZodOptional<z.ZodArray<z.ZodObject<{
            query: z.ZodString;
            note: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>>;
        negative: z.ZodOptional<z.ZodArray<z.ZodObject<{
            query: z.ZodString;
            note: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>>;
        mode: z.ZodOptional<z.ZodEnum<{
            observe: "observe";
            ask: "ask";
        }>>;
        runs: z.ZodOptional<z.ZodNumber>;
        threshold: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    e2e: z.ZodOptional<z.ZodArray<z.ZodObject<{
        scenario: z.ZodString;
        fixture: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        prompt: z.ZodString;
        model: z.ZodOptional<z.ZodString>;
        outcomes: z.ZodOptional<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
            type: z.ZodLiteral<"file-contains">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-not-contains">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-matches">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-exists">;
            file: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-not-exists">;
            file: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-succeeds">;
            command: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-fails">;
            command: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-output-contains">;
            command: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>], "type">>>;
        workflow: z.ZodOptional<z.ZodObject<{
            match_mode: z.ZodOptional<z.ZodEnum<{
                superset: "superset";
                subset: "subset";
                unordered: "unordered";
                strict: "strict";
            }>>;
            expected_tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                args_contain: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
                after: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>>>;
            forbidden_tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
        }, z.core.$strict>>;
        timeout: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export declare const hookEventSchema: z.ZodEnum<{
    PostToolUse: "PostToolUse";
    PreToolUse: "PreToolUse";
    UserPromptSubmit: "UserPromptSubmit";
    Stop: "Stop";
    SubagentStop: "SubagentStop";
    SessionStart: "SessionStart";
    SessionEnd: "SessionEnd";
    Notification: "Notification";
    PreCompact: "PreCompact";
}>;
export declare const hookExpectSchema: z.ZodObject<{
    has_context: z.ZodOptional<z.ZodBoolean>;
    context_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    exit_code: z.ZodOptional<z.ZodNumber>;
    blocked: z.ZodOptional<z.ZodBoolean>;
    decision: z.ZodOptional<z.ZodEnum<{
        ask: "ask";
        approve: "approve";
        block: "block";
        allow: "allow";
        deny: "deny";
    }>>;
    stderr_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    stdout_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
}, z.core.$strict>;
export declare const hookCaseSchema: z.ZodObject<{
    scenario: z.ZodString;
    event: z.ZodOptional<z.ZodEnum<{
        PostToolUse: "PostToolUse";
        PreToolUse: "PreToolUse";
        UserPromptSubmit: "UserPromptSubmit";
        Stop: "Stop";
        SubagentStop: "SubagentStop";
        SessionStart: "SessionStart";
        SessionEnd: "SessionEnd";
        Notification: "Notification";
        PreCompact: "PreCompact";
    }>>;
    input: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    timeout: z.ZodOptional<z.ZodNumber>;
    expect: z.ZodObject<{
        has_context: z.ZodOptional<z.ZodBoolean>;
        context_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        exit_code: z.ZodOptional<z.ZodNumber>;
        blocked: z.ZodOptional<z.ZodBoolean>;
        decision: z.ZodOptional<z.ZodEnum<{
            ask: "ask";
            approve: "approve";
            block: "block";
            allow: "allow";
            deny: "deny";
        }>>;
        stderr_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        stdout_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    }, z.core.$strict>;
}, z.core.$strict>;
export declare const hookEvalSchema: z.ZodObject<{
    name: z.ZodString;
    type: z.ZodLiteral<"hook">;
    target: z.ZodString;
    event: z.ZodOptional<z.ZodEnum<{
        PostToolUse: "PostToolUse";
        PreToolUse: "PreToolUse";
        UserPromptSubmit: "UserPromptSubmit";
        Stop: "Stop";
        SubagentStop: "SubagentStop";
        SessionStart: "SessionStart";
        SessionEnd: "SessionEnd";
        Notification: "Notification";
        PreCompact: "PreCompact";
    }>>;
    timeout: z.ZodOptional<z.ZodNumber>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    cases: z.ZodArray<z.ZodObject<{
        scenario: z.ZodString;
        event: z.ZodOptional<z.ZodEnum<{
            PostToolUse: "PostToolUse";
            PreToolUse: "PreToolUse";
            UserPromptSubmit: "UserPromptSubmit";
            Stop: "Stop";
            SubagentStop: "SubagentStop";
            SessionStart: "SessionStart";
            SessionEnd: "SessionEnd";
            Notification: "Notification";
            PreCompact: "PreCompact";
        }>>;
        input: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        timeout: z.ZodOptional<z.ZodNumber>;
        expect: z.ZodObject<{
            has_context: z.ZodOptional<z.ZodBoolean>;
            context_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
            exit_code: z.ZodOptional<z.ZodNumber>;
            blocked: z.ZodOptional<z.ZodBoolean>;
            decision: z.ZodOptional<z.ZodEnum<{
                ask: "ask";
                approve: "approve";
                block: "block";
                allow: "allow";
                deny: "deny";
            }>>;
            stderr_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
            stdout_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        }, z.core.$strict>;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** Either kind of Claude Code eval; the loader picks the schema by `type`. */
export declare const claudeCodeEvalSchema: z.ZodUnion<readonly [z.ZodObject<{
    name: z.ZodString;
    type: z.ZodEnum<{
        skill: "skill";
        command: "command";
    }>;
    target: z.ZodString;
    model: z.ZodOptional<z.ZodString>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    passRate: z.ZodOptional<z.ZodNumber>;
    timeout: z.ZodOptional<z.ZodNumber>;
    maxCostUsd: z.ZodOptional<z.ZodNumber>;
    trigger: z.ZodOptional<z.ZodObject<{
        positive: z.ZodOptional<z.ZodArray<z.ZodObject<{
            query: z.ZodString;
            note: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>>;
        negative: z.ZodOptional<z.ZodArray<z.ZodObject<{
            query: z.ZodString;
            note: z.ZodOptional<z.ZodString>;
        }, z.core.$strict>>>;
        mode: z.ZodOptional<z.ZodEnum<{
            observe: "observe";
            ask: "ask";
        }>>;
        runs: z.ZodOptional<z.ZodNumber>;
        threshold: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    e2e: z.ZodOptional<z.ZodArray<z.ZodObject<{
        scenario: z.ZodString;
        fixture: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
        prompt: z.ZodString;
        model: z.ZodOptional<z.ZodString>;
        outcomes: z.ZodOptional<z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
            type: z.ZodLiteral<"file-contains">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-not-contains">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-matches">;
            file: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-exists">;
            file: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"file-not-exists">;
            file: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-succeeds">;
            command: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-fails">;
            command: z.ZodString;
        }, z.core.$strict>, z.ZodObject<{
            type: z.ZodLiteral<"bash-output-contains">;
            command: z.ZodString;
            value: z.ZodString;
        }, z.core.$strict>], "type">>>;
        workflow: z.ZodOptional<z.ZodObject<{
            match_mode: z.ZodOptional<z.ZodEnum<{
                superset: "superset";
                subset: "subset";
                unordered: "unordered";
                strict: "strict";
            }>>;
            expected_tools: z.ZodOptional<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                args_contain: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
                after: z.ZodOptional<z.ZodString>;
            }, z.core.$strict>>>;
            forbidden_tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
        }, z.core.$strict>>;
        timeout: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
}, z.core.$strict>, z.ZodObject<{
    name: z.ZodString;
    type: z.ZodLiteral<"hook">;
    target: z.ZodString;
    event: z.ZodOptional<z.ZodEnum<{
        PostToolUse: "PostToolUse";
        PreToolUse: "PreToolUse";
        UserPromptSubmit: "UserPromptSubmit";
        Stop: "Stop";
        SubagentStop: "SubagentStop";
        SessionStart: "SessionStart";
        SessionEnd: "SessionEnd";
        Notification: "Notification";
        PreCompact: "PreCompact";
    }>>;
    timeout: z.ZodOptional<z.ZodNumber>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    cases: z.ZodArray<z.ZodObject<{
        scenario: z.ZodString;
        event: z.ZodOptional<z.ZodEnum<{
            PostToolUse: "PostToolUse";
            PreToolUse: "PreToolUse";
            UserPromptSubmit: "UserPromptSubmit";
            Stop: "Stop";
            SubagentStop: "SubagentStop";
            SessionStart: "SessionStart";
            SessionEnd: "SessionEnd";
            Notification: "Notification";
            PreCompact: "PreCompact";
        }>>;
        input: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
        timeout: z.ZodOptional<z.ZodNumber>;
        expect: z.ZodObject<{
            has_context: z.ZodOptional<z.ZodBoolean>;
            context_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
            exit_code: z.ZodOptional<z.ZodNumber>;
            blocked: z.ZodOptional<z.ZodBoolean>;
            decision: z.ZodOptional<z.ZodEnum<{
                ask: "ask";
                approve: "approve";
                block: "block";
                allow: "allow";
                deny: "deny";
            }>>;
            stderr_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
            stdout_contains: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        }, z.core.$strict>;
    }, z.core.$strict>>;
}, z.core.$strict>]>;
export type SkillEval = z.output<typeof skillEvalSchema>;
export type HookEval = z.output<typeof hookEvalSchema>;
export type HookCase = HookEval["cases"][number];
export type HookExpect = HookCase["expect"];
export type HookEvent = z.output<typeof hookEventSchema>;
export type E2eScenario = NonNullable<SkillEval["e2e"]>[number];
export type Outcome = z.output<typeof outcomeSchema>;
