import type * as z from "zod/mini";
import type { SandboxSpec, ShimSpec } from "../../model/index.js";
import { type DefinitionProblem } from "../../model/index.js";
import { type ContainerOptionInput } from "./container.js";
export type SandboxOptionInput = (({
    template: string;
} | {
    fixture: Record<string, string>;
} | {
    repo: string | true;
} | {
    home: Record<string, string>;
} | {
    kind: string;
} | {
    image: string;
}) & {
    home?: Record<string, string>;
    kind?: string;
} & ContainerOptionInput) | undefined;
export interface PathContext {
    projectRoot: string;
    evalFile: string;
    key: string;
    line?: number;
}
/** `./x` and `../x` are relative to the eval file; other relative paths to the project root. */
export declare function resolveUserPath(p: string, ctx: {
    projectRoot: string;
    evalFile: string;
}): string;
export declare function normalizeSandbox(option: SandboxOptionInput, ctx: PathContext): {
    sandbox: SandboxSpec;
} | {
    problem: DefinitionProblem;
};
export type ShimOptionInput = "passthrough" | {
    script: string;
} | {
    exitCode?: number;
    stdout?: string;
    stderr?: string;
};
export declare function normalizeShims(shims: Record<string, ShimOptionInput>, where: {
    file: string;
    line?: number;
    key: string;
}): {
    shims: Record<string, ShimSpec>;
} | {
    problems: DefinitionProblem[];
};
export declare function normalizeShim(option: ShimOptionInput): ShimSpec;
/** zod issues as problems at one place (TS definitions have no per-key lines). */
export declare function zodProblems(error: z.core.$ZodError, where: {
    file: string;
    line?: number;
}, prefix: string): DefinitionProblem[];
