// @ts-check
// Runs pieces of the real engine (src/, TypeScript) for the bench (bench/run.ts). Started as
// `node --import tsx bench/ts-helper.mjs <command> …` (tsx is a devDependency); prints one JSON line.
//
//   shims <dir> <callLog>          write a passthrough shim and a stub shim for `true` with writeShims
//   copy <src> <destBase> <n>      time each way of copying src (copyTree, the per-file async copy it
//                                  replaced, fs.cp, `cp -r`, `cp -a --reflink=auto`), n rounds, and
//                                  removing a copy (removeTree vs `rm -rf`)
//   phases <template> <tmp> <n>    time the pieces of one trial in-process (diagnostic)
//   providers                      the sandbox providers registered (PROVIDERS) and whether each is available here
//   docker-image                   the tests' image (test/helpers/docker-image.ts, docker import of this
//                                  machine's bash, coreutils, git, node), built if missing: its tag
//   history <dir> <n>              time readAllHistory + compareRuns over the history in dir, n rounds,
//                                  against reading and JSON.parse-ing every line (the floor)

import { spawnSync } from "node:child_process";
import { constants, readdirSync, readFileSync, rmSync } from "node:fs";
import { copyFile, cp, mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeShims } from "../src/run/shims.ts";
import { makeTempDir } from "../src/run/workspace/io.ts";
import { removeTree } from "../src/run/workspace/remove.ts";
import { copySnapshot, snapshotTree } from "../src/run/workspace/tree.ts";
import { runProcess } from "../src/util/process.ts";
import { readAllHistory } from "../src/store/history.ts";
import { compareRuns } from "../src/store/compare.ts";
import { PROVIDERS } from "../src/run/isolation/registry.ts";

/** @typedef {import("../src/run/workspace/tree.ts").TreeSnapshot} TreeSnapshot */

// What each command prints (bench/outputs.ts; the figures read these types too).
/** @typedef {import("./outputs.ts").ShimsOutput} ShimsOutput */
/** @typedef {import("./outputs.ts").CopyMethod} CopyMethod */
/** @typedef {import("./outputs.ts").CopyOutput} CopyOutput */
/** @typedef {import("./outputs.ts").Phase} Phase */
/** @typedef {import("./outputs.ts").PhasesOutput} PhasesOutput */
/** @typedef {import("./outputs.ts").HistoryOutput} HistoryOutput */

const [command, ...args] = process.argv.slice(2);

/**
 * The command's argument at `i`; a usage error when it is missing.
 * @param {number} i
 * @returns {string}
 */
function arg(i) {
  const value = args[i];
  if (value === undefined) {
    console.error(`ts-helper: ${command}: missing argument ${i + 1}`);
    process.exit(2);
  }
  return value;
}

/**
 * `items` rotated left by `by`: item j of the result is items[(by + j) % items.length].
 * @template T
 * @param {readonly T[]} items
 * @param {number} by
 * @returns {T[]}
 */
function rotated(items, by) {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/**
 * Milliseconds `fn` takes, awaited.
 * @param {() => unknown} fn
 */
async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * @param {string} cmd
 * @param {string[]} argv
 */
function mustSpawn(cmd, argv) {
  const r = spawnSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"] });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed: ${r.stderr}`);
}

if (command === "shims") {
  const dir = arg(0);
  const callLog = arg(1);
  // The passthrough looks `true` up on this PATH, so it runs the same /bin/true the baseline runs.
  const passthrough = await writeShims({
    dir: path.join(dir, "passthrough"),
    shims: { true: { mode: "passthrough" } },
    callLog,
    originalPath: "/bin",
  });
  const stub = await writeShims({
    dir: path.join(dir, "stub"),
    shims: { true: { mode: "stub", exitCode: 0, stdout: "", stderr: "" } },
    callLog,
    originalPath: "/bin",
  });
  console.log(
    JSON.stringify(
      /** @satisfies {ShimsOutput} */ ({
        passthrough: path.join(passthrough, "true"),
        stub: path.join(stub, "true"),
      }),
    ),
  );
} else if (command === "copy") {
  const src = arg(0);
  const destBase = arg(1);
  const n = arg(2);
  /** @type {CopyOutput} */
  const out = {
    copyTree: [],
    asyncPerFile: [],
    fsCp: [],
    cpR: [],
    cpA: [],
    removeTree: [],
    rmRf: [],
  };
  /** @param {string} name */
  const dest = (name) => path.join(destBase, name);
  // The tree is walked and checked once (as a run does per eval); every copy reuses the snapshot.
  const snapshot = await snapshotTree(src);
  /** @type {Record<CopyMethod, (to: string) => Promise<void>>} */
  const methods = {
    copyTree: (to) => copySnapshot(snapshot, to),
    asyncPerFile: (to) => asyncPerFileCopy(snapshot, to),
    fsCp: (to) => cp(src, to, { recursive: true, verbatimSymlinks: true }),
    cpR: async (to) => mustSpawn("cp", ["-r", src, to]),
    cpA: async (to) => mustSpawn("cp", ["-a", "--reflink=auto", src, to]),
  };
  const names = /** @type {CopyMethod[]} */ (Object.keys(methods));
  // One untimed copy first, so the timed ones run warm, as they do in a run of many trials.
  await methods.copyTree(dest("warm"));
  rmSync(dest("warm"), { recursive: true, force: true });
  for (let i = 0; i < Number(n); i++) {
    // Rotate the order so no method always runs right after the same one.
    for (const name of rotated(names, i)) {
      out[name].push(await timed(() => methods[name](dest(name))));
    }
    // Removal, timed on two of the copies (alternating which tool gets which); the rest untimed.
    const [a, b] = /** @type {[CopyMethod, CopyMethod]} */ (
      i % 2 ? ["cpR", "copyTree"] : ["copyTree", "cpR"]
    );
    out.removeTree.push(await timed(() => removeTree(dest(a))));
    out.rmRf.push(await timed(async () => mustSpawn("rm", ["-rf", dest(b)])));
    for (const name of names) rmSync(dest(name), { recursive: true, force: true });
  }
  console.log(JSON.stringify(out));
} else if (command === "phases") {
  const template = arg(0);
  const tmp = arg(1);
  const n = arg(2);
  /** @type {Phase[]} */
  const names = ["setup", "copyTree", "agentBash", "checkBash", "removeTree"];
  /** @type {() => Record<Phase, number[]>} */
  const perPhase = () =>
    /** @type {Record<Phase, number[]>} */ (
      Object.fromEntries(names.map((k) => [k, /** @type {number[]} */ ([])]))
    );
  const wall = perPhase();
  // CPU of this whole process (all threads: libuv's file I/O, and the fork in spawn), not children.
  const cpu = perPhase();
  /**
   * @param {Phase} name
   * @param {() => Promise<unknown>} fn
   */
  const phase = async (name, fn) => {
    const c = process.cpuUsage();
    wall[name].push(await timed(fn));
    const d = process.cpuUsage(c);
    cpu[name].push((d.user + d.system) / 1000);
  };
  // process.env holds no undefined values at run time.
  const env = /** @type {Record<string, string>} */ ({ ...process.env });
  const steps =
    "set -e\nmkdir -p out && echo hello > out/result.txt\ncat out/result.txt > out/copy.txt";
  /**
   * @param {string} work
   * @param {string} script
   * @param {string} name
   */
  const run = (work, script, name) =>
    runProcess({
      command: "bash",
      args: ["-c", script],
      cwd: work,
      env,
      timeoutMs: 60_000,
      stdoutFile: path.join(tmp, `${name}.stdout`),
      stderrFile: path.join(tmp, `${name}.stderr`),
    });
  // Taken once and reused, as a run does for every trial of an eval (the first copy includes it).
  /** @type {TreeSnapshot | undefined} */
  let snapshot;
  for (let i = 0; i < Number(n); i++) {
    let root = "";
    await phase("setup", async () => (root = await makeTempDir("bench-phase")));
    const work = path.join(root, "work");
    await phase("copyTree", async () =>
      copySnapshot((snapshot ??= await snapshotTree(template)), work),
    );
    await phase("agentBash", () => run(work, steps, "agent"));
    await phase("checkBash", () => run(work, "test -s out/copy.txt", "check"));
    await phase("removeTree", () => removeTree(root));
  }
  console.log(JSON.stringify(/** @satisfies {PhasesOutput} */ ({ wall, cpu })));
} else if (command === "providers") {
  const list = [];
  for (const p of PROVIDERS) {
    const a = await p.available();
    list.push(
      a.ok
        ? { name: p.name, available: true }
        : { name: p.name, available: false, reason: a.reason },
    );
  }
  console.log(JSON.stringify(list));
} else if (command === "docker-image") {
  const { testImage } = await import("../test/helpers/docker-image.ts");
  console.log(JSON.stringify(await testImage()));
} else if (command === "history") {
  const dir = arg(0);
  const n = arg(1);
  const head = JSON.parse(readFileSync(path.join(dir, "head.json"), "utf8"));
  const historyDir = path.join(dir, "history");
  /** @type {HistoryOutput} */
  const out = { ours: [], floor: [], lines: 0, flagged: 0 };
  for (let i = 0; i < Number(n); i++) {
    // Alternate which goes first: the second one finds the files in the page cache either way.
    /** @type {Array<["ours" | "floor", () => Promise<void>]>} */
    const jobs = [
      [
        "ours",
        async () => {
          const rows = compareRuns(head, await readAllHistory(historyDir));
          out.flagged = rows.filter((r) => r.flag).length;
        },
      ],
      [
        "floor",
        async () => {
          let lines = 0;
          for (const name of readdirSync(historyDir)) {
            const text = readFileSync(path.join(historyDir, name), "utf8");
            for (const line of text.split("\n")) if (line) lines += JSON.parse(line) ? 1 : 0;
          }
          out.lines = lines;
        },
      ],
    ];
    if (i % 2) jobs.reverse();
    for (const [name, fn] of jobs) out[name].push(await timed(fn));
  }
  console.log(JSON.stringify(out));
} else {
  console.error(`ts-helper: unknown command ${command}`);
  process.exit(2);
}

/**
 * The copy copyTree used before (kept here only to measure against): folders first, then every
 * file through fs.promises.copyFile with FICLONE, 32 at a time on libuv's thread pool.
 * @param {TreeSnapshot} snapshot
 * @param {string} dest
 */
async function asyncPerFileCopy(snapshot, dest) {
  await mkdir(dest, { recursive: true });
  for (const rel of snapshot.folders) await mkdir(path.join(dest, rel), { recursive: true });
  const items = snapshot.entries.filter((e) => e.kind !== "dir");
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (!item) break;
      const { rel, kind } = item;
      const to = path.join(dest, rel);
      if (kind === "file")
        await copyFile(path.join(snapshot.root, rel), to, constants.COPYFILE_FICLONE);
      else {
        const target = snapshot.linkTargets.get(rel);
        if (target === undefined) throw new Error(`no link target for ${rel} in the snapshot`);
        await symlink(target, to);
      }
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}
