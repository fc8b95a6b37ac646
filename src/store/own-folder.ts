// The results folder is the harness's own: a run empties it, so it is never reached through a
// link. A committed `.copybook/results -> ..` would otherwise have a run delete the project.

import { lstatSync, readlinkSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../model/index.js";

/**
 * Throws UsageError (exit 2) when `dir`, or a folder between `projectRoot` and it, is a link or
 * not a folder. Outside the project only `dir` itself is looked at. A missing part is fine:
 * the harness creates it.
 */
export function refuseLinkedOwnFolder(projectRoot: string, dir: string): void {
  const root = path.resolve(projectRoot);
  const target = path.resolve(dir);
  const rel = path.relative(root, target);
  const inside = rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel);
  const parts = inside ? rel.split(path.sep) : [];
  const steps = inside ? parts.map((_, i) => path.join(root, ...parts.slice(0, i + 1))) : [target];
  for (const step of steps) {
    const stats = lstatSync(step, { throwIfNoEntry: false });
    if (!stats) return;
    const shown = path.relative(process.cwd(), step) || step;
    if (stats.isSymbolicLink()) {
      throw new UsageError(
        `${shown} is a symlink (to ${readlinkSync(step)}); agent-evals never writes or clears its ` +
          `results through a link: remove it (git rm ${shown}) and run again`,
      );
    }
    if (!stats.isDirectory()) {
      throw new UsageError(
        `${shown} is not a folder; agent-evals keeps its results in ${path.relative(root, target)}: ` +
          `remove it and run again`,
      );
    }
  }
}
