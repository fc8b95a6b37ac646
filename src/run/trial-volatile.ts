// The strings in a trial's model requests that differ from run to run and machine to machine: the
// trial's own folders, and the folder its agent CLI is installed in. Record and replay replace
// them with placeholders before requests are stored and matched (docs/record-replay.md).

import fs from "node:fs";
import path from "node:path";
import { findOnPathSync } from "../util/index.js";

/** How far above the agent's program its package.json may lie (bin/, bundle/, dist/cli/ …). */
const INSTALL_ROOT_DEPTH = 4;

/**
 * Each string that differs between runs, mapped to its placeholder: the trial's workspace, TMPDIR,
 * HOME and folder (each also as the slug some CLIs name a folder after, claude's
 * ~/.claude/projects/-tmp-…-work), and the agent's install folder.
 */
export function volatileStrings(input: {
  work: string;
  tmp: string;
  root: string;
  env: Record<string, string>;
  /** The agent's program (AgentAdapter.executable). */
  executable?: string;
}): Record<string, string> {
  const paths: [string, string][] = [
    [input.work, "workspace"],
    [input.tmp, "tmp"],
    ...(input.env.HOME ? [[input.env.HOME, "home"] as [string, string]] : []),
    [input.root, "trial"],
  ];
  const trial = paths.flatMap(([dir, name]) => [
    [dir, `<${name}>`],
    [dir.replace(/[^A-Za-z0-9]/g, "-"), `<${name}-slug>`],
  ]);
  const install = input.executable ? installRoot(input.executable, input.env.PATH) : undefined;
  return Object.fromEntries([...trial, ...(install ? [[install, "<agent-install>"]] : [])]);
}

/**
 * The folder an npm-installed agent CLI lives in: the nearest folder holding a package.json above
 * its program's real path (links followed: `gemini` on PATH is a link into the package). Undefined
 * when the program is not found or is not part of a package (a bare binary: nothing to replace).
 */
export function installRoot(
  executable: string,
  searchPath: string | undefined,
): string | undefined {
  const found = executable.includes(path.sep)
    ? path.resolve(executable)
    : findOnPathSync(executable, searchPath ?? "");
  if (!found) return undefined;
  let dir: string;
  try {
    dir = path.dirname(fs.realpathSync(found));
  } catch {
    return undefined;
  }
  for (let i = 0; i <= INSTALL_ROOT_DEPTH; i++) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}
