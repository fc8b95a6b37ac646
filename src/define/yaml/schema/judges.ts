// `judge:`: the model-graded checks, their options and their labelled examples.

import * as z from "zod/mini";
import { Codes } from "../../../model/index.js";
import { described, hint, withMeta } from "./meta.js";
import { nonEmptyText, sandboxPathSchema } from "./leaves.js";

/** The agents that can judge (their adapters implement `judge`). */
export const JUDGE_AGENTS = ["claude-code", "codex"] as const;

function requireDirOrFiles(example: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if ((example.dir === undefined) !== (example.files === undefined)) return;
  ctx.addIssue({
    code: "custom",
    message: "an example needs one of `dir` or `files`",
    ...hint(
      Codes.schema,
      "give `dir: path/to/folder` (a workspace) or `files: { path: content }`, not both",
    ),
  });
}

export const judgeExampleSchema = described(
  z
    .strictObject({
      label: described(z.enum(["pass", "fail"]), "What the judge should answer: pass or fail."),
      dir: described(
        z.optional(nonEmptyText),
        "A folder standing for a final workspace; relative to the project root, or to the eval file when it starts with `./` or `../`.",
      ),
      files: described(
        z.optional(z.record(sandboxPathSchema, described(z.string(), "The file's content."))),
        "The workspace as a mapping of sandbox-relative paths to content.",
      ),
      name: described(z.optional(nonEmptyText), "A name for the calibration report."),
    })
    .check(z.superRefine(requireDirOrFiles)),
  "A labelled example: `{ label: pass|fail, dir }` or `{ label, files: { path: content } }`.",
);

/** The options of a judge, shared by the YAML task, the skill outcome and `judge()` in TS. */
export const judgeOptionShape = {
  files: described(
    z.optional(z.array(sandboxPathSchema)),
    "Files the judge reads first: their text goes into its prompt.",
  ),
  model: described(z.optional(nonEmptyText), "The judge's model (default: the CLI's own)."),
  samples: withMeta(z.optional(z.number().check(z.int(), z.gte(1), z.lte(15))), {
    description:
      "An integer from 1 to 15: independent judge calls; the verdict is their majority (default 1; odd numbers avoid ties).",
    default: 1,
  }),
  always: described(
    z.optional(z.boolean()),
    "Run the judge even when a deterministic check failed or the agent failed (default false).",
  ),
  examples: described(
    z.optional(z.array(judgeExampleSchema)),
    "Labelled examples `agent-evals calibrate` measures the judge on (accuracy, Cohen's κ).",
  ),
};

export const judgeAgentSchema = described(
  z.optional(z.enum(JUDGE_AGENTS)),
  "The agent CLI that judges, read-only: `claude-code` (default) or `codex`.",
);

export const judgeCheckSchema = described(
  z.strictObject({
    rubric: described(nonEmptyText, "What the work must satisfy, in plain words."),
    agent: judgeAgentSchema,
    ...judgeOptionShape,
  }),
  "A model-graded check: `{ rubric, files?, agent?, model?, samples?, always?, examples? }`.",
);
