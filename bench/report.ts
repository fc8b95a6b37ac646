// docs/benchmarks.md: the page's head (how to reproduce, the samples, the machine), the Results
// and every figure's notes, sections, *How measured* entry (ending in the command that runs the
// figure alone) and raw samples, in PAGE_ORDER; then the sections kept from the page it replaces.
// `readable` turns its wide tables into lists, and run.ts wraps its prose (prettier), so the page
// reads as text too.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CLI,
  ROOT,
  type Figure,
  type RenderContext,
  type ReportPart,
  commandFor,
  shellName,
} from "./harness.js";
import {
  FIGURES,
  PAGE_ORDER,
  atScale,
  callFlood,
  claudeRun,
  coldStart,
  history,
  replay,
  sandboxCopy,
  shimCall,
  trialOverhead,
} from "./figures/index.js";
import { SHIM_CALLS, shimRounds } from "./figures/02-shim-call.js";

function gitState(): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  const dirty = spawnSync("git", ["status", "--porcelain", "--", "src", "dist"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (head.status !== 0) return "unknown";
  return `${head.stdout.trim()}${dirty.stdout?.trim() ? " (src/ or dist/ modified)" : ""}`;
}

/** Which build was measured, without a machine path (docs/benchmarks.md is committed). */
function measuredBuild(): string {
  if (process.env.BENCH_DIST)
    return "this commit's src/ bundled into a temp folder (`node scripts/bundle.mjs --out <dir>`, `BENCH_DIST=<dir>`)";
  if (process.env.BENCH_CLI) return "another build of the CLI (`BENCH_CLI`)";
  return `\`${path.relative(ROOT, CLI)}\``;
}

/**
 * `part` with the command that runs its figure alone at the end of its *How measured* entry (or,
 * for a figure with none, of its own closing section; else as an entry of its own).
 */
function withCommand(part: ReportPart, id: string): ReportPart {
  const alone = ` Alone: \`${commandFor(id)}\`.`;
  const appendToLast = (lines: string[]) => {
    const i = lines.findLastIndex((l) => l !== "");
    return i < 0 ? undefined : lines.map((l, j) => (j === i ? l + alone : l));
  };
  const how = appendToLast(part.how);
  if (how) return { ...part, how };
  const tail = part.tail && appendToLast(part.tail);
  if (tail) return { ...part, tail };
  return { ...part, how: [`${id}.${alone}`] };
}

/** What `render` wrote for each figure that ran, in the page's order. */
function pageParts(ctx: RenderContext, ran: ReadonlyArray<Figure<unknown>>): ReportPart[] {
  const parts: ReportPart[] = [];
  for (const figure of ran) {
    const result = ctx.results.get(figure);
    const lead = result !== undefined && figure.lead?.(result, ctx);
    if (lead) parts.push(lead);
  }
  for (const id of PAGE_ORDER) {
    const figure = ran.find((f) => f.id === id);
    const result = figure && ctx.results.get(figure);
    if (figure && result !== undefined)
      parts.push(withCommand(figure.render(result, ctx), figure.id));
  }
  return parts;
}

export interface PageRun {
  ctx: RenderContext;
  startedAt: Date;
  elapsedMs: number;
  loadBefore: number;
  loadAfter: number;
}

/** docs/benchmarks.md, for the figures that ran (before `readable`). */
export function report({ ctx, startedAt, elapsedMs, loadBefore, loadAfter }: PageRun): string {
  const { options, results } = ctx;
  const trial = results.get(trialOverhead);
  const shim = results.get(shimCall);
  const copy = results.get(sandboxCopy);
  const claude = results.get(claudeRun);
  const cold = results.get(coldStart);
  const scale = results.get(atScale);
  const hist = results.get(history);
  const flood = results.get(callFlood);
  const replayed = results.get(replay);
  const parts = pageParts(
    ctx,
    FIGURES.filter((f) => results.get(f) !== undefined),
  );
  const all = (key: "rows" | "notes" | "sections" | "how" | "raw") => parts.flatMap((p) => p[key]);
  const cpus = os.cpus();
  const sampleNotes = [
    (trial || copy) && `${options.samples} for figures 1 and 3`,
    shim &&
      `${shimRounds(options.samples)} rounds of ${SHIM_CALLS} calls for figure 2 (\`BENCH_SAMPLES=n\` changes these)`,
    claude &&
      !claude.missing &&
      `${options.claudePairs} rounds for figure 4 (\`BENCH_CLAUDE_PAIRS\`)`,
    cold && `${options.coldSamples} rounds for figure 5 (\`BENCH_COLD_SAMPLES\`)`,
    scale &&
      `${options.scaleSamples} run(s) of each size for figure 7 (\`BENCH_SCALE_SAMPLES\`, sizes \`BENCH_SCALE_EVALS\`)`,
    hist && `${options.historyRounds} rounds for figure 8 (\`BENCH_HISTORY_ROUNDS\`)`,
    flood &&
      `${options.floodSamples} run(s) of each for figure 9 (\`BENCH_FLOOD_SAMPLES\`, calls \`BENCH_FLOOD_CALLS\`)`,
    replayed &&
      `1 recording and ${replayed.rounds} replays per agent CLI for figure 14 (\`BENCH_REPLAY_ROUNDS\`)`,
  ].filter(Boolean);
  const lines = [
    "# Benchmarks",
    "",
    `Reproduce with \`npm run bench\` (writes this file; about ${Math.round(elapsedMs / 1000 / 10) * 10 || 10} s here; ` +
      "`npm run bench -- --figure 7` runs one figure, `--figure 1,2,7` some, and prints them without writing this " +
      "file; each figure's entry under *How measured* ends with its command). " +
      "Each figure compares with a baseline measured in the same run; each is the **median of " +
      `interleaved samples**: ${sampleNotes.join("; ") || "(no timed figure in this run)"}. The ratio is the median of ours over the median ` +
      "of the baseline; the raw samples are at the end, for the spread. Figure 6 is a simulation of trial " +
      "policies, not a timing.",
    "",
    "## Machine",
    "",
    `- CPU: ${cpus[0]?.model ?? "unknown"}, ${cpus.length} cores`,
    `- Node ${process.version}, ${os.type()} ${os.release()}; \`/bin/sh\` is ${shellName()}`,
    ...(copy
      ? [
          `- Temp filesystem: ${copy.fsType}; reflink (copy-on-write clone, FICLONE) supported: ${copy.reflink ? "yes" : "no (probed with `cp --reflink=always`: copies here are plain copies, whatever the method)"}`,
        ]
      : []),
    `- Date: ${startedAt.toISOString()}; commit ${gitState()}; CLI measured: ${measuredBuild()}`,
    ...(claude || cold
      ? [
          `- Agent CLI: \`claude\` ${claude?.version ?? "not measured"} (.agent-clis/); Action bundle \`dist/index.js\`: ${cold ? (cold.hasAction ? "present" : "missing") : "not measured"}`,
        ]
      : []),
    `- Load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}` +
      (Math.max(loadBefore, loadAfter) > cpus.length * 0.5
        ? " — the machine was busy; expect noise of ±20 % or more between runs"
        : ""),
    "",
    "## Results",
    "",
    "| figure | baseline | ours | ratio | target | met? |",
    "| --- | --- | --- | --- | --- | --- |",
    ...all("rows"),
    "",
    ...all("notes"),
    ...all("sections"),
    "## How measured",
    "",
    ...all("how"),
    "",
    "All work happens in a fresh directory under the OS temp dir, removed at the end; every process is run " +
      "to completion (spawnSync), so nothing is left running; the fake API of figure 4 is stopped (SIGTERM, " +
      "awaited) before the bench exits.",
    "",
    "## Raw samples (ms unless noted)",
    "",
    ...all("raw"),
    "",
    ...parts.flatMap((p) => p.tail ?? []),
  ];
  return lines.join("\n");
}

/**
 * The "## Soak" and "## Redaction" sections of the docs/benchmarks.md being replaced, kept as they are:
 * bench/soak.mjs and bench/redact.ts measure them apart (minutes each), so a rewrite by the bench
 * must not drop them.
 */
export function keptSoak(file: string): string {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const kept = [...previous.matchAll(/^## (?:Soak|Redaction)\n[\s\S]*?(?=^## |(?![\s\S]))/gm)];
  return kept.map((section) => `\n${section[0].trimEnd()}\n`).join("");
}

/** A table wider than this (a row's characters, unpadded) becomes a list. */
export const WIDE_TABLE = 120;

/** A table row's cells, split on the pipes that are not escaped. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/**
 * The page with every table wider than WIDE_TABLE written as a list: one item per row, named by
 * its first cell, with the row's other cells under it as `header: cell`. Narrow tables and code
 * blocks are left as they are.
 */
export function readable(markdown: string): string {
  const lines = markdown.split("\n");
  const out: string[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const isTable = !fenced && line.startsWith("|") && /^\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? "");
    if (!isTable) {
      out.push(line);
      continue;
    }
    let end = i + 2;
    while (end < lines.length && lines[end]!.startsWith("|")) end++;
    const rows = lines.slice(i, end);
    if (Math.max(...rows.map((r) => r.replace(/ {2,}/g, " ").length)) <= WIDE_TABLE) {
      out.push(...rows);
    } else {
      const header = cellsOf(rows[0]!);
      for (const row of rows.slice(2)) {
        if (/^[\s|:-]+$/.test(row)) continue; // a stray separator row says nothing
        const [first = "", ...rest] = cellsOf(row);
        // "2. per shimmed call" would start an ordered list inside the item.
        out.push(`- ${first.replace(/^(\d+)\./, "$1\\.")}`);
        rest.forEach((cell, k) => out.push(`  - ${header[k + 1] ?? ""}: ${cell}`));
      }
    }
    i = end - 1;
  }
  return out.join("\n");
}
