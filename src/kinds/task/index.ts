// Task evals: a prompt, a sandbox and checks, written as YAML (no `type:` key: schema.ts is the
// format, load.ts maps it onto the model) or as TypeScript (`defineEval`, loaded by define/ts).
// Each file is one eval; nothing to add up after a run.

import type { EvalKind, Summary } from "../kind.js";
import { yamlTaskEval } from "./load.js";
import { yamlTaskSchema } from "./schema.js";

export { loadYamlEval, yamlTaskEval, type LoadContext } from "./load.js";
export { yamlTaskSchema, type YamlTask } from "./schema.js";

export const taskKind: EvalKind<Summary, "task"> = {
  name: "task",
  yamlTypes: [null],
  loadYaml: (source, ctx) => [yamlTaskEval(source, { projectRoot: ctx.projectRoot })],
  schemas: { yamlTaskSchema },
};
