// Maps validated YAML (and defineEval) pieces that more than one format shares onto the model:
// variants, MCP servers, a `workflow` block and a judge. Each eval kind's own loader (kinds/*/)
// maps the rest of its format.

import type * as z from "zod/mini";
import type {
  CheckSpec,
  JudgeSpec,
  McpServerSpec,
  PromptSpec,
  SourceRef,
  VariantSpec,
} from "../../model/index.js";
import {
  judgeCheckSchema,
  workflowSchema,
  type nonEmptyText,
  type variantsSchema,
} from "./schema.js";

/** A validated `variants:` item (its prompt type is the format's own). */
type YamlVariant = z.output<ReturnType<typeof variantsSchema<typeof nonEmptyText>>>[number];

/** A validated `variants:` item as the model's VariantSpec; `prompt` made the format's way. */
export function toVariantSpec<P>(
  variant: Omit<YamlVariant, "prompt"> & { prompt?: P | undefined },
  prompt: (given: P) => PromptSpec,
  source: SourceRef,
): VariantSpec {
  return {
    name: variant.name,
    ...(variant.prompt !== undefined ? { prompt: prompt(variant.prompt) } : {}),
    ...(variant.files !== undefined && Object.keys(variant.files).length
      ? { files: { ...variant.files } }
      : {}),
    ...(variant.model !== undefined ? { model: variant.model } : {}),
    ...(variant.args?.length ? { args: [...variant.args] } : {}),
    ...(variant.setup !== undefined ? { setup: [...variant.setup] } : {}),
    ...(variant.agentVersion !== undefined ? { agentVersion: variant.agentVersion } : {}),
    ...(variant.mcp !== undefined && Object.keys(variant.mcp).length
      ? {
          mcp: Object.fromEntries(
            Object.entries(variant.mcp).map(([name, server]) => [
              name,
              server === null ? null : toMcpServer(server),
            ]),
          ),
        }
      : {}),
    source,
  };
}

type McpServerInput = { command: string; args?: string[]; env?: Record<string, string> };

function toMcpServer(server: McpServerInput): McpServerSpec {
  return { command: server.command, args: [...(server.args ?? [])], env: { ...server.env } };
}

/** A validated `mcp:` mapping as the model's servers (args and env always present). */
export function toMcpServers(
  servers: Record<string, McpServerInput>,
): Record<string, McpServerSpec> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [name, toMcpServer(server)]),
  );
}

/** The YAML `workflow` block as a trajectory check. */
export function workflowCheck(workflow: z.output<typeof workflowSchema>): CheckSpec {
  return {
    type: "trajectory",
    mode: workflow.match_mode ?? "superset",
    expected: (workflow.expected_tools ?? []).map((t) => ({
      name: t.name,
      ...(t.args_contain ? { argsContain: t.args_contain } : {}),
      ...(t.after ? { after: t.after } : {}),
    })),
    forbidden: workflow.forbidden_tools ?? [],
  };
}

/** A validated judge (YAML task or skill outcome) as a check; example folders resolved. */
export function judgeCheck(
  judge: Omit<z.output<typeof judgeCheckSchema>, "agent"> & { agent?: JudgeSpec["agent"] },
  resolveDir: (dir: string) => string,
): CheckSpec {
  return {
    type: "judge",
    judge: {
      rubric: judge.rubric,
      files: judge.files ?? [],
      agent: judge.agent ?? "claude-code",
      ...(judge.model !== undefined ? { model: judge.model } : {}),
      samples: judge.samples ?? 1,
      always: judge.always ?? false,
      examples: (judge.examples ?? []).map((e) => ({
        label: e.label,
        ...(e.dir !== undefined ? { dir: resolveDir(e.dir) } : {}),
        ...(e.files !== undefined ? { files: { ...e.files } } : {}),
        ...(e.name !== undefined ? { name: e.name } : {}),
      })),
    },
  };
}
