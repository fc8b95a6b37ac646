import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  cacheEntryFor,
  fingerprintFor,
  FINGERPRINT_CACHE_FILE,
  readFingerprintCache,
  repoState,
  writeFingerprintCache,
  type FingerprintCacheEntry,
} from "../src/store/fingerprint.js";
import type { EvalResult } from "../src/model/result.js";
import { writeFiles } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-fingerprint-")));
  dirs.push(dir);
  return dir;
}

// Git in a temp repo, through execFile (no shell), deaf to any GIT_* of a surrounding hook.
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1" };
  for (const k of Object.keys(env))
    if (k.startsWith("GIT_") && k !== "GIT_CONFIG_NOSYSTEM") delete env[k];
  return env;
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "git",
    [
      "-c",
      "user.name=Test",
      "-c",
      "user.email=test@example.com",
      "-c",
      "commit.gpgsign=false",
      ...args,
    ],
    { cwd, env: gitEnv() },
  );
  return stdout;
}

async function repo(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  await git(dir, "init", "-q");
  await writeFiles(dir, files);
  await git(dir, "add", "-A");
  await git(dir, "commit", "-q", "-m", "initial");
  return dir;
}

const BASE = {
  "README.md": "hello\n",
  "src/app.ts": "export const x = 1;\n",
  ".gitignore": "*.log\nnode_modules/\n",
  ".copybook/committed.txt": "tracked results, oddly\n",
};

async function state(dir: string): Promise<string> {
  const s = await repoState(dir);
  expect(s).toMatch(/^[0-9a-f]{64}$/);
  return s!;
}

describe("repoState", () => {
  it("is undefined outside a git work tree and before the first commit", async () => {
    const plain = await tempDir();
    await writeFiles(plain, { "a.txt": "a" });
    expect(await repoState(plain)).toBeUndefined();
    expect(await repoState(path.join(plain, "does-not-exist"))).toBeUndefined();

    const unborn = await tempDir();
    await git(unborn, "init", "-q");
    await writeFiles(unborn, { "a.txt": "a" });
    expect(await repoState(unborn)).toBeUndefined();
  });

  it("is stable while nothing changes", async () => {
    const dir = await repo(BASE);
    expect(await state(dir)).toBe(await state(dir));
  });

  it("changes with a new commit", async () => {
    const dir = await repo(BASE);
    const before = await state(dir);
    await git(dir, "commit", "-q", "--allow-empty", "-m", "empty");
    expect(await state(dir)).not.toBe(before);
  });

  it("changes when a tracked file changes, even to content of the same size", async () => {
    const dir = await repo(BASE);
    const before = await state(dir);
    await writeFiles(dir, { "src/app.ts": "export const x = 2;\n" });
    const changed = await state(dir);
    expect(changed).not.toBe(before);
    // Staging the change doesn't undo it; reverting does.
    await git(dir, "add", "src/app.ts");
    expect(await state(dir)).toBe(changed);
    await git(dir, "reset", "-q", "--hard");
    expect(await state(dir)).toBe(before);
    // Deleting and chmod count too.
    await fs.rm(path.join(dir, "README.md"));
    expect(await state(dir)).not.toBe(before);
    await git(dir, "checkout", "--", "README.md");
    expect(await state(dir)).toBe(before);
    await fs.chmod(path.join(dir, "README.md"), 0o755);
    expect(await state(dir)).not.toBe(before);
  });

  it("changes when an untracked file appears or its content changes", async () => {
    const dir = await repo(BASE);
    const before = await state(dir);
    await writeFiles(dir, { "notes/new.md": "aaaa" });
    const added = await state(dir);
    expect(added).not.toBe(before);
    await writeFiles(dir, { "notes/new.md": "bbbb" });
    const edited = await state(dir);
    expect(edited).not.toBe(added);
    expect(edited).not.toBe(before);
    await writeFiles(dir, { "notes/new.md": "aaaa" });
    expect(await state(dir)).toBe(added);
    // Same content under another name is another state.
    await fs.rename(path.join(dir, "notes/new.md"), path.join(dir, "notes/other.md"));
    expect(await state(dir)).not.toBe(added);
  });

  it("ignores agent-evals' own .copybook/ folder and ignored files", async () => {
    const dir = await repo(BASE);
    const before = await state(dir);
    await writeFiles(dir, {
      ".copybook/results/run.json": "{}",
      ".copybook/eval-cache.json": "{}",
      ".copybook/committed.txt": "changed, but it is ours",
      "debug.log": "ignored",
      "node_modules/x/index.js": "ignored",
    });
    expect(await state(dir)).toBe(before);
    await writeFiles(dir, { "debug.log": "ignored, changed", ".copybook/results/run.json": "[]" });
    expect(await state(dir)).toBe(before);
  });

  it("never hashes what no snapshot copies: node_modules/ and .copybook/ at any depth, even unignored", async () => {
    // A project that forgot to ignore node_modules/: its files are untracked and listed by git.
    const dir = await repo({ ...BASE, ".gitignore": "*.log\n" });
    const before = await state(dir);
    await writeFiles(dir, {
      "node_modules/pkg/index.js": "module.exports = 1;\n",
      "node_modules/.bin/pkg": "#!/bin/sh\n",
      "packages/web/node_modules/dep/index.js": "x\n",
      "packages/web/.copybook/results/run.json": "{}",
    });
    expect(await state(dir)).toBe(before);
    await writeFiles(dir, { "node_modules/pkg/index.js": "module.exports = 2;\n" });
    expect(await state(dir)).toBe(before);
    // Anything else untracked still counts.
    await writeFiles(dir, { "packages/web/new.ts": "x\n" });
    expect(await state(dir)).not.toBe(before);
  });

  it("from a subfolder project: covers the whole repo, excludes that project's .copybook", async () => {
    const dir = await repo({ ...BASE, "packages/web/package.json": "{}\n" });
    const web = path.join(dir, "packages/web");
    const before = await state(web);
    await writeFiles(web, { ".copybook/results/run.json": "{}" });
    expect(await state(web)).toBe(before);
    await writeFiles(dir, { "src/app.ts": "export const x = 3;\n" });
    expect(await state(web)).not.toBe(before);
  });
});

describe("fingerprintFor", () => {
  const input = {
    definitionHash: "def",
    snapshotHash: "snap",
    agentCommand: "claude-code",
    agentVersion: "2.0.1",
    repoState: "state",
  };

  it("changes with every input", () => {
    const base = fingerprintFor(input);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintFor({ ...input })).toBe(base);
    const variants = [
      { definitionHash: "def2" },
      { snapshotHash: "snap2" },
      { snapshotHash: undefined },
      { agentCommand: "codex" },
      { agentVersion: "2.0.2" },
      { agentVersion: undefined },
      { repoState: "state2" },
      { trials: 5 },
    ];
    const prints = variants.map((v) => fingerprintFor({ ...input, ...v }));
    for (const p of prints) expect(p).not.toBe(base);
    expect(new Set(prints).size).toBe(prints.length);
  });
});

function entry(overrides: Partial<FingerprintCacheEntry> = {}): FingerprintCacheEntry {
  return {
    fingerprint: "f1",
    id: "setup",
    agent: "literal",
    status: "passed",
    passes: 1,
    trials: 1,
    passRate: 1,
    interval: [0.21, 1],
    costUsd: 0,
    time: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("fingerprint cache file", () => {
  it("round-trips, merging with what is on disk", async () => {
    const root = await tempDir();
    expect(await readFingerprintCache(root)).toEqual(new Map());

    const a = entry({ fingerprint: "a" });
    const b = entry({ fingerprint: "b", id: "other", status: "failed", passes: 0 });
    await writeFingerprintCache(root, [a]);
    await writeFingerprintCache(root, [b]);
    const read = await readFingerprintCache(root);
    expect([...read.keys()].sort()).toEqual(["a", "b"]);
    expect(read.get("a")).toEqual(a);
    expect(read.get("b")).toEqual(b);

    // The same fingerprint again: the new entry wins.
    const a2 = entry({ fingerprint: "a", time: "2025-02-01T00:00:00.000Z", costUsd: 1 });
    await writeFingerprintCache(root, [a2]);
    expect((await readFingerprintCache(root)).get("a")).toEqual(a2);
  });

  it("keeps only passed and failed entries", async () => {
    const root = await tempDir();
    const bad = {
      ...entry({ fingerprint: "e" }),
      status: "error",
    } as unknown as FingerprintCacheEntry;
    await writeFingerprintCache(root, [bad, entry({ fingerprint: "p" })]);
    expect([...(await readFingerprintCache(root)).keys()]).toEqual(["p"]);
  });

  it("builds entries only for results with a verdict", () => {
    const result: EvalResult = {
      id: "setup",
      file: "evals/setup.eval.yaml",
      agent: "codex",
      status: "passed",
      passes: 2,
      trialsRun: 2,
      trialsPlanned: 3,
      passRate: 1,
      threshold: 0.67,
      interval: [0.34, 1],
      costUsd: 0.5,
      durationMs: 10,
      trials: [],
    };
    const time = new Date("2025-05-05T00:00:00.000Z");
    expect(cacheEntryFor(result, "fp", time)).toEqual({
      fingerprint: "fp",
      id: "setup",
      agent: "codex",
      status: "passed",
      passes: 2,
      trials: 2,
      passRate: 1,
      interval: [0.34, 1],
      costUsd: 0.5,
      time: "2025-05-05T00:00:00.000Z",
    });
    for (const status of ["error", "skipped", "cached", "incomplete", "inconclusive"] as const)
      expect(cacheEntryFor({ ...result, status }, "fp", time)).toBeUndefined();
  });

  it("reads a corrupt or foreign file as empty and replaces it", async () => {
    const root = await tempDir();
    const file = path.join(root, FINGERPRINT_CACHE_FILE);
    await writeFiles(root, { [FINGERPRINT_CACHE_FILE]: '{"version":1,"entries":[{"fingerp' });
    expect(await readFingerprintCache(root)).toEqual(new Map());
    await writeFiles(root, { [FINGERPRINT_CACHE_FILE]: '{"entries":[{"fingerprint":1}, null]}' });
    expect(await readFingerprintCache(root)).toEqual(new Map());
    await writeFingerprintCache(root, [entry()]);
    expect(JSON.parse(await fs.readFile(file, "utf8"))).toMatchObject({ version: 1 });
    expect((await readFingerprintCache(root)).size).toBe(1);
  });

  it("writes atomically: readers never see half a file, no temp file is left", async () => {
    const root = await tempDir();
    const file = path.join(root, FINGERPRINT_CACHE_FILE);
    await writeFingerprintCache(root, [entry({ fingerprint: "seed" })]);
    // Big enough that a non-atomic write would be seen half-done.
    const many = (n: number) =>
      Array.from({ length: 200 }, (_, i) =>
        entry({ fingerprint: `w${n}-${i}`, id: `eval-${n}-${i}`, agent: "x".repeat(200) }),
      );
    let writing = true;
    let reads = 0;
    const reader = (async () => {
      while (writing) {
        const text = await fs.readFile(file, "utf8");
        expect(() => JSON.parse(text)).not.toThrow();
        reads++;
      }
    })();
    await Promise.all(Array.from({ length: 10 }, (_, n) => writeFingerprintCache(root, many(n))));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect((await fs.readdir(path.dirname(file))).filter((n) => n !== "eval-cache.json")).toEqual(
      [],
    );
    // Each write merged what was on disk when it wrote: the last one's entries are all there.
    const final = await readFingerprintCache(root);
    expect(final.size).toBeGreaterThanOrEqual(200);
  });

  it("keeps the newest 20 entries per eval × agent", async () => {
    const root = await tempDir();
    const entries = Array.from({ length: 30 }, (_, i) =>
      entry({ fingerprint: `f${i}`, time: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() }),
    );
    await writeFingerprintCache(root, [...entries, entry({ fingerprint: "other", id: "b" })]);
    const read = await readFingerprintCache(root);
    expect(read.size).toBe(21);
    expect(read.has("f29")).toBe(true);
    expect(read.has("f10")).toBe(true);
    expect(read.has("f9")).toBe(false);
    expect(read.has("other")).toBe(true);
  });
});

describe("repoState and the cache together", () => {
  it("writing the cache does not change the repo state", async () => {
    const dir = await repo(BASE);
    const before = await state(dir);
    await writeFingerprintCache(dir, [entry()]);
    expect(await state(dir)).toBe(before);
  });
});
