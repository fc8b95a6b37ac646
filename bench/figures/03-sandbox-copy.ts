// Figure 3: sandbox copy of a 4,000-file template. copyTree (src/run/workspace/tree.ts) vs every
// other way to copy (per-file async copyFile, fs.cp, cp -r, cp -a --reflink=auto), and removeTree vs
// rm -rf.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  type BenchOptions,
  type Figure,
  type ReportPart,
  defined,
  helper,
  list,
  log,
  medians,
  ms,
  yes,
} from "../harness.js";
import type { CopyMethod, CopyOutput } from "../outputs.js";

// The template: 10 × 10 folders × 40 files = 4,000 (BENCH_COPY_FILES=10000 for the old 10,000): on
// this machine's ext4 each created file costs more the more were removed in the last 30 s, and 3
// rounds of 7 copies and removals of 10,000 took 3 minutes of the bench's 10.
function bigTemplate(options: BenchOptions) {
  return { dirs: 10, subdirs: 10, files: Math.max(1, Math.round(options.copyFiles / 100)) };
}

function benchCopy(tmp: string, options: BenchOptions) {
  const BIG_TEMPLATE = bigTemplate(options);
  const src = path.join(tmp, "big-template");
  let files = 0;
  for (let a = 0; a < BIG_TEMPLATE.dirs; a++) {
    for (let b = 0; b < BIG_TEMPLATE.subdirs; b++) {
      const sub = path.join(src, `dir${a}`, `sub${b}`);
      fs.mkdirSync(sub, { recursive: true });
      for (let c = 0; c < BIG_TEMPLATE.files; c++) {
        fs.writeFileSync(path.join(sub, `file${c}.txt`), `file ${a}/${b}/${c}\n`);
        files++;
      }
    }
  }
  const destBase = path.join(tmp, "copies");
  fs.mkdirSync(destBase);
  // Does the filesystem under the temp dir clone files? (ext4: no; btrfs, XFS with reflink: yes.)
  const probe = path.join(destBase, "probe");
  fs.writeFileSync(probe, "x");
  const reflink =
    spawnSync("cp", ["--reflink=always", probe, `${probe}-clone`], { stdio: "ignore" }).status ===
    0;
  fs.rmSync(probe, { force: true });
  fs.rmSync(`${probe}-clone`, { force: true });
  const fsType = spawnSync("stat", ["-f", "-c", "%T", tmp], { encoding: "utf8" }).stdout?.trim();

  log(`3/8 sandbox copy (${files} files)`);
  const raw = helper<CopyOutput>(["copy", src, destBase, String(options.samples)]);
  return {
    raw,
    files,
    reflink,
    fsType: fsType || "unknown",
    med: medians(raw),
  };
}

const COPY_METHODS: Array<[CopyMethod, string]> = [
  [
    "copyTree",
    "a trial's copy (ours: `copySnapshot` of the tree walked once per eval, as a run does, then per-file `copyFileSync` with FICLONE in 10 ms slices; `cp -r` walks it each time)",
  ],
  [
    "asyncPerFile",
    "per-file `fs.promises.copyFile` with FICLONE, 32 at once (what copyTree did before)",
  ],
  ["fsCp", "Node's `fs.promises.cp` (recursive)"],
  ["cpA", "one `cp -a --reflink=auto` child"],
  ["cpR", "one `cp -r` child"],
];

function copyReport(copy: CopyFigure, options: BenchOptions): ReportPart {
  const BIG_TEMPLATE = bigTemplate(options);
  const fastest = COPY_METHODS.map(([k]) => k).reduce((a, b) =>
    copy.med[a] <= copy.med[b] ? a : b,
  );
  const rows = COPY_METHODS.filter(([k]) => k !== "cpR").map(
    ([k, label], i) =>
      `| 3${"abcd"[i]}. sandbox copy, ${copy.files.toLocaleString("en-US")}-file template: ${label} | \`cp -r\`: ${ms(copy.med.cpR, 0)} | ${ms(copy.med[k], 0)} | ${(copy.med[k] / copy.med.cpR).toFixed(2)}× | fastest safe method in the code | ${k === "copyTree" ? yes(fastest === "copyTree" || copy.med.copyTree <= copy.med[fastest] * 1.1) : "—"} |`,
  );
  rows.push(
    `| 3e. removing a ${copy.files.toLocaleString("en-US")}-file copy: removeTree (ours) | \`rm -rf\`: ${ms(copy.med.rmRf, 0)} | ${ms(copy.med.removeTree, 0)} | ${(copy.med.removeTree / copy.med.rmRf).toFixed(2)}× | — | — |`,
  );
  const [, fastestLabel] = defined(
    COPY_METHODS.find(([k]) => k === fastest),
    `COPY_METHODS entry ${fastest}`,
  );
  const sections = [
    "### Sandbox copy (diagnostic, figure 3)",
    "",
    `- Reflink (copy-on-write, FICLONE) on the temp filesystem (${copy.fsType}): ${copy.reflink ? "supported, so copyTree's FICLONE and `cp --reflink=auto` clone instead of copying" : "**not supported** (`cp --reflink=always` fails), so every method makes plain copies here; on btrfs or XFS with reflink, copyTree's FICLONE clones each file instead"}.`,
    `- Fastest here: ${fastestLabel} (${ms(copy.med[fastest], 0)}).` +
      (fastest === "copyTree"
        ? ""
        : ` copyTree takes ${ms(copy.med.copyTree, 0)}, ${((copy.med.copyTree / copy.med[fastest] - 1) * 100).toFixed(0)} % more.`),
    "- Why copyTree copies with synchronous calls: each async fs call is a round trip through libuv's thread pool (a " +
      "futex wake there, an epoll wake back); for small files that costs more CPU than the copy. The synchronous loop " +
      "runs the same syscalls (open, FICLONE attempt, copy_file_range, fchmod, close) on the main thread, in slices " +
      "of at most 10 ms so timers and other trials' output are still served. `COPYFILE_EXCL` also skips libuv's " +
      "fstat + ftruncate per file and refuses to write through anything already at the destination.",
    "- Why not a `cp` child: it would start a process per trial from a large Node parent (figure 1's cost), and `cp -a` " +
      "copies symlinks verbatim, so links would have to be checked and rewritten after it. Hard links are never used: " +
      "an agent could write through them into the prepared tree.",
    "",
  ];
  const how = [
    `3. **Sandbox copy.** A template of ${copy.files.toLocaleString("en-US")} files (${BIG_TEMPLATE.dirs}×${BIG_TEMPLATE.subdirs} folders × ${BIG_TEMPLATE.files} files), ` +
      "snapshotted once with `snapshotTree` (src/run/workspace/tree.ts, via tsx; a run does this once per eval). Per round, " +
      "each method copies it to a fresh folder, in a rotating order, timed in-process: `copySnapshot` (ours), the " +
      "previous per-file async copy (kept in bench/ts-helper.mjs to measure against), `fs.promises.cp`, and `cp -r` / " +
      "`cp -a --reflink=auto` timed around `spawnSync` from the same process. Then two of the copies are removed, " +
      "timed: one with `removeTree`, one with `rm -rf` (alternating which); the rest untimed. One warm-up copy first. " +
      "Reflink support is probed with `cp --reflink=always` on one file in the temp dir.",
  ];
  const raw = [
    `- 3: ${COPY_METHODS.map(([k]) => `${k} ${list(copy.raw[k])}`).join("; ")}; removeTree ${list(copy.raw.removeTree)}; rm -rf ${list(copy.raw.rmRf)}`,
  ];
  return { rows, notes: [], sections, how, raw };
}

type CopyFigure = ReturnType<typeof benchCopy>;

export const sandboxCopy: Figure<CopyFigure> = {
  id: "3",
  title: "sandbox copy of a many-file template: copyTree vs every other way, removeTree vs rm -rf",
  inFullRun: true,
  run: ({ tmp, options }) => benchCopy(tmp, options),
  render: (copy, { options }) => copyReport(copy, options),
  summary: (copy) =>
    `copy ${copy.files} files: ${COPY_METHODS.map(([k]) => `${k} ${copy.med[k].toFixed(0)} ms`).join(", ")}; remove: removeTree ${copy.med.removeTree.toFixed(0)} ms, rm -rf ${copy.med.rmRf.toFixed(0)} ms (reflink: ${copy.reflink ? "yes" : "no"})`,
};
