// The file under test of a skill/command/hook eval: where it is, what it is called, what its
// description says, and the files that install it into a throwaway project.

import { promises as fs } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { AgentEvalsError, Codes } from "../../model/index.js";
import { readInsideSync, readRegularSync } from "../../util/index.js";

export type TargetType = "skill" | "command" | "hook";

export interface Target {
  type: TargetType;
  /** Absolute path of the target file (SKILL.md, the command's .md, the hook script). */
  file: string;
  /** Relative to the project root, with `/`. */
  relative: string;
  /** The names Claude Code may invoke it by (the skill's folder and its frontmatter `name`). */
  names: string[];
  /** The frontmatter `description` (or, for a command, its first line of text). */
  description: string;
  /** Sandbox-relative path → content: the target installed the way Claude Code finds it. */
  install: Record<string, string>;
  /** Where it is installed (sandbox-relative), e.g. `.claude/skills/ts-fixer/SKILL.md`. */
  installedAt: string;
  /** Files of a skill folder that could not be installed (not text). */
  skipped: string[];
}

export class TargetError extends AgentEvalsError {
  constructor(
    message: string,
    readonly fix: string,
  ) {
    super(Codes.badTarget, message);
  }
}

const MAX_SKILL_BYTES = 1024 * 1024;

/** Reads the target; throws TargetError when it is missing or not what `type` says. */
export async function readTarget(
  type: TargetType,
  target: string,
  projectRoot: string,
): Promise<Target> {
  let file = path.resolve(projectRoot, target);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) {
    throw new TargetError(
      `the target ${JSON.stringify(target)} does not exist (looked at ${file})`,
      `create it, or point \`target\` at the ${type} file relative to the project root (e.g. ${exampleTarget(type)})`,
    );
  }
  if (stat.isDirectory()) {
    if (type !== "skill")
      throw new TargetError(
        `the target ${JSON.stringify(target)} is a folder`,
        `point \`target\` at the ${type} file itself (e.g. ${exampleTarget(type)})`,
      );
    file = path.join(file, "SKILL.md");
    if (!(await fs.stat(file).catch(() => undefined))?.isFile())
      throw new TargetError(
        `the skill folder ${JSON.stringify(target)} has no SKILL.md`,
        "add SKILL.md to the folder, or point `target` at it",
      );
  }
  // Claude Code finds a skill only by its folder's SKILL.md: another file there is never loaded.
  if (type === "skill" && path.basename(file) !== "SKILL.md")
    throw new TargetError(
      `the skill target ${JSON.stringify(target)} is not a SKILL.md: Claude Code loads a skill only from its folder's SKILL.md`,
      "point `target` at the skill's SKILL.md, or at its folder",
    );
  const relative = path.relative(projectRoot, file).split(path.sep).join("/");
  if (type === "hook") {
    // Not read here (a hook may be any program), but never a link out of the project or a FIFO.
    readTargetText(target, file, projectRoot, 0);
    return {
      type,
      file,
      relative,
      names: [path.basename(file)],
      description: "",
      install: {},
      installedAt: relative,
      skipped: [],
    };
  }
  if (!file.endsWith(".md")) {
    throw new TargetError(
      `a ${type} target must be a markdown file, got ${JSON.stringify(target)}`,
      `point \`target\` at ${exampleTarget(type)}`,
    );
  }
  const { text, real } = readTargetText(target, file, projectRoot);
  const front = frontmatter(text);
  if (type === "skill") {
    const folder = path.basename(path.dirname(file));
    const names = unique([folder, typeof front.name === "string" ? front.name : folder]);
    // The folder the SKILL.md really is in: no link is followed inside it.
    const { files, skipped } = await readSkillFolder(path.dirname(real));
    const install = Object.fromEntries(
      Object.entries(files).map(([rel, content]) => [`.claude/skills/${folder}/${rel}`, content]),
    );
    return {
      type,
      file,
      relative,
      names,
      description: describe(front, text),
      install,
      installedAt: `.claude/skills/${folder}/SKILL.md`,
      skipped,
    };
  }
  const name = path.basename(file, ".md");
  return {
    type,
    file,
    relative,
    names: [name],
    description: describe(front, text),
    install: { [`.claude/commands/${name}.md`]: text },
    installedAt: `.claude/commands/${name}.md`,
    skipped: [],
  };
}

function exampleTarget(type: TargetType): string {
  if (type === "skill") return "`.claude/skills/<name>/SKILL.md`";
  if (type === "command") return "`.claude/commands/<name>.md`";
  return "`.claude/hooks/<name>.sh`";
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The YAML between the leading `---` lines, as a mapping (empty when there is none). */
export function frontmatter(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\s*(\r?\n|$)/.exec(text);
  if (!match) return {};
  try {
    const data: unknown = parseYaml(match[1] ?? "");
    return data && typeof data === "object" && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function describe(front: Record<string, unknown>, text: string): string {
  if (typeof front.description === "string" && front.description.trim())
    return front.description.trim();
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\s*\r?\n/, "");
  return (
    body
      .split("\n")
      .map((line) => line.replace(/^#+\s*/, "").trim())
      .find(Boolean) ?? ""
  );
}

/**
 * The target's text, read back without trusting the pull request that may have written it: a
 * symlink is followed only to a file inside the project, and only a regular file is read (a FIFO
 * would block the run).
 */
export function readTargetText(
  target: string,
  file: string,
  projectRoot: string,
  maxBytes = MAX_SKILL_BYTES,
): { text: string; real: string } {
  const read = readInsideSync(projectRoot, file, maxBytes);
  const shown = JSON.stringify(target);
  if (read.kind === "outside")
    throw new TargetError(
      `the target ${shown} is a symlink to ${read.real}, outside the project: it is not read`,
      "copy the file into the project, or point the link at a file inside the project",
    );
  if (read.kind === "refused")
    throw new TargetError(
      `the target ${shown} is ${read.what}, not a regular file: it is not read`,
      "make it a regular file (or a symlink to one inside the project)",
    );
  if (read.kind === "missing")
    throw new TargetError(
      `the target ${shown} does not exist (looked at ${file})`,
      "create it, or point `target` at it relative to the project root",
    );
  if (read.truncated && maxBytes > 0)
    throw new TargetError(
      `the target ${shown} is ${read.size} bytes; a target may be at most 1 MiB`,
      "make it smaller",
    );
  return { text: read.bytes.toString("utf8"), real: read.real };
}

/** Every UTF-8 file of a skill folder (relative path → text); other files are listed as skipped. */
async function readSkillFolder(
  dir: string,
): Promise<{ files: Record<string, string>; skipped: string[] }> {
  const files: Record<string, string> = {};
  const skipped: string[] = [];
  let total = 0;
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, abs).split(path.sep).join("/");
    // Listed as a file; opened only if it still is one (never through a link, never a FIFO).
    const read = readRegularSync(abs, MAX_SKILL_BYTES + 1);
    if (read.kind !== "file") {
      skipped.push(rel);
      continue;
    }
    const bytes = read.bytes;
    total += bytes.byteLength;
    try {
      if (total > MAX_SKILL_BYTES) throw new Error("too large");
      files[rel] = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      skipped.push(rel);
    }
  }
  return { files, skipped };
}

/** A user-level skill/command of the same name, which Claude Code would use instead. */
export async function shadowWarnings(target: Target, home: string | undefined): Promise<string[]> {
  if (!home || target.type === "hook") return [];
  const found: string[] = [];
  for (const name of target.names) {
    const candidates =
      target.type === "skill"
        ? [path.join(home, ".claude", "skills", name)]
        : [path.join(home, ".claude", "commands", `${name}.md`)];
    for (const candidate of candidates) {
      if (await fs.stat(candidate).catch(() => undefined)) {
        found.push(
          `a user-level ${target.type} ${JSON.stringify(name)} exists at ${candidate}: Claude Code may use it instead of ${target.relative}, so trigger and e2e results may not be about the target (rename or move it while you evaluate)`,
        );
      }
    }
  }
  return found;
}

/** Where Codex finds a project's skill (`.agents/skills/<name>/`) for one Claude Code installs. */
export function codexSkillPath(claudePath: string): string | undefined {
  return claudePath.startsWith(".claude/skills/")
    ? `.agents/skills/${claudePath.slice(".claude/skills/".length)}`
    : undefined;
}
