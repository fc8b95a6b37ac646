import * as z from "zod/mini";
/** Values the loader fills in for keys a skill/command/hook eval leaves out. */
export declare const claudeCodeEvalDefaults: {
    readonly triggerMode: "observe";
    readonly triggerRuns: 1;
    readonly triggerThreshold: 0.5;
    readonly hookTimeoutSeconds: 60;
    readonly hookEvent: "PostToolUse";
    readonly holdoutSeed: 1;
};
export declare const triggerSchema: z.ZodMiniObject<{
    positive: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        query: z.ZodMiniString<string>;
        note: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>>>;
    negative: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        query: z.ZodMiniString<string>;
        note: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>>>;
    mode: z.ZodMiniOptional<z.ZodMiniEnum<{
        observe: "observe";
        ask: "ask";
    }>>;
    runs: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    holdout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    seed: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    competitors: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    plugin: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    threshold: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
}, z.core.$strict>;
/** The eight outcome types of the skill-eval guide; each maps onto an existing check. */
export declare const outcomeSchema: z.ZodMiniDiscriminatedUnion<[z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"file-contains">;
    file: z.ZodMiniString<string>;
    value: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"file-not-contains">;
    file: z.ZodMiniString<string>;
    value: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"file-matches">;
    file: z.ZodMiniString<string>;
    value: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"file-exists">;
    file: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"file-not-exists">;
    file: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"bash-succeeds">;
    command: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"bash-fails">;
    command: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    type: z.ZodMiniLiteral<"bash-output-contains">;
    command: z.ZodMiniString<string>;
    value: z.ZodMiniString<string>;
}, z.core.$strict>, z.ZodMiniObject<{
    files: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    samples: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    always: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    examples: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        label: z.ZodMiniEnum<{
            pass: "pass";
            fail: "fail";
        }>;
        dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
        files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        name: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>>>;
    type: z.ZodMiniLiteral<"judge">;
    rubric: z.ZodMiniString<string>;
    agent: z.ZodMiniOptional<z.ZodMiniEnum<{
        "claude-code": "claude-code";
        codex: "codex";
    }>>;
}, z.core.$strict>], "type">;
export declare const e2eScenarioSchema: z.ZodMiniObject<{
    scenario: z.ZodMiniString<string>;
    fixture: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    prompt: z.ZodMiniString<string>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    outcomes: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniDiscriminatedUnion<[z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"file-contains">;
        file: z.ZodMiniString<string>;
        value: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"file-not-contains">;
        file: z.ZodMiniString<string>;
        value: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"file-matches">;
        file: z.ZodMiniString<string>;
        value: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"file-exists">;
        file: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"file-not-exists">;
        file: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"bash-succeeds">;
        command: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"bash-fails">;
        command: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        type: z.ZodMiniLiteral<"bash-output-contains">;
        command: z.ZodMiniString<string>;
        value: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        files: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        samples: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        always: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        examples: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            label: z.ZodMiniEnum<{
                pass: "pass";
                fail: "fail";
            }>;
            dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
            files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
            name: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        type: z.ZodMiniLiteral<"judge">;
        rubric: z.ZodMiniString<string>;
        agent: z.ZodMiniOptional<z.ZodMiniEnum<{
            "claude-code": "claude-code";
            codex: "codex";
        }>>;
    }, z.core.$strict>], "type">>>;
    workflow: z.ZodMiniOptional<z.ZodMiniObject<{
        match_mode: z.ZodMiniOptional<z.ZodMiniEnum<{
            superset: "superset";
            subset: "subset";
            unordered: "unordered";
            strict: "strict";
        }>>;
        expected_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            args_contain: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
            after: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        forbidden_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    }, z.core.$strict>>;
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        name: z.ZodMiniString<string>;
        prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
        files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
            command: z.ZodMiniString<string>;
            args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        }, z.core.$strict>>>>;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export declare const skillEvalSchema: z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    type: z.ZodMiniEnum<{
        skill: "skill";
        command: "command";
    }>;
    target: z.ZodMiniString<string>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    passRate: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    maxCostUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    trigger: z.ZodMiniOptional<z.ZodMiniObject<{
        positive: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            query: z.ZodMiniString<string>;
            note: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        negative: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            query: z.ZodMiniString<string>;
            note: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        mode: z.ZodMiniOptional<z.ZodMiniEnum<{
            observe: "observe";
            ask: "ask";
        }>>;
        runs: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        holdout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        seed: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        competitors: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        plugin: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        threshold: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>>;
    e2e: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        scenario: z.ZodMiniString<string>;
        fixture: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        prompt: z.ZodMiniString<string>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        outcomes: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniDiscriminatedUnion<[z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-contains">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-not-contains">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-matches">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-exists">;
            file: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-not-exists">;
            file: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-succeeds">;
            command: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-fails">;
            command: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-output-contains">;
            command: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            files: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            model: z.ZodMiniOptional<z.ZodMiniString<string>>;
            samples: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            always: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            examples: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
                label: z.ZodMiniEnum<{
                    pass: "pass";
                    fail: "fail";
                }>;
                dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
                files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
                name: z.ZodMiniOptional<z.ZodMiniString<string>>;
            }, z.core.$strict>>>;
            type: z.ZodMiniLiteral<"judge">;
            rubric: z.ZodMiniString<string>;
            agent: z.ZodMiniOptional<z.ZodMiniEnum<{
                "claude-code": "claude-code";
                codex: "codex";
            }>>;
        }, z.core.$strict>], "type">>>;
        workflow: z.ZodMiniOptional<z.ZodMiniObject<{
            match_mode: z.ZodMiniOptional<z.ZodMiniEnum<{
                superset: "superset";
                subset: "subset";
                unordered: "unordered";
                strict: "strict";
            }>>;
            expected_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
                name: z.ZodMiniString<string>;
                args_contain: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
                after: z.ZodMiniOptional<z.ZodMiniString<string>>;
            }, z.core.$strict>>>;
            forbidden_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        }, z.core.$strict>>;
        timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
            files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
            model: z.ZodMiniOptional<z.ZodMiniString<string>>;
            args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
                command: z.ZodMiniString<string>;
                args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
                env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
            }, z.core.$strict>>>>;
        }, z.core.$strict>>>;
    }, z.core.$strict>>>;
    variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        name: z.ZodMiniString<string>;
        prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
        files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
            command: z.ZodMiniString<string>;
            args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        }, z.core.$strict>>>>;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export declare const hookEventSchema: z.ZodMiniEnum<{
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
export declare const hookExpectSchema: z.ZodMiniObject<{
    has_context: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    context_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
    exit_code: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    blocked: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    decision: z.ZodMiniOptional<z.ZodMiniEnum<{
        ask: "ask";
        allow: "allow";
        approve: "approve";
        block: "block";
        deny: "deny";
    }>>;
    stderr_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
    stdout_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
}, z.core.$strict>;
export declare const hookCaseSchema: z.ZodMiniObject<{
    scenario: z.ZodMiniString<string>;
    event: z.ZodMiniOptional<z.ZodMiniEnum<{
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
    input: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnknown>>;
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    expect: z.ZodMiniObject<{
        has_context: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        context_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
        exit_code: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        blocked: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        decision: z.ZodMiniOptional<z.ZodMiniEnum<{
            ask: "ask";
            allow: "allow";
            approve: "approve";
            block: "block";
            deny: "deny";
        }>>;
        stderr_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
        stdout_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
    }, z.core.$strict>;
}, z.core.$strict>;
export declare const hookEvalSchema: z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    type: z.ZodMiniLiteral<"hook">;
    target: z.ZodMiniString<string>;
    event: z.ZodMiniOptional<z.ZodMiniEnum<{
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
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    cases: z.ZodMiniArray<z.ZodMiniObject<{
        scenario: z.ZodMiniString<string>;
        event: z.ZodMiniOptional<z.ZodMiniEnum<{
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
        input: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnknown>>;
        timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        expect: z.ZodMiniObject<{
            has_context: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            context_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
            exit_code: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            blocked: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            decision: z.ZodMiniOptional<z.ZodMiniEnum<{
                ask: "ask";
                allow: "allow";
                approve: "approve";
                block: "block";
                deny: "deny";
            }>>;
            stderr_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
            stdout_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
        }, z.core.$strict>;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** Either kind of Claude Code eval; the loader picks the schema by `type`. */
export declare const claudeCodeEvalSchema: z.ZodMiniUnion<readonly [z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    type: z.ZodMiniEnum<{
        skill: "skill";
        command: "command";
    }>;
    target: z.ZodMiniString<string>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    passRate: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    maxCostUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    trigger: z.ZodMiniOptional<z.ZodMiniObject<{
        positive: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            query: z.ZodMiniString<string>;
            note: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        negative: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            query: z.ZodMiniString<string>;
            note: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>>>;
        mode: z.ZodMiniOptional<z.ZodMiniEnum<{
            observe: "observe";
            ask: "ask";
        }>>;
        runs: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        holdout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        seed: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        competitors: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        plugin: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
        threshold: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>>;
    e2e: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        scenario: z.ZodMiniString<string>;
        fixture: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        prompt: z.ZodMiniString<string>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        outcomes: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniDiscriminatedUnion<[z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-contains">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-not-contains">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-matches">;
            file: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-exists">;
            file: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"file-not-exists">;
            file: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-succeeds">;
            command: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-fails">;
            command: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            type: z.ZodMiniLiteral<"bash-output-contains">;
            command: z.ZodMiniString<string>;
            value: z.ZodMiniString<string>;
        }, z.core.$strict>, z.ZodMiniObject<{
            files: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            model: z.ZodMiniOptional<z.ZodMiniString<string>>;
            samples: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            always: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            examples: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
                label: z.ZodMiniEnum<{
                    pass: "pass";
                    fail: "fail";
                }>;
                dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
                files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
                name: z.ZodMiniOptional<z.ZodMiniString<string>>;
            }, z.core.$strict>>>;
            type: z.ZodMiniLiteral<"judge">;
            rubric: z.ZodMiniString<string>;
            agent: z.ZodMiniOptional<z.ZodMiniEnum<{
                "claude-code": "claude-code";
                codex: "codex";
            }>>;
        }, z.core.$strict>], "type">>>;
        workflow: z.ZodMiniOptional<z.ZodMiniObject<{
            match_mode: z.ZodMiniOptional<z.ZodMiniEnum<{
                superset: "superset";
                subset: "subset";
                unordered: "unordered";
                strict: "strict";
            }>>;
            expected_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
                name: z.ZodMiniString<string>;
                args_contain: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
                after: z.ZodMiniOptional<z.ZodMiniString<string>>;
            }, z.core.$strict>>>;
            forbidden_tools: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        }, z.core.$strict>>;
        timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
            name: z.ZodMiniString<string>;
            prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
            files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
            model: z.ZodMiniOptional<z.ZodMiniString<string>>;
            args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
                command: z.ZodMiniString<string>;
                args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
                env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
            }, z.core.$strict>>>>;
        }, z.core.$strict>>>;
    }, z.core.$strict>>>;
    variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        name: z.ZodMiniString<string>;
        prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
        files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
        model: z.ZodMiniOptional<z.ZodMiniString<string>>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
            command: z.ZodMiniString<string>;
            args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        }, z.core.$strict>>>>;
    }, z.core.$strict>>>;
}, z.core.$strict>, z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    type: z.ZodMiniLiteral<"hook">;
    target: z.ZodMiniString<string>;
    event: z.ZodMiniOptional<z.ZodMiniEnum<{
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
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    cases: z.ZodMiniArray<z.ZodMiniObject<{
        scenario: z.ZodMiniString<string>;
        event: z.ZodMiniOptional<z.ZodMiniEnum<{
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
        input: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnknown>>;
        timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        expect: z.ZodMiniObject<{
            has_context: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            context_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
            exit_code: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            blocked: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            decision: z.ZodMiniOptional<z.ZodMiniEnum<{
                ask: "ask";
                allow: "allow";
                approve: "approve";
                block: "block";
                deny: "deny";
            }>>;
            stderr_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
            stdout_contains: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniArray<z.ZodMiniString<string>>]>>;
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
