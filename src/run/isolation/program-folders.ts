// Which folders a program needs to run inside a jail or a container: both bwrap and docker mount
// them.

import { realpathSync } from "node:fs";
import path from "node:path";

/**
 * The folders a program runs from: its own, and — through links, as `.agent-clis/bin/claude` is —
 * its real file's package (the nearest node_modules above it, whose siblings hold a CLI's
 * platform binaries), so that it still runs where a private /tmp hides the project it lives in.
 */
export function programFolders(program: string): string[] {
  const folders = [path.dirname(program)];
  let real: string;
  try {
    real = realpathSync(program);
  } catch {
    return folders;
  }
  let dir = path.dirname(real);
  for (let up = dir; path.dirname(up) !== up; up = path.dirname(up)) {
    if (path.basename(up) === "node_modules") {
      dir = up;
      break;
    }
  }
  return [...folders, dir];
}
