// Skill, command and hook evals (`type: skill | command | hook`): one file expands to an eval per
// trigger query, per e2e scenario, or one hook eval; after a run they are put back together per
// target (trigger precision/recall/F1, scenarios, hook cases) and written to `_evals/results/`.

import type { EvalKind } from "../kind.js";
import { claudeCodeReports, writeClaudeCodeResults, type ClaudeCodeReport } from "./aggregate.js";
import { claudeCodeSections } from "./console.js";
import { loadClaudeCodeEval } from "./load.js";
import { claudeCodeMarkdown } from "./markdown.js";
import { claudeCodeReportSections } from "./report-sections.js";
import { hookEvalSchema, skillEvalSchema } from "./schema.js";
import { AXES, parseAxis, selectClaudeCodeParts } from "./select.js";

export type SkillSummary = ClaudeCodeReport;

export const skillKind: EvalKind<SkillSummary, "skill"> = {
  name: "skill",
  yamlTypes: ["skill", "command", "hook"],
  loadYaml: loadClaudeCodeEval,
  schemas: { hookEvalSchema, skillEvalSchema },
  axes: AXES,
  select: (selection, options) =>
    selectClaudeCodeParts(
      selection.specs,
      selection.names,
      parseAxis(options.axis),
      options.trials,
    ),
  summarize: async (specs, results, ctx) =>
    writeClaudeCodeResults(await claudeCodeReports(specs, results, ctx), ctx.projectRoot),
  consoleSections: claudeCodeSections,
  markdownSections: claudeCodeMarkdown,
  reportSections: claudeCodeReportSections,
};
