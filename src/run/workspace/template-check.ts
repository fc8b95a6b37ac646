// Template folders are checked before anything runs: a missing folder or a symlink that leads out
// of it is a definition error (AE115, exit 2, nothing runs), not a failure found mid-run. It lives
// beside the workspace code because it walks the tree the way a trial's copy does; the engine calls
// it while planning.

import path from "node:path";
import type { EvalSpec } from "../../model/index.js";
import { Codes, type DefinitionProblem } from "../../model/index.js";
import { SandboxError, snapshotTree } from "./sandbox.js";

export async function templateProblems(
  specs: EvalSpec[],
  projectRoot: string,
): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  const checked = new Map<string, string | undefined>();
  for (const spec of specs) {
    if (spec.sandbox.kind !== "template") continue;
    const dir = spec.sandbox.dir;
    if (!checked.has(dir)) checked.set(dir, await templateProblem(dir));
    const problem = checked.get(dir);
    if (!problem) continue;
    problems.push({
      file: path.relative(projectRoot, spec.file) || spec.file,
      ...(spec.line ? { line: spec.line } : {}),
      key: "sandbox.template",
      code: Codes.badTemplate,
      message: `template folder ${path.relative(projectRoot, dir) || dir}: ${problem}`,
      fix: problem.startsWith("not found")
        ? "create the folder, or correct the path (relative to the project root, or to the eval file with ./)"
        : "replace the link with a copy of what it points to, or point it inside the template",
    });
  }
  return problems;
}

async function templateProblem(dir: string): Promise<string | undefined> {
  try {
    await snapshotTree(dir);
    return undefined;
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    if (error.reason === "missing") return "not found";
    return error.message.replace(/\. Fix: .*$/s, "").replace("prepared tree", "template");
  }
}
