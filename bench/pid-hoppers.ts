// How many pid hoppers survive the clean-up after a child: processes that keep changing their pid
// (each generation starts the next in a new session and exits at once), which one look at /proc
// can miss between listing a pid and reading it. Per run: 3 hoppers, started by a child of
// runProcess, which exits once they have had 30 generations; a hopper survived if its log still
// grows 300 ms after runProcess resolved. Two hoppers: bash (a generation starts a new bash through
// setsid) and, where python3 exists, a Python fork-and-exit loop (much faster). Each with the
// child's own cgroup where one is usable here, and with the marker scan only (AGENT_EVALS_NO_CGROUP).
// Also the median time of runProcess(/bin/true) in both modes, taken in turns.
// Run: npx tsx bench/pid-hoppers.ts [runs]   (prints one line per hopper and mode)

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cgroupHome, NO_CGROUP_ENV } from "../src/util/cgroup.js";
import { runProcess } from "../src/util/process.js";

const RUNS = Number(process.argv[2] ?? 50);

const HOPPERS = {
  bash: {
    file: "hop.sh",
    command: "bash",
    script: `[ -e "$HOPS.stop" ] && exit 0
echo $$ >> "$HOPS"
setsid bash "$0" </dev/null >/dev/null 2>&1 &
`,
  },
  python: {
    file: "hop.py",
    command: "python3",
    script: `import os
while not os.path.exists(os.environ["HOPS"] + ".stop"):
    if os.fork() > 0:
        os._exit(0)
    os.setsid()
    with open(os.environ["HOPS"], "a") as log:
        log.write(f"{os.getpid()}\\n")
`,
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function generations(log: string): number {
  try {
    return fs.readFileSync(log, "utf8").split("\n").length - 1;
  } catch {
    return 0;
  }
}

async function survivors(dir: string, hopper: (typeof HOPPERS)[keyof typeof HOPPERS]) {
  let survived = 0;
  for (let run = 0; run < RUNS; run++) {
    const log = path.join(dir, `hops-${run}`);
    const start = `${hopper.command} ${path.join(dir, hopper.file)}`;
    await runProcess({
      command: "bash",
      args: [
        "-c",
        `for i in 1 2 3; do ${start} & done; until [ "$(wc -l < "$HOPS" 2>/dev/null || echo 0)" -ge 30 ]; do sleep 0.02; done`,
      ],
      cwd: dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOPS: log },
      timeoutMs: 60_000,
      stdoutFile: path.join(dir, "stdout"),
      stderrFile: path.join(dir, "stderr"),
    });
    const before = generations(log);
    await sleep(300);
    if (generations(log) > before) survived++;
    // Survivors end themselves at the stop file.
    fs.writeFileSync(`${log}.stop`, "");
  }
  return survived;
}

/** Runs `fn` with cgroups on (where usable) or off. */
async function inMode<T>(scanOnly: boolean, fn: () => Promise<T>): Promise<T> {
  if (scanOnly) process.env[NO_CGROUP_ENV] = "1";
  try {
    return await fn();
  } finally {
    delete process.env[NO_CGROUP_ENV];
  }
}

async function medianTrueMs(dir: string): Promise<Record<string, string>> {
  const samples: Record<string, number[]> = { cgroup: [], scan: [] };
  for (let i = 0; i < 2 * RUNS; i++) {
    const mode = i % 2 === 0 ? "cgroup" : "scan";
    const started = performance.now();
    await inMode(mode === "scan", () =>
      runProcess({
        command: "/bin/true",
        args: [],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
        timeoutMs: 60_000,
        stdoutFile: path.join(dir, "stdout"),
        stderrFile: path.join(dir, "stderr"),
      }),
    );
    samples[mode]!.push(performance.now() - started);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!.toFixed(1);
  return { cgroup: median(samples.cgroup!), scan: median(samples.scan!) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hoppers-"));
const modes = cgroupHome() ? [false, true] : [true];
console.log(cgroupHome() ? `cgroup v2 usable: ${cgroupHome()}` : "no usable cgroup v2 here");
try {
  for (const [name, hopper] of Object.entries(HOPPERS)) {
    if (spawnSync(hopper.command, ["-c", ""]).status !== 0) continue;
    fs.writeFileSync(path.join(dir, hopper.file), hopper.script);
    for (const scanOnly of modes) {
      const survived = await inMode(scanOnly, () => survivors(dir, hopper));
      const mode = scanOnly ? "marker scan only" : "own cgroup";
      console.log(`${name} hoppers, ${mode}: a survivor in ${survived} of ${RUNS} runs`);
    }
  }
  if (cgroupHome()) {
    const { cgroup, scan } = await medianTrueMs(dir);
    console.log(`runProcess(/bin/true), median: ${cgroup} ms with a cgroup, ${scan} ms without`);
  }
} finally {
  await sleep(500);
  fs.rmSync(dir, { recursive: true, force: true });
}
