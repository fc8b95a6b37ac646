// The result cache of a plain checkout (no --history-dir): a result is reused when nothing it could
// depend on changed — the repository's state (HEAD, tracked changes, untracked files), the eval's
// definition, the rendered prompt, the agent and its version. Kept in `.copybook/eval-cache.json`.
// Outside a git work tree nothing is cached: there is no cheap, trustworthy picture of the files.

import { execFile, spawn } from "node:child_process";
import { createHash, randomBytes, type Hash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { EvalResult } from "../model/index.js";
import { NEVER_SNAPSHOT_DIRS, VERSION, OWN_DIR } from "../model/index.js";
import { kindOf, mayBeInGitRepo, openRegular } from "../util/index.js";
import { readBack } from "./read-back.js";

/** agent-evals' own results folder, under the project root: never part of the repository state. */
export const FINGERPRINT_CACHE_FILE = path.join(OWN_DIR, "eval-cache.json");

/** Newest entries kept per eval × agent; older ones describe repository states long gone. */
const KEEP_PER_UNIT = 20;

/**
 * sha256 of the state of the git work tree holding `projectRoot`: the HEAD commit, the tracked
 * changes (`git diff HEAD --binary`: content, modes, deletions, staged or not) and the names and
 * content hashes of untracked, non-ignored files — all of the repository, except the folders no
 * snapshot copies (NEVER_SNAPSHOT_DIRS at any depth: `node_modules/` a project forgot to ignore,
 * `.copybook/`, whose results would change the state on every run). Undefined outside a git
 * work tree, before the first commit, or when a file can't be read: then nothing is cached.
 */
export async function repoState(projectRoot: string): Promise<string | undefined> {
  const cwd = path.resolve(projectRoot);
  if (!mayBeInGitRepo(cwd)) return undefined;
  try {
    const inside = (await git(["rev-parse", "--is-inside-work-tree"], cwd)).toString().trim();
    if (inside !== "true") return undefined;
  } catch {
    return undefined;
  }
  try {
    const head = (await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], cwd))
      .toString()
      .trim();
    const top = (await git(["rev-parse", "--show-toplevel"], cwd)).toString().trim();
    // `:(top)` widens to the whole repository; each exclude matches its folder at any depth.
    const pathspec = [
      "--",
      ":(top)",
      ...NEVER_SNAPSHOT_DIRS.map((dir) => `:(top,exclude,glob)**/${dir}/**`),
    ];

    const diff = createHash("sha256");
    await git(
      [
        "diff",
        "HEAD",
        "--binary",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        "--no-renames",
        ...pathspec,
      ],
      cwd,
      diff,
    );

    const listed = await git(
      ["ls-files", "--others", "--exclude-standard", "--full-name", "-z", ...pathspec],
      cwd,
    );
    const names = listed
      .toString("utf8")
      .split("\0")
      .filter((n) => n !== "")
      .sort();
    const hashes: Array<string | undefined> = new Array<string | undefined>(names.length);
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const i = next++;
        hashes[i] = await untrackedHash(path.join(top, names[i]!));
      }
    };
    await Promise.all(Array.from({ length: Math.min(16, names.length) }, worker));
    if (hashes.some((h) => h === undefined)) return undefined;
    const untracked = names.map((name, i) => [name, hashes[i]!]);
    return sha256(JSON.stringify({ head, diff: diff.digest("hex"), untracked }));
  } catch {
    // No HEAD yet, git failing half-way: no state we could trust.
    return undefined;
  }
}

/** Content hash of an untracked entry: file bytes, a symlink's target, or a marker. */
async function untrackedHash(file: string): Promise<string | undefined> {
  try {
    const stat = await fs.lstat(file);
    if (stat.isSymbolicLink()) return sha256(`link:${await fs.readlink(file)}`);
    // A nested repository is listed as "dir/": its own git tracks its content.
    if (stat.isDirectory()) return "dir";
    // A FIFO (an agent of a local run can leave one) would block a read for ever; a socket or a
    // device is no content either: each is hashed as what it is, never opened.
    if (!stat.isFile()) return sha256(`special:${kindOf(stat)}`);
    const opened = await openRegular(file);
    if (opened.kind === "missing") return "missing";
    if (opened.kind === "refused") return sha256(`special:${opened.what}`);
    try {
      const hash = createHash("sha256");
      hash.update(stat.mode & 0o111 ? "x:" : "f:");
      for await (const chunk of opened.handle.createReadStream({ autoClose: false }))
        hash.update(chunk as Buffer);
      return hash.digest("hex");
    } finally {
      await opened.handle.close();
    }
  } catch (error) {
    // Deleted between listing and reading: its absence is the state. Unreadable: no state.
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : undefined;
  }
}

// Variables that would point git at another repository or index than the project's (set, e.g.,
// when agent-evals runs from a git hook): the repository is found from the project root.
const GIT_LOCATION_VARS = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_NAMESPACE",
  "GIT_PREFIX",
];

function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" };
  for (const name of GIT_LOCATION_VARS) delete env[name];
  return env;
}

/** Runs git (no shell). With `into`, stdout streams into that hash and the result is empty. */
function git(args: string[], cwd: string, into?: Hash): Promise<Buffer> {
  if (!into) {
    return new Promise((resolve, reject) => {
      execFile(
        "git",
        args,
        { cwd, env: gitEnv(), encoding: "buffer", maxBuffer: 256 * 1024 * 1024 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
  }
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd, env: gitEnv(), stdio: ["ignore", "pipe", "pipe"] });
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => into.update(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.alloc(0));
      else
        reject(
          new Error(`git ${args[0]} exited ${code}: ${Buffer.concat(stderr).toString().trim()}`),
        );
    });
  });
}

export interface FingerprintInput {
  definitionHash: string;
  /** The rendered prompt's hash; undefined for an eval without a prompt. */
  snapshotHash?: string;
  /** The agent as named on the command line or in the eval (name or command template). */
  agentCommand: string;
  agentVersion?: string;
  /** From repoState: when that is undefined, don't cache at all. */
  repoState: string;
  /** Trials planned, when `--trials` may differ from the definition's count. */
  trials?: number;
}

/** sha256 over every input, and agent-evals' own version (a new version may judge differently). */
export function fingerprintFor(input: FingerprintInput): string {
  return sha256(
    JSON.stringify([
      "agent-evals-fingerprint/1",
      VERSION,
      input.definitionHash,
      input.snapshotHash ?? null,
      input.agentCommand,
      input.agentVersion ?? null,
      input.repoState,
      input.trials ?? null,
    ]),
  );
}

export interface FingerprintCacheEntry {
  fingerprint: string;
  id: string;
  agent: string;
  status: "passed" | "failed";
  passes: number;
  trials: number;
  passRate: number;
  interval: [number, number];
  costUsd: number;
  /** When the result was produced, ISO 8601. */
  time: string;
}

/** The cache entry for a result, or undefined when it is not cacheable (only passed/failed are). */
export function cacheEntryFor(
  result: EvalResult,
  fingerprint: string,
  time: Date,
): FingerprintCacheEntry | undefined {
  if (result.status !== "passed" && result.status !== "failed") return undefined;
  return {
    fingerprint,
    id: result.id,
    agent: result.agent,
    status: result.status,
    passes: result.passes,
    trials: result.trialsRun,
    passRate: result.passRate,
    interval: [result.interval[0], result.interval[1]],
    costUsd: result.costUsd,
    time: time.toISOString(),
  };
}

interface CacheFile {
  version: 1;
  entries: FingerprintCacheEntry[];
}

/** The cache, keyed by fingerprint. Missing, unreadable or corrupt file: empty. */
export async function readFingerprintCache(
  projectRoot: string,
): Promise<Map<string, FingerprintCacheEntry>> {
  const entries = new Map<string, FingerprintCacheEntry>();
  // A link or FIFO in its place is said and not read (store/read-back.ts).
  const text = await readBack(path.join(projectRoot, FINGERPRINT_CACHE_FILE), {
    without: "no verdict is taken from the cache",
  }).catch(() => undefined);
  if (text === undefined) return entries;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return entries;
  }
  const list = (data as Partial<CacheFile> | null)?.entries;
  if (!Array.isArray(list)) return entries;
  for (const e of list) if (isEntry(e)) entries.set(e.fingerprint, e);
  return entries;
}

/**
 * Merge `entries` into the cache file (read again now, so other runs' entries since our read are
 * kept; ours win on the same fingerprint), keep only passed/failed entries and the newest few per
 * eval × agent, and replace the file atomically: written to a temp file in the same folder, then
 * renamed over it, so a crash leaves the old file or the new one, never half of one. Two runs
 * writing at the same instant may drop each other's newest entries (a cache miss later), never
 * corrupt the file.
 */
export async function writeFingerprintCache(
  projectRoot: string,
  entries: Iterable<FingerprintCacheEntry>,
): Promise<void> {
  const file = path.join(projectRoot, FINGERPRINT_CACHE_FILE);
  const merged = await readFingerprintCache(projectRoot);
  for (const e of entries) if (isEntry(e)) merged.set(e.fingerprint, e);

  const perUnit = new Map<string, FingerprintCacheEntry[]>();
  for (const e of merged.values()) {
    const key = JSON.stringify([e.id, e.agent]);
    const list = perUnit.get(key) ?? [];
    list.push(e);
    perUnit.set(key, list);
  }
  const kept: FingerprintCacheEntry[] = [];
  for (const list of perUnit.values()) {
    list.sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || 0);
    kept.push(...list.slice(0, KEEP_PER_UNIT));
  }
  kept.sort(
    (a, b) =>
      a.id.localeCompare(b.id) || a.agent.localeCompare(b.agent) || a.time.localeCompare(b.time),
  );

  const body: CacheFile = { version: 1, entries: kept };
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const handle = await fs.open(temp, "wx");
    try {
      await handle.writeFile(`${JSON.stringify(body, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

function isEntry(v: unknown): v is FingerprintCacheEntry {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.fingerprint === "string" &&
    typeof o.id === "string" &&
    typeof o.agent === "string" &&
    (o.status === "passed" || o.status === "failed") &&
    typeof o.passes === "number" &&
    typeof o.trials === "number" &&
    typeof o.passRate === "number" &&
    Array.isArray(o.interval) &&
    o.interval.length === 2 &&
    o.interval.every((x) => typeof x === "number") &&
    typeof o.costUsd === "number" &&
    typeof o.time === "string"
  );
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
