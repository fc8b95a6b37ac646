// "Changed-only" selection (`--changed --base <ref>`): the evals whose rendered prompt or definition
// differs from what they were at a git ref. The ref's files are written into a temp folder through
// a throwaway index — never into the user's checkout, index or HEAD — and its eval files are
// discovered and loaded there like the run's own, so a prompt module's imports (helpers that build
// part of the text) render as they were at the ref. The folder is always removed afterwards.
// `compare --base` reads the base the same way (openBaseTree) and keeps it for its run.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { discoverEvalFiles, renderPrompt } from "../define/index.js";
import type { EvalSpec } from "../model/index.js";
import { makeRunTempDir } from "../util/index.js";
import {
  AgentEvalsError,
  Codes,
  DefinitionError,
  NEVER_SNAPSHOT_DIRS,
  formatProblem,
  errorMessage,
} from "../model/index.js";

/**
 * A base fetched outside the user's repository (the Action fetches it into a scratch repository,
 * never into the checkout): its name for messages, its commit, and the object folder holding it.
 */
export interface FetchedBase {
  ref: string;
  sha: string;
  objectsDir: string;
}

/** A git ref of the user's repository (origin/main, a sha, HEAD~1), or a fetched base. */
export type BaseSpec = string | FetchedBase;

/** The name a base goes by in labels and messages. */
export function baseName(base: BaseSpec): string {
  return typeof base === "string" ? base : base.ref;
}

export interface ChangedOptions {
  /** The user's checkout (may be a subfolder of the git work tree). */
  projectRoot: string;
  /** A git ref: origin/main, a sha, HEAD~1; or a base fetched into an object folder of its own. */
  base: BaseSpec;
  /** The same discovery globs the run uses (relative to projectRoot). */
  evals?: string[];
  /** Loads eval files as the run does (the engine's loader, every kind registered). */
  load(files: string[], projectRoot: string): Promise<EvalSpec[]>;
  /** For secrets when rendering (their values never reach the hash: it shows `{{NAME}}`). */
  env: Record<string, string | undefined>;
}

export interface ChangedEval {
  id: string;
  /**
   * new: not at the base; prompt: the rendered prompt differs; definition: the eval file or its
   * options differ; sandbox: what the trial's sandbox holds differs (the repository snapshot's
   * files, the template folder's, the fixture, setup, shims, HOME files, the agents' settings).
   */
  reason: "new" | "prompt" | "definition" | "sandbox";
}

export interface ChangedResult {
  /** The evals of `current` that are new or differ at the base, in the order of `current`. */
  changed: ChangedEval[];
  /**
   * Why the comparison is coarser than asked: the base's definitions did not load (then every eval
   * counts as changed, reason "definition"), or a prompt could not be rendered (that eval counts as
   * changed, reason "prompt").
   */
  warnings: string[];
}

/** The base can't be compared with: not a git repository, an unknown ref, git missing. */
export class ChangedBaseError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.badBase, message);
  }
}

/**
 * The evals of `current` that are new or differ at `base`. Never touches the user's checkout.
 * Throws ChangedBaseError when the base can't be checked out; definitions at the base that fail to
 * load are not an error: every eval then counts as changed, with a warning.
 */
export async function changedEvals(
  current: EvalSpec[],
  options: ChangedOptions,
): Promise<ChangedResult> {
  const tree = await openBaseTree(options.projectRoot, options.base);
  try {
    if (!tree.exists) {
      return { changed: current.map((s) => ({ id: s.id, reason: "new" as const })), warnings: [] };
    }
    let base: EvalSpec[];
    try {
      const files = await discoverEvalFiles(tree.root, options.evals);
      base = await options.load(files, tree.root);
    } catch (error) {
      const detail =
        error instanceof DefinitionError
          ? error.problems.slice(0, 3).map(formatProblem).join("\n")
          : errorMessage(error);
      return {
        changed: current.map((s) => ({ id: s.id, reason: "definition" as const })),
        warnings: [
          `the eval definitions at ${tree.label} do not load, so every eval counts as changed:\n${detail}`,
        ],
      };
    }
    return await compare(current, base, options.env, tree.label, {
      now: path.resolve(options.projectRoot),
      then: tree.root,
    });
  } finally {
    await tree.dispose();
  }
}

/** The project as it is at a git ref, in a scratch folder: what --changed and compare read. */
export interface BaseTree {
  /** The project folder inside the scratch tree (the same subfolder of the repository). */
  root: string;
  /** `<ref> (<sha>)`, for messages. */
  label: string;
  sha: string;
  /** False when the project folder did not exist at the ref. */
  exists: boolean;
  /** Removes the scratch folder (links into the user's node_modules first). */
  dispose(): Promise<void>;
}

/**
 * The files of the project at `base`, written into a scratch folder without touching the user's
 * checkout, index or refs. Throws ChangedBaseError when the ref can't be read (not a repository,
 * an unknown ref, a shallow clone without it).
 */
export async function openBaseTree(projectDir: string, base: BaseSpec): Promise<BaseTree> {
  const projectRoot = await realDir(projectDir);
  const topLevel = await repoTopLevel(projectRoot);
  const objects = typeof base === "string" ? undefined : base.objectsDir;
  const sha =
    typeof base === "string"
      ? await resolveBase(topLevel, base)
      : await fetchedBase(topLevel, base);
  const rel = path.relative(topLevel, projectRoot);
  const label = `${baseName(base)} (${sha.slice(0, 12)})`;
  const tmp = makeRunTempDir("agent-evals-base-");
  const worktree = path.join(tmp, "tree");
  const links: string[] = [];
  const dispose = () => removeScratch(tmp, links);
  try {
    await materializeTree(topLevel, sha, rel, tmp, worktree, objects).catch((error: unknown) => {
      throw new ChangedBaseError(
        `could not read ${label} into a scratch folder: ${gitMessage(error)}`,
      );
    });
    const root = path.join(worktree, rel);
    const exists = await isDir(root);
    if (exists) links.push(...(await linkNodeModules(projectRoot, topLevel, worktree)));
    return { root, label, sha, exists, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function compare(
  current: EvalSpec[],
  base: EvalSpec[],
  env: Record<string, string | undefined>,
  label: string,
  roots: { now: string; then: string },
): Promise<ChangedResult> {
  const byId = new Map(base.map((s) => [s.id, s]));
  const changed: ChangedEval[] = [];
  const warnings: string[] = [];
  const folders = new Map<string, Promise<string>>();
  for (const spec of current) {
    const old = byId.get(spec.id);
    if (!old) {
      changed.push({ id: spec.id, reason: "new" });
      continue;
    }
    const now = promptHash(spec, env);
    const then = promptHash(old, env);
    if (now instanceof Error || then instanceof Error) {
      const [error, where] = now instanceof Error ? [now, "now"] : [then as Error, `at ${label}`];
      warnings.push(
        `${spec.id}: its prompt does not render ${where} (${error.message}); counted as changed`,
      );
      changed.push({ id: spec.id, reason: "prompt" });
    } else if (now !== then) {
      changed.push({ id: spec.id, reason: "prompt" });
    } else if (
      spec.definitionHash !== old.definitionHash ||
      (await fileHash(spec.file)) !== (await fileHash(old.file))
    ) {
      changed.push({ id: spec.id, reason: "definition" });
    } else if (
      (await sandboxHash(spec, roots.now, folders)) !==
      (await sandboxHash(old, roots.then, folders))
    ) {
      changed.push({ id: spec.id, reason: "sandbox" });
    }
  }
  return { changed, warnings };
}

/**
 * Everything an eval's trials start from besides its prompt and definition, as one hash: the files
 * of its sandbox (a repository snapshot's: `git ls-files -co --exclude-standard` without the
 * results folder, node_modules and .git, as the snapshot copies them; a template folder's; a
 * fixture's), the overlay, the HOME files, the provider and its image, setup, shims, model, agent
 * arguments, MCP servers and agents. Folders are named relative to the project root, so the same
 * tree at the base and now hashes the same.
 */
async function sandboxHash(
  spec: EvalSpec,
  root: string,
  folders: Map<string, Promise<string>>,
): Promise<string> {
  const { workspace, isolation } = spec;
  let files: string | null = null;
  if (workspace.kind === "repo" || workspace.kind === "template") {
    const dir = path.resolve(workspace.dir);
    if (!folders.has(dir)) folders.set(dir, folderHash(dir));
    files = await folders.get(dir)!;
  }
  const place = (dir: string) => path.relative(root, path.resolve(dir)).split(path.sep).join("/");
  return sha256(
    JSON.stringify([
      workspace.kind,
      workspace.kind === "fixture" ? workspace.files : place(workspace.dir),
      files,
      workspace.overlay ?? null,
      workspace.home ?? null,
      isolation.provider ?? null,
      isolation.image ?? null,
      isolation.limits ?? null,
      spec.setup,
      spec.shims,
      spec.model ?? null,
      spec.agentArgs ?? null,
      spec.mcp ?? null,
      spec.agents.map((a) => (typeof a === "string" ? a : JSON.stringify(a))),
    ]),
  );
}

/** The names and contents of the files a snapshot of `dir` copies; "missing" without the folder. */
async function folderHash(dir: string): Promise<string> {
  if (!(await isDir(dir))) return "missing";
  const names = await snapshotFiles(dir);
  const entries: string[] = [];
  for (const name of names) entries.push(`${name}\0${await entryHash(path.join(dir, name))}`);
  return sha256(entries.join("\n"));
}

/**
 * The files a repository snapshot of `dir` copies (as run/workspace/repo-files.ts's repoFiles lists
 * them): tracked and untracked-but-not-ignored files in a git work tree, else every file found by
 * a walk (the base's scratch tree, which holds the tracked files only); never under node_modules/,
 * .git/ or .copybook/ at any depth.
 */
async function snapshotFiles(dir: string): Promise<string[]> {
  let listed: string[];
  const inside = await git(dir, ["rev-parse", "--is-inside-work-tree"]).catch(() => "");
  if (inside.trim() === "true") {
    const out = await git(dir, ["ls-files", "-co", "--exclude-standard", "-z"]);
    listed = out
      .split("\0")
      .filter((p) => p !== "")
      .map((p) => p.replace(/\/$/, ""));
  } else {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    listed = entries
      .filter((e) => !e.isDirectory())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
  }
  const excluded = new Set(NEVER_SNAPSHOT_DIRS);
  return [...new Set(listed)]
    .filter((rel) => !rel.split("/").some((segment) => excluded.has(segment)))
    .sort();
}

/** A file's content and executable bit, a symlink's target, a folder marker, or "missing". */
async function entryHash(file: string): Promise<string> {
  try {
    const stat = await fs.lstat(file);
    if (stat.isSymbolicLink()) return `link:${await fs.readlink(file)}`;
    if (stat.isDirectory()) return "dir";
    const mode = stat.mode & 0o111 ? "x" : "f";
    return `${mode}:${sha256(await fs.readFile(file))}`;
  } catch {
    return "missing";
  }
}

/** The eval file's bytes: a TS eval's functions (custom checks) are in no definition hash. */
async function fileHash(file: string): Promise<string> {
  return entryHash(file);
}

function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The prompt's snapshot hash (secrets shown as `{{NAME}}`), null without a prompt, or the render
 * error. A secret missing from `env` can't change the hash, so it is filled with a stand-in.
 */
function promptHash(
  spec: EvalSpec,
  env: Record<string, string | undefined>,
): string | null | Error {
  if (!spec.prompt) return null;
  const withSecrets = { ...env };
  for (const name of spec.prompt.secrets) {
    if (!withSecrets[name]) withSecrets[name] = "unset";
  }
  try {
    return renderPrompt(spec.prompt, withSecrets).hash;
  } catch (error) {
    return error as Error;
  }
}

// ---------- git ----------

/** Variables that point git at a particular repository or index (set inside git hooks). */
const GIT_LOCATION_VARS = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_PREFIX",
  "GIT_COMMON_DIR",
  "GIT_IMPLICIT_WORK_TREE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_SHALLOW_FILE",
  "GIT_GRAFT_FILE",
];

/** git with its stdout, and stdin fed from `input`; rejects like execFile (with stderr) on failure. */
function gitProcess(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; input?: string },
): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: options.cwd, env: options.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const stdout = Buffer.concat(out).toString("utf8");
      if (code === 0) return resolve({ stdout });
      const stderr = Buffer.concat(err).toString("utf8");
      reject(
        Object.assign(new Error(`git ${args[0]} exited ${code}: ${stderr.trim()}`), { stderr }),
      );
    });
    child.stdin.on("error", () => undefined); // git may exit before reading all of stdin
    child.stdin.end(options.input ?? "");
  });
}

async function git(
  cwd: string,
  args: string[],
  extra: {
    GIT_INDEX_FILE?: string;
    GIT_ALTERNATE_OBJECT_DIRECTORIES?: string;
    input?: string;
  } = {},
): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of GIT_LOCATION_VARS) delete env[name];
  if (extra.GIT_INDEX_FILE) env.GIT_INDEX_FILE = extra.GIT_INDEX_FILE;
  // Objects read from another folder too, for this command only: the repository is not changed.
  if (extra.GIT_ALTERNATE_OBJECT_DIRECTORIES)
    env.GIT_ALTERNATE_OBJECT_DIRECTORIES = extra.GIT_ALTERNATE_OBJECT_DIRECTORIES;
  try {
    const { stdout } = await gitProcess(args, { cwd, env, input: extra.input });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new ChangedBaseError(
        "reading a --base ref needs git, and git is not on PATH: install git",
      );
    }
    throw error;
  }
}

function gitMessage(error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
  return stderr.split("\n").at(-1) || errorMessage(error);
}

async function realDir(dir: string): Promise<string> {
  try {
    return await fs.realpath(path.resolve(dir));
  } catch {
    throw new ChangedBaseError(`the project folder ${dir} does not exist`);
  }
}

async function repoTopLevel(projectRoot: string): Promise<string> {
  let out: string;
  try {
    out = await git(projectRoot, ["rev-parse", "--show-toplevel"]);
  } catch (error) {
    if (error instanceof ChangedBaseError) throw error;
    throw new ChangedBaseError(
      `--base compares with a git ref, but ${projectRoot} is not inside a git work tree (${gitMessage(error)}): ` +
        "run it in a git checkout, or leave out --base (and --changed)",
    );
  }
  return fs.realpath(out.trim());
}

/** The commit `base` names, or a ChangedBaseError saying how to make it known. */
async function resolveBase(topLevel: string, base: string): Promise<string> {
  if (!base.trim() || base.startsWith("-")) {
    throw new ChangedBaseError(
      `--base ${JSON.stringify(base)} is not a git ref: give a branch, tag or commit (origin/main, HEAD~1, a sha)`,
    );
  }
  try {
    return (await git(topLevel, ["rev-parse", "--verify", "--quiet", `${base}^{commit}`])).trim();
  } catch (error) {
    if (error instanceof ChangedBaseError) throw error;
  }
  throw new ChangedBaseError(
    `--base ${base}: no such commit in this repository. ${await refHint(topLevel, base)}`,
  );
}

/** A fetched base's commit, read through its object folder: a ChangedBaseError when it is not one. */
async function fetchedBase(topLevel: string, base: FetchedBase): Promise<string> {
  try {
    return (
      await git(topLevel, ["rev-parse", "--verify", "--quiet", `${base.sha}^{commit}`], {
        GIT_ALTERNATE_OBJECT_DIRECTORIES: base.objectsDir,
      })
    ).trim();
  } catch (error) {
    if (error instanceof ChangedBaseError) throw error;
    throw new ChangedBaseError(`${base.ref}: the fetched commit ${base.sha} could not be read`);
  }
}

async function refHint(topLevel: string, base: string): Promise<string> {
  const remotes = (await git(topLevel, ["remote"]).catch(() => "")).split("\n").filter(Boolean);
  const shallow =
    (await git(topLevel, ["rev-parse", "--is-shallow-repository"]).catch(() => "")).trim() ===
    "true";
  const remote = remotes.find((r) => base.startsWith(`${r}/`));
  const hints: string[] = [];
  if (remote) {
    hints.push(`Fetch it first: \`git fetch ${remote} ${base.slice(remote.length + 1)}\`.`);
  } else {
    hints.push(
      "Check the name (`git branch -a`, `git log --oneline`); a branch that exists only on the " +
        `remote is ${remotes[0] ?? "origin"}/<name>, fetched with \`git fetch ${remotes[0] ?? "origin"} <name>\`.`,
    );
  }
  if (shallow) {
    hints.push(
      "This clone is shallow: `git fetch --unshallow`, or in GitHub Actions check out with `fetch-depth: 0`.",
    );
  }
  return hints.join(" ");
}

/**
 * Untracked node_modules folders (from the project root up to the repository's top level) are linked
 * into the worktree, so eval files that import packages load at the base as they do now.
 */
async function linkNodeModules(
  projectRoot: string,
  topLevel: string,
  worktree: string,
): Promise<string[]> {
  const links: string[] = [];
  for (let dir = projectRoot; ; dir = path.dirname(dir)) {
    const source = path.join(dir, "node_modules");
    const target = path.join(worktree, path.relative(topLevel, dir), "node_modules");
    if ((await isDir(source)) && (await isDir(path.dirname(target))) && !(await exists(target))) {
      await fs.symlink(source, target, "dir");
      links.push(target);
    }
    if (dir === topLevel || path.dirname(dir) === dir) break;
  }
  return links;
}

/**
 * The files of commit `sha` under `rel` (relative to the repository's top level), written to
 * `dest` as they are in the commit. Reads objects only: a throwaway index in `tmp` stands in for
 * the repository's own, so its index, HEAD, refs, worktree list and shallowness stay as they were,
 * and no hook runs. (`git worktree add` would register a worktree in the user's repository, and
 * `git archive` would drop files marked export-ignore.)
 */
async function materializeTree(
  topLevel: string,
  sha: string,
  rel: string,
  tmp: string,
  dest: string,
  objects?: string,
): Promise<void> {
  const index = path.join(tmp, "index");
  const withIndex = {
    GIT_INDEX_FILE: index,
    ...(objects ? { GIT_ALTERNATE_OBJECT_DIRECTORIES: objects } : {}),
  };
  await git(topLevel, ["read-tree", sha], withIndex);
  await fs.mkdir(dest, { recursive: true });
  const files = await git(topLevel, ["ls-files", "-z", "--", rel || "."], withIndex);
  if (!files) return;
  await git(topLevel, ["checkout-index", `--prefix=${dest}${path.sep}`, "-z", "--stdin"], {
    ...withIndex,
    input: files,
  });
}

async function removeScratch(tmp: string, links: string[]): Promise<void> {
  // The links go first, so nothing below can reach into the user's node_modules.
  for (const link of links) await fs.unlink(link).catch(() => undefined);
  await fs.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
}

async function isDir(p: string): Promise<boolean> {
  return fs.stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function exists(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    () => true,
    () => false,
  );
}
