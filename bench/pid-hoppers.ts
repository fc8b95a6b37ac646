// How many pid hoppers survive the clean-up after a child: processes that keep changing their pid
// (each generation starts the next in a new session and exits at once), which one look at /proc
// can miss between listing a pid and reading it. Per run: 3 hoppers, started by a child of
// runProcess, which exits once they have had 30 generations; a hopper survived if its log still
// grows 300 ms after runProcess resolved. Two hoppers: bash (a generation starts a new bash through
// setsid) and, where python3 exists, a Python fork-and-exit loop (much faster).
// Run: npx tsx bench/pid-hoppers.ts [runs]   (prints one line per hopper)

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-hoppers-"));
try {
  for (const [name, hopper] of Object.entries(HOPPERS)) {
    if (spawnSync(hopper.command, ["-c", ""]).status !== 0) continue;
    fs.writeFileSync(path.join(dir, hopper.file), hopper.script);
    const survived = await survivors(dir, hopper);
    console.log(`${name} hoppers, marker scan: a survivor in ${survived} of ${RUNS} runs`);
  }
} finally {
  await sleep(500);
  fs.rmSync(dir, { recursive: true, force: true });
}
