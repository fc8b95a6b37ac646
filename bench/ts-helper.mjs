// Runs pieces of the real engine (src/, TypeScript) for bench/run.mjs. Started as
// `node --import tsx bench/ts-helper.mjs <command> …` (tsx is a devDependency); prints one JSON line.
//
//   shims <dir> <callLog>          write a passthrough shim and a stub shim for `true` with writeShims
//   copy <src> <destBase> <n>      time copyTree, `cp -r` and `cp -a --reflink=auto` of src, n rounds
//   phases <template> <tmp> <n>    time the pieces of one trial in-process (diagnostic)

import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { writeShims } from "../src/run/shims.ts";
import { copyTree, makeTempDir, removeTree } from "../src/run/sandbox.ts";
import { runProcess } from "../src/run/process.ts";

const [command, ...args] = process.argv.slice(2);

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function mustSpawn(cmd, argv) {
  const r = spawnSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"] });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed: ${r.stderr}`);
}

if (command === "shims") {
  const [dir, callLog] = args;
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
    JSON.stringify({ passthrough: path.join(passthrough, "true"), stub: path.join(stub, "true") }),
  );
} else if (command === "copy") {
  const [src, destBase, n] = args;
  const out = { copyTree: [], cpR: [], cpA: [] };
  const dest = (name) => path.join(destBase, name);
  // One untimed copyTree first, so the timed ones run warm, as they do in a run of many trials.
  await copyTree(src, dest("warm"));
  rmSync(dest("warm"), { recursive: true, force: true });
  for (let i = 0; i < Number(n); i++) {
    // Rotate the order so no method always runs right after the previous copy's removal.
    const jobs = [
      ["copyTree", () => copyTree(src, dest("ours"))],
      ["cpR", async () => mustSpawn("cp", ["-r", src, dest("cpR")])],
      ["cpA", async () => mustSpawn("cp", ["-a", "--reflink=auto", src, dest("cpA")])],
    ];
    for (let j = 0; j < jobs.length; j++) {
      const [name, fn] = jobs[(i + j) % jobs.length];
      out[name].push(await timed(fn));
    }
    for (const name of ["ours", "cpR", "cpA"]) rmSync(dest(name), { recursive: true, force: true });
  }
  console.log(JSON.stringify(out));
} else if (command === "phases") {
  const [template, tmp, n] = args;
  const names = ["setup", "copyTree", "agentBash", "checkBash", "removeTree"];
  const wall = Object.fromEntries(names.map((k) => [k, []]));
  // CPU of this whole process (all threads: libuv's file I/O, and the fork in spawn), not children.
  const cpu = Object.fromEntries(names.map((k) => [k, []]));
  const phase = async (name, fn) => {
    const c = process.cpuUsage();
    wall[name].push(await timed(fn));
    const d = process.cpuUsage(c);
    cpu[name].push((d.user + d.system) / 1000);
  };
  const env = { ...process.env };
  const steps =
    "set -e\nmkdir -p out && echo hello > out/result.txt\ncat out/result.txt > out/copy.txt";
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
  for (let i = 0; i < Number(n); i++) {
    let root;
    await phase("setup", async () => (root = await makeTempDir("bench-phase")));
    const work = path.join(root, "work");
    await phase("copyTree", () => copyTree(template, work));
    await phase("agentBash", () => run(work, steps, "agent"));
    await phase("checkBash", () => run(work, "test -s out/copy.txt", "check"));
    await phase("removeTree", () => removeTree(root));
  }
  console.log(JSON.stringify({ wall, cpu }));
} else {
  console.error(`ts-helper: unknown command ${command}`);
  process.exit(2);
}
