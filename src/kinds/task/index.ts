// Task evals: a prompt, a sandbox and checks, written as YAML (no `type:` key) or as TypeScript
// (`defineEval`, loaded by define/ts). Each file is one eval; nothing to add up after a run.

import type { EvalKind, Summary } from "../kind.js";
import { yamlTaskSchema, yamlTaskEval } from "../../define/index.js";

export const taskKind: EvalKind<Summary, "task"> = {
  name: "task",
  yamlTypes: [null],
  loadYaml: (source, ctx) => [yamlTaskEval(source, { projectRoot: ctx.projectRoot })],
  schemas: { yamlTaskSchema },
};
