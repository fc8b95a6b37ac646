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
