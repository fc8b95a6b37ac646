import { z } from "zod";
import type { AgentRef, CheckSpec, EvalSpec } from "../model/eval.js";
import { type DefinitionProblem } from "../model/errors.js";
import { type LoadedExport } from "./module.js";
export declare const tsOptionsSchema: z.ZodObject<{
    id: z.ZodOptional<z.ZodString>;
    agents: z.ZodOptional<z.ZodArray<z.ZodCustom<AgentRef, AgentRef>>>;
    trials: z.ZodOptional<z.ZodUnion<readonly [z.ZodNumber, z.ZodObject<{
        min: z.ZodNumber;
        max: z.ZodNumber;
        confidence: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    passRate: z.ZodOptional<z.ZodNumber>;
    sandbox: z.ZodOptional<z.ZodUnion<readonly [z.ZodObject<{
        template: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        fixture: z.ZodRecord<z.ZodString, z.ZodString>;
    }, z.core.$strict>, z.ZodObject<{
        repo: z.ZodUnion<readonly [z.ZodString, z.ZodLiteral<true>]>;
    }, z.core.$strict>]>>;
    setup: z.ZodOptional<z.ZodArray<z.ZodString>>;
    shims: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodLiteral<"passthrough">, z.ZodObject<{
        script: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        exitCode: z.ZodOptional<z.ZodNumber>;
        stdout: z.ZodOptional<z.ZodString>;
        stderr: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>]>>>;
    assert: z.ZodOptional<z.ZodArray<z.ZodCustom<CheckSpec, CheckSpec>>>;
    maxCostUsd: z.ZodOptional<z.ZodNumber>;
    timeoutMs: z.ZodOptional<z.ZodNumber>;
    params: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnion<readonly [z.ZodString, z.ZodNumber, z.ZodBoolean]>>>;
    model: z.ZodOptional<z.ZodString>;
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
/** JSON with sorted keys; RegExps and functions by their source, so any change changes the hash. */
export declare function stableStringify(value: unknown): string;
