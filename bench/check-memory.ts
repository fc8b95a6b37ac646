// What a file check costs on a file the agent made huge: a 600 MB and a 3 GB sparse file, each
// check run alone in a fresh Node process (this script, started again with the check's number), so
// that the process's peak RSS is the check's own. Prints a Markdown table: verdict, time, peak RSS
// above the process's RSS before the check.
// Run: npx tsx bench/check-memory.ts

import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runChecks } from "../src/check/checks.js";
import type { CheckSpec } from "../src/model/index.js";

const MIB = 1024 * 1024;

const CHECKS: Array<{ label: string; changed?: string[]; check: CheckSpec }> = [
  {
    label: "contains (changed files): 600 MB file, then the file holding the text",
    changed: ["big.bin", "notes.txt"],
    check: { type: "changedFilesContain", text: "needle" },
  },
  {
    label: "forbidden (changed files): the same",
    changed: ["big.bin", "notes.txt"],
    check: { type: "changedFilesLack", text: "needle" },
  },
  {
    label: "fileContains text at the end of a 3 GB file",
    check: { type: "fileContains", path: "huge.bin", pattern: "THE END" },
  },
  {
    label: "fileContains RegExp, 3 GB file (line by line)",
    check: { type: "fileContains", path: "huge.bin", pattern: /THE \w+/ },
  },
];

async function measureOne(sandbox: string, index: number): Promise<void> {
  const { changed = [], check } = CHECKS[index]!;
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const [outcome] = await runChecks([check], {
    workspace: sandbox,
    calls: [],
    run: { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 0 },
    changedFiles: async () => changed,
    env: {},
    outDir: sandbox,
    timeoutMs: 600_000,
  });
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ outcome, ms, growth: peak - before }));
}

async function main(): Promise<void> {
  const [sandboxArg, indexArg] = process.argv.slice(2);
  if (sandboxArg && indexArg) return measureOne(sandboxArg, Number(indexArg));
  const sandbox = await fs.mkdtemp(path.join(os.tmpdir(), "ae-check-memory-"));
  try {
    await sparse(path.join(sandbox, "big.bin"), 600 * MIB, "");
    await sparse(path.join(sandbox, "huge.bin"), 3 * 1024 * MIB, "\nTHE END\n");
    await fs.writeFile(path.join(sandbox, "notes.txt"), "the needle is here\n");
    console.log(
      "| check | verdict | evidence | time | peak RSS growth |\n| --- | --- | --- | --- | --- |",
    );
    for (const [index, { label }] of CHECKS.entries()) {
      const out = execFileSync(
        process.execPath,
        [...process.execArgv, process.argv[1]!, sandbox, String(index)],
        { encoding: "utf8" },
      );
      const r = JSON.parse(out) as {
        outcome: { ok: boolean; evidence: string };
        ms: number;
        growth: number;
      };
      console.log(
        `| ${label} | ${r.outcome.ok ? "passed" : "failed"} | ${r.outcome.evidence} | ${(r.ms / 1000).toFixed(1)} s | ${(r.growth / MIB).toFixed(0)} MiB |`,
      );
    }
  } finally {
    await fs.rm(sandbox, { recursive: true, force: true });
  }
}

/** A sparse file of `size` bytes ending in `tail`. */
async function sparse(file: string, size: number, tail: string): Promise<void> {
  const handle = await fs.open(file, "w");
  try {
    await handle.truncate(size);
    if (tail) await handle.write(Buffer.from(tail), 0, tail.length, size - tail.length);
  } finally {
    await handle.close();
  }
}

await main();
