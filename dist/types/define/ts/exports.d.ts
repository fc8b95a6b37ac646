import * as z from "zod/mini";
import type { AgentRef, CheckSpec, EvalSpec } from "../../model/index.js";
import { type DefinitionProblem } from "../../model/index.js";
import { type PromptDefinition } from "./api.js";
import { type LoadedExport } from "./module.js";
export declare const tsOptionsSchema: z.ZodMiniObject<{
    id: z.ZodMiniOptional<z.ZodMiniString<string>>;
    agents: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniCustom<AgentRef, AgentRef>>>;
    trials: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniNumber<number>, z.ZodMiniObject<{
        min: z.ZodMiniNumber<number>;
        max: z.ZodMiniNumber<number>;
        confidence: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    passRate: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    sandbox: z.ZodMiniOptional<z.ZodMiniUnion<readonly [z.ZodMiniObject<{
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        template: z.ZodMiniString<string>;
        home: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        kind: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>, z.ZodMiniObject<{
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        fixture: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>;
        home: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        kind: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>, z.ZodMiniObject<{
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        repo: z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniLiteral<true>]>;
        home: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
        kind: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>, z.ZodMiniObject<{
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        home: z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>;
        kind: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>, z.ZodMiniObject<{
        image: z.ZodMiniOptional<z.ZodMiniString<string>>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        kind: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        image: z.ZodMiniString<string>;
        cpus: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        memory: z.ZodMiniOptional<z.ZodMiniString<string>>;
        pids: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    }, z.core.$strict>]>>;
    setup: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
    shims: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnion<readonly [z.ZodMiniLiteral<"passthrough">, z.ZodMiniObject<{
        script: z.ZodMiniString<string>;
    }, z.core.$strict>, z.ZodMiniObject<{
        exitCode: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        stdout: z.ZodMiniOptional<z.ZodMiniString<string>>;
        stderr: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strict>]>>>;
    assert: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniCustom<CheckSpec, CheckSpec>>>;
    maxCostUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    timeoutMs: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    params: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniUnion<readonly [z.ZodMiniString<string>, z.ZodMiniNumber<number>, z.ZodMiniBoolean<boolean>]>>>;
    model: z.ZodMiniOptional<z.ZodMiniString<string>>;
    mcp: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniObject<{
        command: z.ZodMiniString<string>;
        args: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
        env: z.ZodMiniOptional<z.ZodMiniRecord<z.ZodMiniString<string>, z.ZodMiniString<string>>>;
    }, z.core.$strict>>>;
    variants: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        name: z.ZodMiniString<string>;
        prompt: z.ZodMiniOptional<z.ZodMiniCustom<string | PromptDefinition, string | PromptDefinition>>;
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
export interface TsLoadContext {
    projectRoot: string;
    file: string;
    source: string;
}
/** EvalSpecs of one module's exports, or the problems found in them. */
export declare function specsFromExports(exports: LoadedExport[], ctx: TsLoadContext): {
    specs: EvalSpec[];
    problems: DefinitionProblem[];
};
