/**
 * `agent-evals eval --resume` (docs/results.md › Resume): the real CLI, a scripted agent that
 * appends `<eval> <trial>` to a log file each time it is called. A run killed with SIGKILL after
 * some trials finished is resumed: only the unfinished trials run, and run.json has every trial and
 * the verdict an uninterrupted run gives. A trial that ended in an infra error runs again, a failed
 * one does not; an eval whose definition changed runs whole; no previous run is exit 2.
 */
import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliEntry } from "./helpers/bundle.js";
import { eventually } from "./helpers/procs.js";
import { makeProject, runCli } from "./helpers/project.js";

const CLI = await cliEntry();

const task = (name: string, trials: number, passRate = 1) => `name: ${name}
prompt: Do the task.
trials: ${trials}
passRate: ${passRate}
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
assertions:
  files: [done.txt]
`;

// Logs each call; `slow` trials 3 and 4 wait while $HANG exists, and so do those of a variant
// whose prompt says "slowly"; a trial named in $FAIL fails. A variant's calls log as `<eval>@v`.
const AGENT = `#!/bin/bash
case "$1" in *slowly*) who="$AGENT_EVALS_EVAL@v" ;; *) who="$AGENT_EVALS_EVAL" ;; esac
echo "$who $AGENT_EVALS_TRIAL" >> "$CALLS"
if { [ "$AGENT_EVALS_EVAL" = slow ] || [ "$who" != "$AGENT_EVALS_EVAL" ]; } && [ "$AGENT_EVALS_TRIAL" -ge 3 ]; then
  while [ -f "$HANG" ]; do sleep 0.2; done
fi
case " $FAIL " in *" $AGENT_EVALS_EVAL-$AGENT_EVALS_TRIAL "*) exit 0 ;; esac
echo done > done.txt
`;

interface Run {
  comparisons?: Array<Record<string, unknown>>;
  evals: Array<{
    id: string;
    status: string;
    passes: number;
    trialsRun: number;
    passRate: number;
    interval: [number, number];
    definitionHash?: string;
    trials: Array<{ n: number; status: string; code?: string }>;
  }>;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function project(files: Record<string, string>) {
  const root = await makeProject({ ...files, "agent.sh": AGENT });
  const calls = path.join(root, "calls.log");
  const env = (extra: Record<string, string> = {}) => ({
    CI: "true",
    CALLS: calls,
    HANG: path.join(root, "hang"),
    ...extra,
  });
  const args = (...more: string[]) => [
    "eval",
    "--cwd",
    root,
    "--agent",
    `bash ${path.join(root, "agent.sh")} {prompt}`,
    "--concurrency",
    "6",
    ...more,
  ];
  const readRun = async () =>
    JSON.parse(await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8")) as Run;
  const readCalls = async () =>
    (await fs.readFile(calls, "utf8").catch(() => "")).split("\n").filter(Boolean).sort();
  const verdict = (run: Run) =>
    run.evals
      .map((e) => ({
        id: e.id,
        status: e.status,
        passes: e.passes,
        trialsRun: e.trialsRun,
        passRate: e.passRate,
        interval: e.interval,
        trials: e.trials.map((t) => `${t.n}:${t.status}`).sort(),
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  return { root, calls, env, args, readRun, readCalls, verdict };
}

describe("eval --resume", () => {
  it("after a run killed mid-way, runs only the unfinished trials; run.json is an uninterrupted run's", async () => {
    const p = await project({
      "evals/fast.eval.yaml": task("fast", 2),
      "evals/slow.eval.yaml": task("slow", 4),
    });
    await fs.writeFile(path.join(p.root, "hang"), "");
    // --all-trials: every trial starts at once, so the kill finds slow 3 and 4 running.
    const first = spawn(process.execPath, [CLI, ...p.args("--all-trials")], {
      env: { PATH: process.env.PATH, NO_COLOR: "1", ...p.env() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    first.stdout.on("data", (c: Buffer) => (output += c.toString()));
    first.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => first.on("exit", resolve));
    const results = path.join(p.root, ".copybook/results/evals");
    const finished = async () => {
      const found: string[] = [];
      for (const id of ["fast", "slow"]) {
        for (const agent of await fs.readdir(path.join(results, id)).catch(() => [])) {
          for (const n of [1, 2]) {
            if (await exists(path.join(results, id, agent, `trial-${n}`, "trial.json")))
              found.push(`${id}-${n}`);
          }
        }
      }
      return found.length === 4 && (await p.readCalls()).length === 6;
    };
    expect(await eventually(finished, Boolean, 600), output + (await p.readCalls()).join()).toBe(
      true,
    );
    first.kill("SIGKILL");
    await exited;
    expect(await exists(path.join(p.root, ".copybook/results/run.json"))).toBe(false);
    expect(await p.readCalls()).toEqual([
      "fast 1",
      "fast 2",
      "slow 1",
      "slow 2",
      "slow 3",
      "slow 4",
    ]);

    await fs.rm(path.join(p.root, "hang"));
    await fs.rm(p.calls);
    const resumed = await runCli(p.args("--resume", "--all-trials"), { env: p.env() });
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("resume: kept 4 of 6 trials, running 2 (2 unfinished)");
    // Progress counts only the trials this run may run.
    expect(resumed.stdout).toContain("2 eval × agent pair(s), up to 2 trial(s)");
    // Only the two unfinished trials ran, under their own numbers.
    expect(await p.readCalls()).toEqual(["slow 3", "slow 4"]);
    const run = await p.readRun();
    expect(run.evals.find((e) => e.id === "slow")?.trials.map((t) => t.n)).toEqual([1, 2, 3, 4]);

    // The same outcomes in one uninterrupted run give the same verdicts.
    await fs.rm(p.calls);
    const whole = await runCli(p.args("--all-trials"), { env: p.env() });
    expect(whole.code, whole.stdout + whole.stderr).toBe(0);
    expect((await p.readCalls()).length).toBe(6);
    expect(p.verdict(run)).toEqual(p.verdict(await p.readRun()));
  });

  it("resumes a comparison's arms: only their unfinished trials run, the comparison is one run's", async () => {
    // An eval with a variant: the control and the variant run as a comparison, 4 trials per arm.
    const p = await project({
      "evals/cmp.eval.yaml": `${task("cmp", 4)}variants:\n  - name: slower\n    prompt: Do the task slowly.\n`,
    });
    await fs.writeFile(path.join(p.root, "hang"), "");
    const args = p.args("--trials", "4", "--concurrency", "8");
    const first = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, NO_COLOR: "1", ...p.env() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    first.stdout.on("data", (c: Buffer) => (output += c.toString()));
    first.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => first.on("exit", resolve));
    const results = path.join(p.root, ".copybook/results/evals");
    // The control's 4 trials and the variant's first 2 finished; the variant's 3 and 4 hang.
    const finished = async () => {
      let found = 0;
      for (const folder of await fs.readdir(results).catch(() => [])) {
        for (const agent of await fs.readdir(path.join(results, folder)).catch(() => [])) {
          for (const n of [1, 2, 3, 4]) {
            if (await exists(path.join(results, folder, agent, `trial-${n}`, "trial.json")))
              found++;
          }
        }
      }
      return found === 6 && (await p.readCalls()).length === 8;
    };
    expect(await eventually(finished, Boolean, 600), output + (await p.readCalls()).join()).toBe(
      true,
    );
    first.kill("SIGKILL");
    await exited;

    await fs.rm(path.join(p.root, "hang"));
    await fs.rm(p.calls);
    const resumed = await runCli([...args, "--resume"], { env: p.env() });
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("resume: kept 6 of 8 trials, running 2 (2 unfinished)");
    expect(await p.readCalls()).toEqual(["cmp@v 3", "cmp@v 4"]);
    const run = await p.readRun();

    await fs.rm(p.calls);
    const whole = await runCli(args, { env: p.env() });
    expect(whole.code, whole.stdout + whole.stderr).toBe(0);
    expect((await p.readCalls()).length).toBe(8);
    const uninterrupted = await p.readRun();
    expect(p.verdict(run)).toEqual(p.verdict(uninterrupted));
    const comparison = (r: Run) => {
      const { controlMeans: _c, treatmentMeans: _t, ...rest } = r.comparisons![0]!;
      return rest;
    };
    expect(run.comparisons).toHaveLength(1);
    expect(comparison(run)).toEqual(comparison(uninterrupted));
  });

  it("runs a trial that ended in an infra error again, keeps a failed one and a replay miss", async () => {
    const p = await project({
      "evals/mixed.eval.yaml": task("mixed", 4, 0.5),
      "evals/missed.eval.yaml": task("missed", 2, 0.5),
    });
    // Trial 2 fails (its check); all trials run (--all-trials) so that each has an outcome.
    const first = await runCli(p.args("--all-trials"), { env: p.env({ FAIL: "mixed-2" }) });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    // What an infra error leaves: run.json says `error` AE302, and the folder has no trial.json.
    // (A replay miss, AE303, is kept: a run again would ask the same recording the same question.)
    const runFile = path.join(p.root, ".copybook/results/run.json");
    const run = await p.readRun();
    const raw = JSON.parse(await fs.readFile(runFile, "utf8")) as {
      evals: Array<{ id: string; trials: Array<Record<string, unknown>> }>;
    };
    const infra = { status: "error", code: "AE302", reason: "infra error: the API failed" };
    const miss = { status: "error", code: "AE303", reason: "replay miss" };
    const mixed = raw.evals.find((e) => e.id === "mixed")!;
    Object.assign(
      mixed.trials.find((t) => t.n === 3)!,
      infra,
    );
    const missed = raw.evals.find((e) => e.id === "missed")!;
    Object.assign(
      missed.trials.find((t) => t.n === 1)!,
      miss,
    );
    await fs.writeFile(runFile, JSON.stringify(raw));
    for (const [e, n] of [
      [mixed, 3],
      [missed, 1],
    ] as const) {
      const dir = path.join(p.root, String(e.trials.find((t) => t.n === n)!.dir));
      await fs.rm(path.join(dir, "trial.json"));
    }
    expect(run.evals.find((e) => e.id === "mixed")?.trials).toHaveLength(4);

    await fs.rm(p.calls);
    const resumed = await runCli(p.args("--resume", "--all-trials"), {
      env: p.env({ FAIL: "mixed-2" }),
    });
    expect(resumed.stdout).toContain("resume: kept 5 of 6 trials, running 1 (1 infra error)");
    expect(await p.readCalls()).toEqual(["mixed 3"]);
    const after = await p.readRun();
    const trials = (id: string) =>
      after.evals.find((e) => e.id === id)!.trials.map((t) => `${t.n}:${t.status}`);
    expect(trials("mixed")).toEqual(["1:passed", "2:failed", "3:passed", "4:passed"]);
    // The kept replay miss still makes its eval an error, as in the run it came from.
    expect(trials("missed")).toEqual(["1:error", "2:passed"]);
    expect(after.evals.find((e) => e.id === "missed")?.status).toBe("error");
    expect(resumed.code).toBe(2);
  });

  it("runs an eval whose definition changed whole, and says why", async () => {
    const p = await project({
      "evals/same.eval.yaml": task("same", 2),
      "evals/edited.eval.yaml": task("edited", 2),
    });
    const first = await runCli(p.args(), { env: p.env() });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect((await p.readRun()).evals.every((e) => typeof e.definitionHash === "string")).toBe(true);
    await fs.writeFile(
      path.join(p.root, "evals/edited.eval.yaml"),
      task("edited", 2).replace("Do the task.", "Do the task now."),
    );
    await fs.rm(p.calls);
    const resumed = await runCli(p.args("--resume"), { env: p.env() });
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(
      "resume: edited: its definition changed since the previous run: running it whole",
    );
    expect(resumed.stdout).toContain("resume: kept 2 of 4 trials, running up to 2 (2 not started)");
    expect(await p.readCalls()).toEqual(["edited 1", "edited 2"]);
  });

  it("exits 2 and names the folder and the fix when there is no previous run", async () => {
    const p = await project({ "evals/one.eval.yaml": task("one", 1) });
    const result = await runCli(p.args("--resume"), { env: p.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `--resume: there is no previous run to resume in ${path.join(p.root, ".copybook/results")}`,
    );
    expect(result.stderr).toContain("Fix: run `agent-evals eval` without --resume.");
    expect(await p.readCalls()).toEqual([]);
  });
});
