// `variants:`: named overrides of an eval (prompt, files, model, args, setup, mcp), each run beside
// the eval as defined; the rules each variant and the whole list must keep.

import * as z from "zod/mini";
import { Codes } from "../../../model/index.js";
import { described, hint, withMeta } from "./meta.js";
import { argSchema, commandSchema, isPlainRecord, nonEmptyText } from "./leaves.js";
import { mcpServerNameSchema, mcpServerSchema } from "./mcp.js";
import { overlayClash, overlayFilesSchema } from "./overlay.js";

const VARIANT_NAME = /^[A-Za-z0-9._-]+$/;

export const variantNameSchema = withMeta(
  z.string().check(
    z.minLength(1),
    z.maxLength(64),
    z.superRefine((name, ctx) => {
      if (name === "" || VARIANT_NAME.test(name)) return;
      ctx.addIssue({
        code: "custom",
        message: `variant name ${JSON.stringify(name)} may only contain letters, digits, \`.\`, \`_\` and \`-\``,
        input: name,
        ...hint(
          Codes.schema,
          "name the variant with letters, digits, `.`, `_` and `-`, e.g. `without-skill`",
        ),
      });
    }),
  ),
  {
    description:
      "The variant's name, unique in the eval (letters, digits, `.`, `_` and `-`, at most 64 characters).",
    // What the check above says, for editors (a refinement has no JSON Schema of its own).
    pattern: VARIANT_NAME.source,
  },
);

/** The keys of a variant that override something; `name` and `source` do not. */
export const variantOverrideKeys = [
  "prompt",
  "files",
  "model",
  "args",
  "setup",
  "mcp",
  "agentVersion",
] as const;

const AGENT_VERSION = /^[a-z][a-z-]*@[0-9A-Za-z.+-]+$/;

/** `AGENT@VERSION`: another version of a built-in agent CLI, for that agent's pairs only. */
const agentVersionSchema = withMeta(
  z.string().check(
    z.superRefine((text, ctx) => {
      if (AGENT_VERSION.test(text)) return;
      ctx.addIssue({
        code: "custom",
        message: `agentVersion ${JSON.stringify(text)} is not AGENT@VERSION`,
        input: text,
        ...hint(Codes.schema, "write the agent and the version, e.g. `claude-code@2.1.333`"),
      });
    }),
  ),
  {
    description:
      "`AGENT@VERSION` (e.g. `gemini@0.60.0`): that agent's pairs run another version of its CLI, installed once into a cache; the eval's other agents run no such variant.",
    pattern: AGENT_VERSION.source,
  },
);

/** True when a variant (as written) overrides nothing: no key, or only empty `files`/`args`. */
export function overridesNothing(variant: Record<string, unknown>): boolean {
  return variantOverrideKeys.every((key) => {
    const value = variant[key];
    if (value === undefined || value === null) return true;
    if (key === "files" || key === "mcp") {
      return isPlainRecord(value) && Object.keys(value).length === 0;
    }
    if (key === "args") return Array.isArray(value) && value.length === 0;
    return false;
  });
}

/** Fixes for the variant rules, shared by every format. */
export const variantFixes = {
  nothing:
    "give it at least one of `prompt`, `files`, `model`, `args`, `setup`, `mcp` or `agentVersion`, or remove the variant",
  duplicate: "give each variant its own `name`",
  clash: "keep one of the two paths: a file cannot also be a folder",
} as const;

function requireSomeOverride(variant: unknown, ctx: z.core.$RefinementCtx): void {
  if (!isPlainRecord(variant) || !overridesNothing(variant)) return;
  const name = typeof variant.name === "string" ? variant.name : "?";
  ctx.addIssue({
    code: "custom",
    message: `variant ${JSON.stringify(name)} overrides nothing: it would run the eval as defined again`,
    ...hint(Codes.emptyVariant, variantFixes.nothing),
  });
}

/** Problems across a variant list: two variants with one name, a file path that is also a folder. */
export function variantListIssues(
  variants: unknown[],
): Array<{ path: PropertyKey[]; message: string; code: string; fix: string }> {
  const issues: Array<{ path: PropertyKey[]; message: string; code: string; fix: string }> = [];
  const first = new Map<string, number>();
  for (const [index, variant] of variants.entries()) {
    if (!isPlainRecord(variant)) continue;
    const name = variant.name;
    if (typeof name === "string") {
      const earlier = first.get(name);
      if (earlier === undefined) first.set(name, index);
      else
        issues.push({
          path: [index, "name"],
          message: `variant name ${JSON.stringify(name)} is already used by variants[${earlier}]`,
          code: Codes.duplicateVariant,
          fix: variantFixes.duplicate,
        });
    }
    if (isPlainRecord(variant.files)) {
      const clash = overlayClash(variant.files);
      if (clash)
        issues.push({
          path: [index, "files", clash.file],
          message: `the sandbox path ${JSON.stringify(clash.file)} needs ${JSON.stringify(clash.folder)} to be a folder, but ${JSON.stringify(clash.folder)} is written as a file`,
          code: Codes.badPath,
          fix: variantFixes.clash,
        });
    }
  }
  return issues;
}

function checkVariantList(variants: unknown[], ctx: z.core.$RefinementCtx): void {
  for (const issue of variantListIssues(variants)) {
    ctx.addIssue({
      code: "custom",
      path: issue.path,
      message: issue.message,
      ...hint(issue.code, issue.fix),
    });
  }
}

/**
 * A `variants:` list whose prompts take `promptSchema` (text in YAML; text or definePrompt in
 * TypeScript). Each item overrides something; names are unique; `files` stay in the sandbox.
 */
export function variantsSchema<P extends z.ZodMiniType>(
  promptSchema: P,
  promptDescription: string,
) {
  const variant = z
    .strictObject({
      name: variantNameSchema,
      prompt: described(z.optional(promptSchema), promptDescription),
      files: z.optional(overlayFilesSchema),
      model: described(z.optional(nonEmptyText), "Replaces the eval's model."),
      args: described(
        z.optional(z.array(argSchema)),
        "A list of extra command-line arguments for the agent, appended to its own (each one argument, never split by a shell).",
      ),
      setup: described(
        z.optional(z.array(commandSchema)),
        "A list of shell commands that replaces the eval's `setup`.",
      ),
      mcp: described(
        z.optional(z.record(mcpServerNameSchema, z.nullable(mcpServerSchema))),
        "A mapping of MCP servers added over the eval's `mcp`, or null to remove one (compare with and without a server).",
      ),
      agentVersion: z.optional(agentVersionSchema),
    })
    // Only when the rest is valid: beside a misspelt key (`modle:`) "overrides nothing" misleads.
    .check(z.superRefine(requireSomeOverride, { when: (payload) => payload.issues.length === 0 }));
  return described(
    z
      .array(
        described(
          variant,
          "A variant: `{ name, prompt?, files?, model?, args?, setup?, mcp?, agentVersion? }`, at least one override.",
        ),
      )
      // Also when some item is invalid: a duplicate name is worth knowing beside a bad path.
      .check(z.superRefine(checkVariantList, { when: (payload) => Array.isArray(payload.value) })),
    "A list of named variants, each run beside the eval as defined and compared with it: `{ name, prompt?, files?, model?, args?, setup?, mcp?, agentVersion? }`.",
  );
}
