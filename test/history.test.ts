import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  appendHistory,
  expectedCostPerTrial,
  historyLineFor,
  isRecordable,
  latestMatching,
  readAllHistory,
  readHistory,
  type HistoryLine,
} from "../src/store/history.js";
import type { EvalResult } from "../src/model/result.js";
import { REPO_ROOT } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-history-")));
  dirs.push(dir);
  return dir;
}

function line(overrides: Partial<HistoryLine> = {}): HistoryLine {
  return {
    time: "2025-01-01T00:00:00.000Z",
    commit: "abc123",
    ref: "refs/heads/main",
    id: "setup",
    agent: "claude-code",
    agentVersion: "2.0.1",
    snapshotHash: "snap-1",
    definitionHash: "def-1",
    trials: 3,
    trialsPlanned: 3,
    passes: 3,
    passRate: 1,
    threshold: 1,
    interval: [0.44, 1],
    costUsd: 0.3,
    durationMs: 1200,
    status: "passed",
    ...overrides,
  };
}

function result(overrides: Partial<EvalResult> = {}): EvalResult {
  return {
    id: "setup",
    file: "evals/setup.eval.yaml",
    line: 1,
    agent: "codex",
    agentVersion: "0.40.0",
    promptHash: "hash-of-prompt",
    status: "failed",
    passes: 1,
    trialsRun: 2,
    trialsPlanned: 3,
    passRate: 0.5,
    threshold: 0.67,
    interval: [0.09, 0.91],
    costUsd: 0.12,
    durationMs: 4000,
    trials: [],
    ...overrides,
  };
}

describe("history lines", () => {
  it("are built from a result and the run's meta", () => {
    const l = historyLineFor(result(), {
      definitionHash: "def-9",
      time: new Date("2025-02-03T04:05:06.000Z"),
      commit: "c0ffee",
      ref: "refs/pull/7/merge",
    });
    expect(l).toEqual({
      time: "2025-02-03T04:05:06.000Z",
      commit: "c0ffee",
      ref: "refs/pull/7/merge",
      id: "setup",
      agent: "codex",
      agentVersion: "0.40.0",
      snapshotHash: "hash-of-prompt",
      definitionHash: "def-9",
      trials: 2,
      trialsPlanned: 3,
      passes: 1,
      passRate: 0.5,
      threshold: 0.67,
      interval: [0.09, 0.91],
      costUsd: 0.12,
      durationMs: 4000,
      status: "failed",
    });
    const bare = historyLineFor(result({ agentVersion: undefined, promptHash: undefined }), {
      definitionHash: "d",
      time: new Date(0),
    });
    expect(Object.keys(bare)).not.toContain("agentVersion");
    expect(Object.keys(bare)).not.toContain("snapshotHash");
    expect(Object.keys(bare)).not.toContain("commit");
  });

  it("cached and skipped results are not recordable", () => {
    expect(isRecordable("cached")).toBe(false);
    expect(isRecordable("skipped")).toBe(false);
    for (const s of ["passed", "failed", "error", "incomplete", "inconclusive"] as const)
      expect(isRecordable(s)).toBe(true);
  });
});

describe("appendHistory / readHistory", () => {
  it("round-trips lines, one file per eval, creating the dir", async () => {
    const dir = path.join(await tempDir(), "deep", "history");
    const a1 = line({ id: "a", time: "2025-01-01T00:00:00.000Z" });
    const b1 = line({ id: "b", agent: "literal", agentVersion: undefined });
    const a2 = line({ id: "a", time: "2025-01-02T00:00:00.000Z", status: "failed", passes: 1 });
    await appendHistory(dir, [a1, b1]);
    await appendHistory(dir, [a2]);

    expect(await readHistory(dir, "a")).toEqual([a1, a2]);
    expect(await readHistory(dir, "b")).toEqual([b1]);
    expect(await readHistory(dir, "missing")).toEqual([]);
    const text = await fs.readFile(path.join(dir, "a.jsonl"), "utf8");
    expect(text.split("\n")).toHaveLength(3);
    expect(text.startsWith('{"time":')).toBe(true);

    const all = await readAllHistory(dir);
    expect([...all.keys()]).toEqual(["a", "b"]);
    expect(all.get("a")).toEqual([a1, a2]);
    expect(await readAllHistory(path.join(dir, "nope"))).toEqual(new Map());
  });

  it("does not write cached or skipped lines", async () => {
    const dir = await tempDir();
    await appendHistory(dir, [line({ status: "cached" }), line({ status: "skipped" })]);
    expect(await fs.readdir(dir)).toEqual([]);
    await appendHistory(dir, [line({ status: "error" }), line({ status: "cached" })]);
    expect((await readHistory(dir, "setup")).map((l) => l.status)).toEqual(["error"]);
  });

  it("refuses ids that are not folder-safe", async () => {
    const dir = await tempDir();
    await expect(appendHistory(dir, [line({ id: "../escape" })])).rejects.toThrow(/unsafe/);
    expect(await readHistory(dir, "../escape")).toEqual([]);
  });

  it("skips a torn or garbage last line, and recovers a line appended right after it", async () => {
    const dir = await tempDir();
    const first = line({ commit: "one" });
    await appendHistory(dir, [first]);
    const file = path.join(dir, "setup.jsonl");
    await fs.appendFile(file, '{"time":"2025-01-01T00:00:00.000Z","id":"setup","agen');
    expect(await readHistory(dir, "setup")).toEqual([first]);

    // The next append is glued to the torn line (no newline between): it is still read.
    const second = line({ commit: "two" });
    await appendHistory(dir, [second]);
    expect((await fs.readFile(file, "utf8")).split("\n")).toHaveLength(3);
    expect(await readHistory(dir, "setup")).toEqual([first, second]);

    // Other junk: not JSON, JSON of the wrong shape, a conflict marker, blank lines.
    await fs.appendFile(file, '\n\n<<<<<<< HEAD\n[1,2]\n{"id":"setup"}\nnull\n\u0000\u0001garbage');
    expect(await readHistory(dir, "setup")).toEqual([first, second]);
  });

  it("reads CRLF line endings and stray whitespace, in file order", async () => {
    const dir = await tempDir();
    const lines = [line({ commit: "a" }), line({ commit: "b" }), line({ commit: "c" })];
    const text = lines.map((l) => `  ${JSON.stringify(l)}\r\n`).join("\r\n");
    await fs.writeFile(path.join(dir, "setup.jsonl"), text);
    expect(await readHistory(dir, "setup")).toEqual(lines);
  });

  it("keeps every line whole when 8 processes append at once", async () => {
    const dir = await tempDir();
    const worker = path.join(dir, "worker.mts");
    const store = pathToFileURL(path.join(REPO_ROOT, "src/store/history.ts")).href;
    await fs.writeFile(
      worker,
      `import { appendHistory } from ${JSON.stringify(store)};
const [dir, proc, count] = process.argv.slice(2);
process.stdout.write("ready\\n");
for await (const _ of process.stdin) { /* wait for the start signal: stdin closing */ }
for (let i = 0; i < Number(count); i++) {
  await appendHistory(dir, [{
    time: new Date().toISOString(), commit: proc + ":" + i, ref: "r".repeat(2000 + ((i * 37) % 3000)),
    id: "busy", agent: "claude-code", agentVersion: "2.0.1", snapshotHash: "s", definitionHash: "d",
    trials: 1, trialsPlanned: 1, passes: 1, passRate: 1, threshold: 1, interval: [0.2, 1],
    costUsd: 0.01, durationMs: 10, status: "passed",
  }]);
}
`,
    );
    const historyDir = path.join(dir, "history");
    const PROCS = 8;
    const COUNT = 200;
    const children = Array.from({ length: PROCS }, (_, p) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", worker, historyDir, String(p), String(COUNT)],
        { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] },
      );
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (c: Buffer) => c.toString().includes("ready") && resolve());
        child.on("exit", (code) => reject(new Error(`worker ${p} exited ${code}: ${stderr}`)));
      });
      const done = new Promise<void>((resolve, reject) =>
        child.on("exit", (code) =>
          code === 0 ? resolve() : reject(new Error(`worker ${p} exited ${code}: ${stderr}`)),
        ),
      );
      done.catch(() => undefined);
      return { child, ready, done };
    });
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin.end();
    await Promise.all(children.map((c) => c.done));

    const text = await fs.readFile(path.join(historyDir, "busy.jsonl"), "utf8");
    const raw = text.split("\n");
    expect(raw.pop()).toBe("");
    expect(raw).toHaveLength(PROCS * COUNT);
    const commits = raw.map((r) => (JSON.parse(r) as HistoryLine).commit);
    expect(new Set(commits).size).toBe(PROCS * COUNT);
    for (let p = 0; p < PROCS; p++)
      for (let i = 0; i < COUNT; i++) expect(commits).toContain(`${p}:${i}`);
    expect(await readHistory(historyDir, "busy")).toHaveLength(PROCS * COUNT);
  });
});

describe("latestMatching", () => {
  const key = {
    agent: "claude-code",
    agentVersion: "2.0.1",
    snapshotHash: "snap-1",
    definitionHash: "def-1",
  };

  it("picks the newest matching line with a verdict", () => {
    const old = line({ time: "2025-01-01T00:00:00.000Z", commit: "old" });
    const newer = line({ time: "2025-03-01T00:00:00.000Z", commit: "newer", status: "failed" });
    const middle = line({ time: "2025-02-01T00:00:00.000Z", commit: "middle" });
    // File order is not time order (lines replayed after a rejected push): time decides.
    expect(latestMatching([old, newer, middle], key)?.commit).toBe("newer");
    const tie = line({ time: newer.time, commit: "tie-later-in-file" });
    expect(latestMatching([old, newer, tie], key)?.commit).toBe("tie-later-in-file");
  });

  it("any differing field means no match", () => {
    const l = line();
    expect(latestMatching([l], key)).toBe(l);
    expect(latestMatching([l], { ...key, agent: "codex" })).toBeUndefined();
    expect(latestMatching([l], { ...key, agentVersion: "2.0.2" })).toBeUndefined();
    expect(latestMatching([l], { ...key, agentVersion: undefined })).toBeUndefined();
    expect(latestMatching([l], { ...key, snapshotHash: "snap-2" })).toBeUndefined();
    expect(latestMatching([l], { ...key, snapshotHash: undefined })).toBeUndefined();
    expect(latestMatching([l], { ...key, definitionHash: "def-2" })).toBeUndefined();
    expect(latestMatching([l], { ...key, trialsPlanned: 5 })).toBeUndefined();
    expect(latestMatching([l], { ...key, trialsPlanned: 3 })).toBe(l);
    // Absent version / prompt only match absent ones.
    const literal = line({ agent: "literal", agentVersion: undefined, snapshotHash: undefined });
    expect(latestMatching([literal], { agent: "literal", definitionHash: "def-1" })).toBe(literal);
  });

  it("never matches error, skipped, cached, incomplete or inconclusive lines", () => {
    const statuses = ["error", "skipped", "cached", "incomplete", "inconclusive"] as const;
    const lines = statuses.map((status, i) =>
      line({ status, time: `2025-06-0${i + 1}T00:00:00.000Z` }),
    );
    expect(latestMatching(lines, key)).toBeUndefined();
    const ok = line({ time: "2024-01-01T00:00:00.000Z", commit: "verdict" });
    expect(latestMatching([ok, ...lines], key)?.commit).toBe("verdict");
  });
});

describe("expectedCostPerTrial", () => {
  it("is the mean cost per trial of the agent's newest 10 lines that ran trials", () => {
    const lines: HistoryLine[] = [];
    // 5 old, expensive lines that fall out of the window.
    for (let i = 0; i < 5; i++)
      lines.push(line({ time: `2025-01-0${i + 1}T00:00:00.000Z`, trials: 1, costUsd: 100 }));
    // 10 recent lines: 2 trials at $0.5 each → $1 per line.
    for (let i = 10; i < 20; i++)
      lines.push(line({ time: `2025-02-${i}T00:00:00.000Z`, trials: 2, costUsd: 1 }));
    // Other agents and lines without trials don't count.
    lines.push(line({ agent: "codex", time: "2025-03-01T00:00:00.000Z", trials: 1, costUsd: 9 }));
    lines.push(line({ time: "2025-03-02T00:00:00.000Z", trials: 0, costUsd: 0, status: "error" }));
    expect(expectedCostPerTrial(lines, "claude-code")).toBeCloseTo(0.5);
    expect(expectedCostPerTrial(lines, "codex")).toBeCloseTo(9);
    expect(expectedCostPerTrial(lines, "literal")).toBeUndefined();
    expect(expectedCostPerTrial([], "codex")).toBeUndefined();
  });

  it("weights lines by their trials", () => {
    const lines = [line({ trials: 1, costUsd: 1 }), line({ trials: 3, costUsd: 1 })];
    expect(expectedCostPerTrial(lines, "claude-code")).toBeCloseTo(0.5);
  });
});
