// Paths shown to the user: inside the project, relative to it; outside it, as they are.

import path from "node:path";

/** Whether `target` is `root` or below it (a folder named `..foo` is below; `..` is not). */
export function isInside(target: string, root: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** `file` relative to the project when it is inside it (the project itself as given), else as given. */
export function displayPath(file: string, projectRoot: string | undefined): string {
  if (!projectRoot || !path.isAbsolute(file)) return file;
  return isInside(file, projectRoot) ? path.relative(projectRoot, file) || file : file;
}

/** A path an agent made (4,000 characters deep, say) shown by its two ends, not whole. */
export function shortPath(file: string, end = 80): string {
  return file.length <= 3 * end
    ? file
    : `${file.slice(0, end)}…(${file.length - 2 * end} characters)…${file.slice(-end)}`;
}
