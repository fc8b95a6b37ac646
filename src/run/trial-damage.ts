// What the agent did beyond its task, read before the checks: its workspace folder deleted or
// replaced, writes beside it, shimmed calls from folders outside it, a tree that cannot be read.

import fs from "node:fs";
import path from "node:path";
import { AgentFault, type HarnessReason } from "../model/index.js";
import { writesBesideWorkspace } from "./isolation/resolve.js";
import { TreeError } from "./workspace/io.js";

/**
 * The value of a step that reads what the agent left, or why it could not be read: an AgentFault,
 * or a TreeError of the walk (a path too long, a loop), which arise from the agent's workspace.
 */
export async function faultOf<T>(step: () => Promise<T>): Promise<{ value: T } | string> {
  try {
    return { value: await step() };
  } catch (error) {
    if (error instanceof AgentFault) return error.message;
    if (error instanceof TreeError)
      return `the agent left a workspace that cannot be read: ${error.message}`;
    throw error;
  }
}

export interface WorkspaceDamage {
  /** Why the trial fails because of what the agent did to its workspace folder. */
  failure?: string;
  warnings: string[];
  /** The same findings as reasons of the harness (model/parity.ts), with their evidence. */
  harness?: HarnessReason[];
}

/**
 * What the agent did to its workspace folder beyond the task: deleted or replaced it (the trial fails; the
 * checks then run against an empty folder), or wrote beside it in the trial's folder (a warning).
 */
export async function workspaceDamage(
  root: string,
  work: string,
  kept?: { gone: boolean },
): Promise<WorkspaceDamage> {
  const damage: WorkspaceDamage = { warnings: [] };
  const stat = fs.lstatSync(work, { throwIfNoEntry: false });
  if (kept?.gone) {
    damage.failure = "the agent deleted its sandbox folder";
  } else if (!stat?.isDirectory()) {
    damage.failure = stat
      ? "the agent replaced its sandbox folder with a file or link"
      : "the agent deleted its sandbox folder";
    fs.rmSync(work, { force: true, recursive: true });
    fs.mkdirSync(work);
  }
  const beside = await writesBesideWorkspace(root);
  if (beside.length) {
    const warning =
      `the agent wrote outside its sandbox, beside it: ${beside.map((n) => `../${n}`).join(", ")}` +
      " (writes further away are not detected; --sandbox bwrap prevents them)";
    damage.warnings.push(warning);
    damage.harness = [{ kind: "outside-workspace", source: "workspace", evidence: warning }];
  }
  return damage;
}

/**
 * Shimmed calls the agent made from a folder outside its sandbox (the workspace, its TMPDIR and
 * HOME; `treeInside`, the workspace's path in a container): said as such, with the folders.
 */
export function callsOutside(
  calls: readonly { bin: string; cwd: string }[],
  inside: readonly (string | undefined)[],
): string[] {
  const roots = inside.filter((p): p is string => Boolean(p)).map((p) => path.resolve(p));
  const within = (cwd: string) =>
    roots.some((r) => {
      const rel = path.relative(r, cwd);
      return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
    });
  const outside = new Map<string, Set<string>>();
  for (const call of calls) {
    if (!call.cwd || !path.isAbsolute(call.cwd) || within(path.resolve(call.cwd))) continue;
    const bins = outside.get(call.cwd) ?? new Set<string>();
    bins.add(call.bin);
    outside.set(call.cwd, bins);
  }
  if (!outside.size) return [];
  const listed = [...outside].slice(0, 5).map(([cwd, bins]) => `${[...bins].join(", ")} in ${cwd}`);
  return [
    `the agent worked outside its sandbox: shimmed calls ran from folders outside its workspace (${listed.join("; ")}${outside.size > 5 ? `; ${outside.size - 5} more folders` : ""})`,
  ];
}

/** callsOutside's finding as a reason of the harness, read from the shim log. */
export function outsideReasons(warnings: readonly string[]): HarnessReason[] {
  return warnings.map((evidence) => ({ kind: "outside-workspace", source: "shim log", evidence }));
}
