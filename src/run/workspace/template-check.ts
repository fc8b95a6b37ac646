// Template folders are checked before anything runs: a missing folder, a symlink that leads out
// of it, a template that a link leads out of the project, and one that is `/` or a folder above
// the project are definition errors (AE115, exit 2, nothing runs), not a failure found mid-run or
// a walk of the whole file system. It lives beside the workspace code because it walks the tree
// the way a trial's copy does; the engine calls it while planning.

import { realpath } from "node:fs/promises";
import path from "node:path";
import type { EvalSpec } from "../../model/index.js";
import { Codes, type DefinitionProblem } from "../../model/index.js";
import { displayPath, isInside } from "../../util/index.js";
import { TreeError } from "./io.js";
import { snapshotTree } from "./tree.js";

export async function templateProblems(
  specs: EvalSpec[],
  projectRoot: string,
): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  const checked = new Map<string, TemplateProblem | undefined>();
  for (const spec of specs) {
    if (spec.workspace.kind !== "template") continue;
    const dir = spec.workspace.dir;
    if (!checked.has(dir)) checked.set(dir, await templateProblem(dir, projectRoot));
    const problem = checked.get(dir);
    if (!problem) continue;
    problems.push({
      file: path.relative(projectRoot, spec.file) || spec.file,
      ...(spec.line ? { line: spec.line } : {}),
      key: "sandbox.template",
      code: Codes.badTemplate,
      message: `template folder ${displayPath(dir, projectRoot)}: ${problem.message}`,
      fix: problem.fix,
    });
  }
  return problems;
}

interface TemplateProblem {
  message: string;
  fix: string;
}

const MISSING_FIX =
  "create the folder, or correct the path (relative to the project root, or to the eval file with ./)";
const LINK_FIX =
  "replace the link with a copy of what it points to, or point it inside the template";
const WHOLE_TREE_FIX =
  "point sandbox.template at a folder that holds only the sandbox's files (or use `repo: true` for a snapshot of the project)";

async function templateProblem(
  dir: string,
  projectRoot: string,
): Promise<TemplateProblem | undefined> {
  // Where the folder really is, decided before walking it: a template that is (or is reached
  // through) a link to `/` would otherwise have the whole file system walked and copied.
  let real: string;
  try {
    real = await realpath(dir);
  } catch {
    return { message: "not found", fix: MISSING_FIX };
  }
  const realRoot = await realpath(projectRoot).catch(() => path.resolve(projectRoot));
  if (isInside(path.resolve(dir), path.resolve(projectRoot)) && !isInside(real, realRoot)) {
    return {
      message: `a symlink leads it out of the project, to ${real}`,
      fix: "point sandbox.template at the folder itself, or make the link lead to a folder inside the project",
    };
  }
  const isRoot = real === path.parse(real).root;
  if (isRoot || (real !== realRoot && isInside(realRoot, real))) {
    const what = isRoot ? "the whole file system" : "the project and what lies beside it";
    return { message: `it is ${real}, which holds ${what}`, fix: WHOLE_TREE_FIX };
  }
  try {
    await snapshotTree(dir);
    return undefined;
  } catch (error) {
    if (!(error instanceof TreeError)) throw error;
    if (error.reason === "missing") return { message: "not found", fix: MISSING_FIX };
    return {
      message: error.message.replace(/\. Fix: .*$/s, "").replace("prepared tree", "template"),
      fix: LINK_FIX,
    };
  }
}
