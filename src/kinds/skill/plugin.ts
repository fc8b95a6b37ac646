// The Claude Code plugin a skill or command belongs to: a folder with `.claude-plugin/plugin.json`
// whose `skills/<name>/SKILL.md` or `commands/<name>.md` the target is. A trigger run loads the
// plugin for real (`claude --plugin-dir`), so the model sees every skill and command of it under
// the plugin's namespace (`lint-kit:ts-fixer`), and its other skills and commands compete with the
// target for each query.

import { promises as fs } from "node:fs";
import path from "node:path";
import { readInsideSync } from "../../util/index.js";
import { readTarget, TargetError, type Target } from "./target.js";
import { errorMessage } from "../../model/index.js";

export interface Plugin {
  /** The manifest's `name`: the namespace Claude Code lists its skills and commands under. */
  name: string;
  /** The plugin's folder, relative to the project root (`.` when it is the project). */
  relative: string;
  /** Where the copy is installed in the trial's sandbox (what `--plugin-dir` is given). */
  installDir: string;
  /** The target as the plugin installs it (its file inside the copy). */
  target: Target;
  /** The plugin's other skills and commands, installed the same way: the target's competitors. */
  siblings: Target[];
  /** Sandbox-relative path → content: the manifest, skills/ and commands/ of the plugin. */
  install: Record<string, string>;
  /** Things the report should say (parts of the plugin that are not installed). */
  warnings: string[];
}

const MANIFEST = ".claude-plugin/plugin.json";
const MAX_MANIFEST_BYTES = 1024 * 1024;
// Manifest keys that name more components; the copy keeps the default folders only.
const COMPONENT_KEYS = ["commands", "skills", "agents", "hooks", "mcpServers", "lspServers"];

/** The plugin the target is part of, or undefined when it is not in one. */
export async function pluginOf(target: Target, projectRoot: string): Promise<Plugin | undefined> {
  const root = pluginRoot(target);
  if (!root) return undefined;
  const manifestFile = path.join(root, MANIFEST);
  const relative = toPosix(path.relative(projectRoot, root)) || ".";
  const shownManifest = `${relative === "." ? "" : `${relative}/`}${MANIFEST}`;
  // From the pull request's tree: a link out of the project, a FIFO, is refused, not read.
  const read = readInsideSync(projectRoot, manifestFile, MAX_MANIFEST_BYTES);
  if (read.kind === "missing") return undefined;
  if (read.kind !== "file" || read.truncated)
    throw new TargetError(
      read.kind === "outside"
        ? `the target's plugin manifest ${shownManifest} is a symlink to ${read.real}, outside the project: it is not read`
        : read.kind === "refused"
          ? `the target's plugin manifest ${shownManifest} is ${read.what}, not a regular file: it is not read`
          : `the target's plugin manifest ${shownManifest} is ${read.size} bytes; it may be at most 1 MiB`,
      "make it a regular file inside the project, or set `trigger.plugin: false` to evaluate the target alone",
    );
  const text = read.bytes.toString("utf8");
  const manifest = parseManifest(text, shownManifest);
  const name =
    typeof manifest.name === "string" && /^[\w.-]+$/.test(manifest.name)
      ? manifest.name
      : path.basename(root);
  const installDir = `plugins/${name}`;
  const members = await pluginMembers(root, projectRoot);
  const moved = members.map((m) => relocate(m, installDir, name));
  const target2 = moved.find((m) => m.relative === target.relative);
  const warnings = [
    ...COMPONENT_KEYS.filter((key) => manifest[key] !== undefined).map(
      (key) =>
        `the plugin's plugin.json names \`${key}\` paths: trigger runs install its skills/ and commands/ folders only`,
    ),
    // The target's own are said by the loader already.
    ...members
      .filter((m) => m.relative !== target.relative)
      .flatMap((m) =>
        m.skipped.map(
          (f) => `${f} of the plugin's skill ${m.names[0]} is not text and was not installed`,
        ),
      ),
  ];
  const kept = Object.fromEntries(
    ["name", "version", "description"]
      .filter((key) => manifest[key] !== undefined)
      .map((key) => [key, manifest[key]]),
  );
  return {
    name,
    relative,
    installDir,
    target: target2 ?? relocate(target, installDir, name),
    siblings: moved.filter((m) => m.relative !== target.relative),
    install: Object.assign(
      { [`${installDir}/${MANIFEST}`]: `${JSON.stringify({ ...kept, name }, null, 2)}\n` },
      ...moved.map((m) => m.install),
    ) as Record<string, string>,
    warnings,
  };
}

/** `<plugin>/skills/<name>/SKILL.md` or `<plugin>/commands/<name>.md` → `<plugin>`. */
function pluginRoot(target: Target): string | undefined {
  const dir = path.dirname(target.file);
  if (target.type === "skill" && path.basename(path.dirname(dir)) === "skills")
    return path.dirname(path.dirname(dir));
  if (target.type === "command" && path.basename(dir) === "commands") return path.dirname(dir);
  return undefined;
}

function parseManifest(text: string, file: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TargetError(
      `the target's plugin manifest ${file} is not valid JSON (${errorMessage(error)})`,
      "fix the JSON (Claude Code would not load the plugin either), or set `trigger.plugin: false` to evaluate the target alone",
    );
  }
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new TargetError(
      `the target's plugin manifest ${file} is not a JSON object`,
      'write it as { "name": "<plugin-name>", … }, or set `trigger.plugin: false`',
    );
  return data as Record<string, unknown>;
}

/** Every skill (`skills/<name>/SKILL.md`) and command (`commands/<name>.md`) of the plugin. */
async function pluginMembers(root: string, projectRoot: string): Promise<Target[]> {
  const list = async (dir: string) =>
    (await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => [])).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  const members: Target[] = [];
  for (const entry of await list("skills")) {
    const file = path.join(root, "skills", entry.name, "SKILL.md");
    if (!entry.isDirectory() || !(await fs.stat(file).catch(() => undefined))?.isFile()) continue;
    members.push(await readTarget("skill", path.relative(projectRoot, file), projectRoot));
  }
  for (const entry of await list("commands")) {
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const file = path.join(root, "commands", entry.name);
    members.push(await readTarget("command", path.relative(projectRoot, file), projectRoot));
  }
  return members;
}

/** A member as the plugin copy installs it: under `<installDir>/skills|commands/`. */
function relocate(member: Target, installDir: string, plugin: string): Target {
  const from = member.type === "skill" ? ".claude/skills/" : ".claude/commands/";
  const to = `${installDir}/${member.type === "skill" ? "skills" : "commands"}/`;
  const move = (p: string) => (p.startsWith(from) ? to + p.slice(from.length) : p);
  const last = member.names[member.names.length - 1]!;
  return {
    ...member,
    // Claude Code lists it as `<plugin>:<name>`; the bare name resolves to it too.
    names: [...member.names, `${plugin}:${last}`],
    install: Object.fromEntries(Object.entries(member.install).map(([p, c]) => [move(p), c])),
    installedAt: move(member.installedAt),
  };
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
