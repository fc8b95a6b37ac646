// Variants → evals: a variant is the eval with its overrides applied. Pure: no I/O, nothing but the
// spec and the variant; the engine runs the result beside the eval as defined (the control).

import type { EvalSpec, McpServerSpec, PromptSpec, VariantSpec } from "../model/index.js";
import { sha256, stableStringify } from "../define/index.js";

/**
 * The eval `spec` with `variant`'s overrides applied: its prompt, setup and model replaced where the
 * variant gives them, `agentArgs` = the variant's `args`, its `files` laid over the workspace
 * (`workspace.overlay`), `variant` = its name, no `variants` of its own, and a definitionHash of the
 * parent's hash and the variant (so a change to either is a change to the variant's eval). The id,
 * the checks and everything else stay the eval's: the two are compared on the same checks.
 */
export function expandVariant(spec: EvalSpec, variant: VariantSpec): EvalSpec {
  const { variants: _variants, mcp: _mcp, ...parent } = spec;
  const overlay = variant.files
    ? { ...spec.workspace.overlay, ...variant.files }
    : spec.workspace.overlay;
  const model = variant.model ?? spec.model;
  const mcp = variant.mcp ? mergeMcp(spec.mcp, variant.mcp) : spec.mcp;
  return {
    ...parent,
    ...(variant.prompt ? { prompt: variant.prompt } : {}),
    ...(variant.setup ? { setup: [...variant.setup] } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(variant.args?.length ? { agentArgs: [...variant.args] } : {}),
    ...(mcp && Object.keys(mcp).length ? { mcp } : {}),
    workspace: { ...spec.workspace, ...(overlay ? { overlay } : {}) },
    ...(spec.part && variant.model ? { part: { ...spec.part, model: variant.model } } : {}),
    variant: variant.name,
    definitionHash: variantHash(spec.definitionHash, variant),
  };
}

/** The eval's MCP servers with a variant's added over them (a null removes one). */
function mergeMcp(
  base: Record<string, McpServerSpec> | undefined,
  overrides: Record<string, McpServerSpec | null>,
): Record<string, McpServerSpec> {
  const merged: Record<string, McpServerSpec> = { ...base };
  for (const [name, server] of Object.entries(overrides)) {
    if (server === null) delete merged[name];
    else merged[name] = server;
  }
  return merged;
}

/** Every variant of `spec` expanded, in the order they were declared (none: an empty list). */
export function expandVariants(spec: EvalSpec): EvalSpec[] {
  return (spec.variants ?? []).map((variant) => expandVariant(spec, variant));
}

/**
 * sha256 of the parent's hash and what the variant overrides. Where it was declared is left out,
 * and so is a prompt file's location: the hash is the same wherever the checkout lives.
 */
export function variantHash(parentHash: string, variant: VariantSpec): string {
  const { source: _source, prompt, ...overrides } = variant;
  return sha256(
    stableStringify({
      parent: parentHash,
      variant: { ...overrides, ...(prompt ? { prompt: hashablePrompt(prompt) } : {}) },
    }),
  );
}

function hashablePrompt(prompt: PromptSpec): Omit<PromptSpec, "file"> {
  const { file: _file, ...rest } = prompt;
  return rest;
}
