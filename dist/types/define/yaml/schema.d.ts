import * as z from "zod/mini";
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
export declare const assertionListKeys: readonly ["files", "absent", "commands", "contains", "forbidden", "judge"];
/**
 * Extra data a custom issue carries: the diagnostic code to report it under (schema problems
 * default to AE102) and the fix to suggest.
 */
export interface IssueHint {
    code: string;
    fix: string;
}
export declare function hint(code: string, fix: string): {
    params: IssueHint;
};
/**
 * A copy of `schema` with `meta` (description, default, title) in zod's global registry, as
 * classic zod's `.meta()` makes it. A copy, so a shared schema (`nonEmptyText`) keeps its own
 * metadata; the copy links to `schema` and inherits whatever metadata that has.
 */
export declare function withMeta<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T;
/** A copy of `schema` with a description (classic zod's `.describe()`). */
export declare function described<T extends z.ZodMiniType>(schema: T, description: string): T;
export declare const nonEmptyText: z.ZodMiniString<string>;
export declare const evalNameSchema: z.ZodMiniString<string>;
/** True when `p` is relative and cannot climb out of the directory it is resolved against. */
export declare function staysInsideSandbox(p: string): boolean;
export declare const sandboxPathSchema: z.ZodMiniString<string>;
/** The reason `source` does not compile as a regular expression, or undefined when it does. */
export declare function regexCompileError(source: string): string | undefined;
export declare const regexSchema: z.ZodMiniString<string>;
export declare const exitCodeSchema: z.ZodMiniNumber<number>;
export declare const commandSchema: z.ZodMiniString<string>;
/** A trial count, or `{ min, max }` for adaptive trials. Shared by the YAML and TS formats. */
export declare const trialsSchema: z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
    min: z.ZodMiniNumber<number>;
    max: z.ZodMiniNumber<number>;
    confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
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
export declare const workflowSchema: z.ZodMiniObject<{
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
}, z.core.$strict>;
/** The agents that can judge (their adapters implement `judge`). */
export declare const JUDGE_AGENTS: readonly ["claude-code", "codex"];
export declare const judgeExampleSchema: z.ZodMiniObject<{
    label: z.ZodMiniEnum<{
        pass: "pass";
        fail: "fail";
    }>;
    dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
    files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    name: z.ZodMiniOptional<z.ZodMiniString<string>>;
}, z.core.$strict>;
/** The options of a judge, shared by the YAML task, the skill outcome and `judge()` in TS. */
export declare const judgeOptionShape: {
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
};
export declare const judgeAgentSchema: z.ZodMiniOptional<z.ZodMiniEnum<{
    "claude-code": "claude-code";
    codex: "codex";
}>>;
export declare const judgeCheckSchema: z.ZodMiniObject<{
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
    rubric: z.ZodMiniString<string>;
    agent: z.ZodMiniOptional<z.ZodMiniEnum<{
        "claude-code": "claude-code";
        codex: "codex";
    }>>;
}, z.core.$strict>;
/** Why `key` cannot name a file of a trial's HOME (as overlayPathProblem, said of HOME). */
export declare function homePathProblem(key: string): string | undefined;
export declare const homeFilesSchema: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>;
export declare const variantNameSchema: z.ZodMiniString<string>;
/**
 * Why `key` cannot name a file a variant writes or removes in the sandbox, or undefined when it
 * can: empty, absolute, with a `..` segment, ending in a separator, or naming the sandbox itself.
 */
export declare function overlayPathProblem(key: string): string | undefined;
export declare const overlayPathSchema: z.ZodMiniString<string>;
export declare const overlayFilesSchema: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>;
export declare const mcpServerNameSchema: z.ZodMiniString<string>;
export declare const mcpServerSchema: z.ZodMiniObject<{
    command: z.ZodMiniString<string>;
    args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
}, z.core.$strict>;
export declare const mcpServersSchema: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniObject<{
    command: z.ZodMiniString<string>;
    args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
}, z.core.$strict>>;
/** The keys of a variant that override something; `name` and `source` do not. */
export declare const variantOverrideKeys: readonly ["prompt", "files", "model", "args", "setup", "mcp"];
/** True when a variant (as written) overrides nothing: no key, or only empty `files`/`args`. */
export declare function overridesNothing(variant: Record<string, unknown>): boolean;
/** Fixes for the variant rules, shared by every format. */
export declare const variantFixes: {
    readonly nothing: "give it at least one of `prompt`, `files`, `model`, `args`, `setup` or `mcp`, or remove the variant";
    readonly duplicate: "give each variant its own `name`";
    readonly clash: "keep one of the two paths: a file cannot also be a folder";
};
/** Problems across a variant list: two variants with one name, a file path that is also a folder. */
export declare function variantListIssues(variants: unknown[]): Array<{
    path: PropertyKey[];
    message: string;
    code: string;
    fix: string;
}>;
/** Two written paths where one is the other's folder (`a` and `a/b`), if there are. */
export declare function overlayClash(files: Record<string, unknown>): {
    file: string;
    folder: string;
} | undefined;
/**
 * A `variants:` list whose prompts take `promptSchema` (text in YAML; text or definePrompt in
 * TypeScript). Each item overrides something; names are unique; `files` stay in the sandbox.
 */
export declare function variantsSchema<P extends z.ZodMiniType>(promptSchema: P, promptDescription: string): z.ZodMiniArray<z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    prompt: z.ZodMiniOptional<P>;
    files: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniString<string>>>>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniNullable<z.ZodMiniObject<{
        command: z.ZodMiniString<string>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    }, z.core.$strict>>>>;
}, z.core.$strict>>;
export declare function countDeclaredAssertions(assertions: Record<string, unknown>): number;
export declare function isPlainRecord(value: unknown): value is Record<string, unknown>;
export declare const yamlTaskSchema: z.ZodMiniObject<{
    name: z.ZodMiniString<string>;
    prompt: z.ZodMiniOptional<z.ZodMiniString<string>>;
    setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    timeout: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    assertions: z.ZodMiniOptional<z.ZodMiniObject<{
        files: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        absent: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        commands: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniObject<{
            run: z.ZodMiniString<string>;
            exitCode: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        }, z.core.$strict>]>>>;
        contains: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniObject<{
            file: z.ZodMiniString<string>;
            text: z.ZodMiniOptional<z.ZodMiniString<string>>;
            matches: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>]>>>;
        forbidden: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniObject<{
            file: z.ZodMiniString<string>;
            text: z.ZodMiniOptional<z.ZodMiniString<string>>;
            matches: z.ZodMiniOptional<z.ZodMiniString<string>>;
        }, z.core.$strict>]>>>;
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
        judge: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
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
            rubric: z.ZodMiniString<string>;
            agent: z.ZodMiniOptional<z.ZodMiniEnum<{
                "claude-code": "claude-code";
                codex: "codex";
            }>>;
        }, z.core.$strict>>>;
    }, z.core.$strict>>;
    agents: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    passRate: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    sandbox: z.ZodMiniOptional<z.ZodMiniObject<{
        template: z.ZodMiniOptional<z.ZodMiniString<string>>;
        fixture: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        repo: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniLiteral<true>]>>;
        home: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        kind: z.ZodMiniOptional<z.ZodMiniString<string>>;
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>>;
    shims: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnion<readonly [z.ZodMiniLiteral<"passthrough">, z.ZodMiniObject<{
        script: z.ZodMiniOptional<z.ZodMiniString<string>>;
        exitCode: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        stdout: z.ZodMiniOptional<z.ZodMiniString<string>>;
        stderr: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>]>>>;
    maxCostUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniObject<{
        command: z.ZodMiniString<string>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    }, z.core.$strict>>>;
    params: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniNumber<number>, z.ZodMiniBoolean<boolean>]>>>;
    secrets: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
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
export type YamlTask = z.output<typeof yamlTaskSchema>;
export type YamlAssertions = NonNullable<YamlTask["assertions"]>;
export type YamlSandbox = NonNullable<YamlTask["sandbox"]>;
export type YamlShim = NonNullable<YamlTask["shims"]>[string];
export type YamlVariant = NonNullable<YamlTask["variants"]>[number];
