import type * as z from "zod/mini";
import type { CheckSpec, EvalSpec, JudgeSpec, McpServerSpec, PromptSpec, SourceRef, VariantSpec } from "../../model/index.js";
import { type YamlVariant, judgeCheckSchema, workflowSchema } from "./schema.js";
import { type YamlSource } from "./source.js";
export interface LoadContext {
    /** Relative `template`/`repo` paths resolve against it (unless they start with `./` or `../`). */
    projectRoot: string;
}
export { MAX_EVAL_FILE_BYTES } from "../eval-file.js";
/**
 * Parse and validate one YAML eval file's text. Throws DefinitionError listing every problem
 * found, each with file, line, column, key, message, fix and code; never throws anything else.
 */
export declare function loadYamlEval(file: string, text: string, ctx: LoadContext): EvalSpec;
/** The EvalSpec of an already parsed YAML task; throws like loadYamlEval. */
export declare function yamlTaskEval(source: YamlSource, ctx: LoadContext): EvalSpec;
/** The text of an eval file's bytes; throws AE114 when too large, AE113 when not UTF-8. */
export declare function decodeEvalFile(file: string, bytes: Uint8Array): string;
/** A validated `variants:` item as the model's VariantSpec; `prompt` made the format's way. */
export declare function toVariantSpec<P>(variant: Omit<YamlVariant, "prompt"> & {
    prompt?: P | undefined;
}, prompt: (given: P) => PromptSpec, source: SourceRef): VariantSpec;
type McpServerInput = {
    command: string;
    args?: string[];
    env?: Record<string, string>;
};
/** A validated `mcp:` mapping as the model's servers (args and env always present). */
export declare function toMcpServers(servers: Record<string, McpServerInput>): Record<string, McpServerSpec>;
/** The YAML `workflow` block as a trajectory check. */
export declare function workflowCheck(workflow: z.output<typeof workflowSchema>): CheckSpec;
/** A validated judge (YAML task or skill outcome) as a check; example folders resolved. */
export declare function judgeCheck(judge: Omit<z.output<typeof judgeCheckSchema>, "agent"> & {
    agent?: JudgeSpec["agent"];
}, resolveDir: (dir: string) => string): CheckSpec;
