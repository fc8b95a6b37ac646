// `assertions:`: the files, commands, texts, trajectory and judges an eval's work must satisfy,
// and the count of what an assertions mapping declares.

import * as z from "zod/mini";
import { Codes } from "../../../model/index.js";
import { described, hint, withMeta, yamlTaskDefaults } from "./meta.js";
import {
  commandSchema,
  exitCodeSchema,
  isPlainRecord,
  nonEmptyText,
  regexSchema,
  sandboxPathSchema,
} from "./leaves.js";
import { judgeCheckSchema } from "./judges.js";

/** The assertion lists; an eval must put at least one item in one of them. */
export const assertionListKeys = [
  "files",
  "absent",
  "commands",
  "contains",
  "forbidden",
  "judge",
] as const;

const commandCheckSchema = described(
  z.union([
    described(commandSchema, "A shell command that must exit 0, run inside the sandbox."),
    z.strictObject({
      run: described(commandSchema, "The shell command to run inside the sandbox."),
      exitCode: withMeta(z.optional(exitCodeSchema), {
        description: "An integer from 0 to 255: the exit code the command must return (default 0).",
        default: yamlTaskDefaults.commandExitCode,
      }),
    }),
  ]),
  "A command that must succeed: `npm test`, or `{ run: npm test, exitCode: 1 }`.",
);

function requireTextOrMatches(
  pinned: { text?: string | undefined; matches?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (pinned.text !== undefined && pinned.matches !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["matches"],
      message: "`text` and `matches` cannot be used together",
      ...hint(Codes.schema, "keep `text` for a plain substring or `matches` for a regex, not both"),
    });
  } else if (pinned.text === undefined && pinned.matches === undefined) {
    ctx.addIssue({
      code: "custom",
      message: "a pinned entry needs `text` or `matches`",
      ...hint(Codes.schema, "add `text: <substring>` or `matches: <regex>` next to `file:`"),
    });
  }
}

function textCheckSchema(must: "must" | "must not") {
  const where = "in a file the run created or modified";
  return described(
    z.union([
      described(nonEmptyText, `Text that ${must} appear ${where}.`),
      z
        .strictObject({
          file: described(
            sandboxPathSchema,
            `The sandbox-relative file the text ${must} appear in.`,
          ),
          text: described(z.optional(nonEmptyText), `A substring that ${must} appear in \`file\`.`),
          matches: described(
            z.optional(regexSchema),
            `A regular expression that ${must} match somewhere in \`file\`.`,
          ),
        })
        .check(z.superRefine(requireTextOrMatches)),
    ]),
    `Text that ${must} appear ${where}, or pinned to one file: \`{ file, text }\` or \`{ file, matches: regex }\`.`,
  );
}

/** The trajectory check of the skill-eval guide: which tools, with which arguments, in which order. */
export const workflowSchema = described(
  z.strictObject({
    match_mode: described(
      z.optional(z.enum(["superset", "subset", "unordered", "strict"])),
      "`superset` (default): at least the expected tools; `subset`: only tools from the list; `unordered`: exactly the listed tools, any order; `strict`: the same calls in the same order.",
    ),
    expected_tools: described(
      z.optional(
        z.array(
          z.strictObject({
            name: described(
              nonEmptyText,
              "A tool name: Bash, Read, Edit, Write, Glob, Grep, Skill, …",
            ),
            args_contain: described(
              z.optional(z.record(z.string(), z.string())),
              "A mapping of argument names to text their value must contain.",
            ),
            after: described(
              z.optional(nonEmptyText),
              "A tool that must have been called before this one.",
            ),
          }),
        ),
      ),
      "A list of tool calls the agent is expected to make.",
    ),
    forbidden_tools: described(
      z.optional(z.array(nonEmptyText)),
      "A list of tools the agent must not use.",
    ),
  }),
  "Checks on the agent's tool calls (its trajectory).",
);

export const assertionsSchema = described(
  z.strictObject({
    files: described(
      z.optional(z.array(sandboxPathSchema)),
      "A list of sandbox-relative paths that must exist after the run.",
    ),
    absent: described(
      z.optional(z.array(sandboxPathSchema)),
      "A list of sandbox-relative paths that must not exist after the run.",
    ),
    commands: described(
      z.optional(z.array(commandCheckSchema)),
      "A list of commands that must succeed inside the sandbox after the run.",
    ),
    contains: described(
      z.optional(z.array(textCheckSchema("must"))),
      "A list of texts that must appear: bare text searches the files the run created or modified; `{ file, text }` or `{ file, matches }` pins it to one file.",
    ),
    forbidden: described(
      z.optional(z.array(textCheckSchema("must not"))),
      "A list of texts that must not appear: bare text searches the files the run created or modified; `{ file, text }` or `{ file, matches }` pins it to one file.",
    ),
    workflow: z.optional(workflowSchema),
    judge: described(
      z.optional(z.array(judgeCheckSchema)),
      "A list of model-graded checks, run after every other check held: an agent CLI reads a copy of the final workspace, read-only, and answers pass, fail or unknown.",
    ),
  }),
  "A mapping of what must hold after the run: `files`, `absent`, `commands`, `contains`, `forbidden`, `workflow`, `judge`.",
);

export function countDeclaredAssertions(assertions: Record<string, unknown>): number {
  let count = 0;
  for (const key of assertionListKeys) {
    const list = assertions[key];
    if (Array.isArray(list)) count += list.length;
    else if (list !== undefined && list !== null) count += 1; // wrong type: reported on its own
  }
  const workflow = assertions.workflow;
  if (isPlainRecord(workflow)) {
    // `workflow: {}` (superset of nothing, nothing forbidden) would pass vacuously.
    const declares = (list: unknown) =>
      Array.isArray(list) ? list.length > 0 : list !== undefined && list !== null;
    const mode = workflow.match_mode;
    const narrowsMode = mode !== undefined && mode !== null && mode !== "superset";
    if (declares(workflow.expected_tools) || declares(workflow.forbidden_tools) || narrowsMode) {
      count += 1;
    }
  } else if (workflow !== undefined && workflow !== null) count += 1; // wrong type: reported on its own
  return count;
}
