/**
 * Fault injection through the engine: agents that hang and hide processes, flood their output,
 * wreck their sandbox or write beside it, crash at start, lose their binary, or meet an API that
 * only answers 500. Each must end in a clear verdict, with nothing left running and no other
 * trial touched. Real processes, real files, the real claude binary against the fake API.
 */
import { execFile } from "node:child_process";
import { promises as fs, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import { cgroupHome, NO_CGROUP_ENV } from "../src/util/cgroup.js";
import { PROCESS_MARKER_ENV } from "../src/util/process.js";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";
import {
  eventually,
  hopCount,
  leftovers,
  PID_HOPPER,
  stillHopping,
  stopHoppers,
} from "./helpers/procs.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";
import type { RunResult } from "../src/model/result.js";
import { claudeAgainstFake, uniqueToken } from "./helpers/agent-run.js";

const dirs: string[] = [];
const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function project(files: Record<string, string>): Promise<string> {
  const root = await makeProject(files);
  dirs.push(root);
  return root;
}

const baseEnv = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  LANG: "C.UTF-8",
  CI: "true",
  ...extra,
});

/** A YAML eval whose agent comes from the run (`agents`). */
const task = (name: string, assertions = "files: [done.txt]", extra = "") => `name: ${name}
prompt: Do the task.
sandbox: { fixture: { "README.md": "# app\\n", "src/keep.txt": "kept\\n" } }
timeout: 30
assertions:
  ${assertions}
${extra}`;

describe("an agent that hangs and hides processes", () => {
  it("is killed at the timeout with every process it started: group, grandchildren, setsid escapees", async () => {
    const token = uniqueToken("fault-hang");
    const root = await project({ "evals/hang.eval.yaml": task("hang", "files: [done.txt]", "") });
    await fs.writeFile(
      path.join(root, "evals/hang.eval.yaml"),
      task("hang").replace("timeout: 30", "timeout: 1"),
    );
    const pidFile = path.join(root, "pids");
    // Ignores SIGTERM itself; a child ignoring it too; grandchildren; one that left the process
    // group and session (setsid); a daemon-style double fork. Then it waits forever.
    const agent = scriptAgent(
      "hanger",
      `trap '' TERM
       echo "$$" >> "$PID_FILE"
       ( trap '' TERM; exec sleep 300 ) & echo $! >> "$PID_FILE"
       ( sleep 300 & echo $! >> "$PID_FILE"; exec sleep 300 ) &
       setsid bash -c 'trap "" TERM; echo $$ >> "$PID_FILE"; exec sleep 300' &
       ( setsid bash -c 'sleep 300 & echo $! >> "$PID_FILE"' & ) 
       while :; do sleep 1; done`,
    );
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: baseEnv({ PID_FILE: pidFile, FAULT_TOKEN: token }),
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    expect(result.status).toBe("failed");
    expect(result.trials[0]?.reason).toBe("the agent timed out after 1 s");
    const pids = (await fs.readFile(pidFile, "utf8")).trim().split("\n").map(Number);
    expect(pids.length).toBe(5);
    // Nothing with the token in its environment, nor in any of their groups or sessions, is alive.
    const left = await eventually(
      () => leftovers(`FAULT_TOKEN=${token}`, pids),
      (l) => l.length === 0,
    );
    expect(left).toEqual([]);
  });
});

// Where cgroup v2 is usable (root, or a delegated subtree) each agent runs in a cgroup of its own
// and cgroup.kill ends everything in it; elsewhere the repeated marker scan is all there is.
describe.each([
  { mode: "its own cgroup where usable", noCgroup: false },
  { mode: `the marker scan only (${NO_CGROUP_ENV}=1)`, noCgroup: true },
])("an agent whose processes hop pids or clear their marker, with $mode", ({ noCgroup }) => {
  beforeEach(() => {
    if (noCgroup) process.env[NO_CGROUP_ENV] = "1";
  });
  afterEach(() => {
    delete process.env[NO_CGROUP_ENV];
  });

  it("leaves no pid hopper running; one that cleared its marker survives only without a cgroup", async () => {
    const token = uniqueToken("fault-hop");
    const root = await project({ "evals/hop.eval.yaml": task("hop") });
    await fs.writeFile(path.join(root, "hop.sh"), PID_HOPPER);
    const hops = path.join(root, "hops");
    const scrubbedFile = path.join(root, "scrubbed.pid");
    // Three pid hoppers, and a sleeper that left the session and removed the run's marker from its
    // environment; then the agent does its task and exits.
    const agent = scriptAgent(
      "hopper",
      `for i in 1 2 3; do bash "$HOP_SCRIPT" & done
       env -u ${PROCESS_MARKER_ENV} setsid sleep 300 </dev/null >/dev/null 2>&1 &
       echo $! > "$SCRUBBED_FILE"
       until [ "$(wc -l < "$HOPS")" -ge 30 ]; do sleep 0.02; done
       echo done > done.txt`,
    );
    let scrubbed: number | undefined;
    try {
      const outcome = await runEvals({
        projectRoot: root,
        agents: [agent],
        env: baseEnv({
          HOP_SCRIPT: path.join(root, "hop.sh"),
          HOPS: hops,
          SCRUBBED_FILE: scrubbedFile,
          FAULT_TOKEN: token,
        }),
        maxRetries: 0,
      });
      expect(outcome.run.evals[0]?.status).toBe("passed");
      expect(await hopCount(hops)).toBeGreaterThanOrEqual(30);
      expect(await stillHopping(hops)).toBe(false);
      scrubbed = Number((await fs.readFile(scrubbedFile, "utf8")).trim());
      const left = (await leftovers(`FAULT_TOKEN=${token}`)).map((p) => p.pid);
      // The cgroup holds it whatever its environment says; the marker scan cannot see it.
      expect(left).toEqual(cgroupHome() && !noCgroup ? [] : [scrubbed]);
    } finally {
      await stopHoppers(hops);
      if (scrubbed) {
        try {
          process.kill(scrubbed, "SIGKILL");
        } catch {
          // gone: the expected case with a cgroup
        }
      }
    }
  });
});

describe("an agent that floods its output with 1 GiB", () => {
  const floodRun = (root: string, mode: string) =>
    new Promise<{
      baseline: number;
      peak: number;
      status: string;
      reason?: string;
      stdoutFileBytes: number;
      stdoutTail: string;
    }>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          "--import",
          pathToFileURL(path.join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href,
          path.join(REPO_ROOT, "test/fixtures/faults/flood-run.ts"),
          root,
          mode,
        ],
        { maxBuffer: 1024 * 1024 },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
      );
    });

  const CAP = 10 * 1024 * 1024;
  const MIB = 1024 * 1024;

  it("many lines (script agent): capped at 10 MiB, marked, the trial still judged, memory flat", async () => {
    const root = await project({ "evals/flood.eval.yaml": task("flood", "files: [README.md]") });
    const r = await floodRun(root, "lines");
    expect(r.status).toBe("passed");
    expect(r.stdoutFileBytes).toBeLessThan(CAP + 100);
    expect(r.stdoutFileBytes).toBeGreaterThan(CAP - 100);
    expect(r.stdoutTail).toContain(`[agent-evals: output cut at ${CAP} bytes]`);
    // 1 GiB went through; the harness grew by a few buffers, not by the output.
    expect(r.peak - r.baseline, JSON.stringify(r)).toBeLessThan(150 * MIB);
  });

  it("one endless line (claude adapter's stream parser): capped, an infra error, memory flat", async () => {
    const root = await project({ "evals/flood.eval.yaml": task("flood", "files: [README.md]") });
    const r = await floodRun(root, "one-line");
    expect(r.status).toBe("error");
    expect(r.reason).toMatch(/claude exited 0 without a result/);
    expect(r.stdoutFileBytes).toBeLessThan(CAP + 100);
    expect(r.stdoutTail).toContain("[agent-evals: output cut at");
    expect(r.peak - r.baseline, JSON.stringify(r)).toBeLessThan(150 * MIB);
  });
});

describe("an agent that floods its shim call log", () => {
  it("arguments cut at 4 KiB, the record cut at 10,000 calls and said so; the call checks see every call", async () => {
    const root = await project({
      "evals/calls.eval.ts": `import { defineEval, notRan, ran, ranInOrder } from "agent-evals";
export const callFlood = defineEval("Flood the call log.", {
  sandbox: { fixture: { a: "" } },
  shims: { vendor: { exitCode: 0 } },
  timeoutMs: 60_000,
  assert: [ran("vendor finale"), ranInOrder(["vendor first", "vendor finale"]), notRan("vendor forbidden")],
});`,
    });
    // Three real calls with a 120 KB argument, then 12,000 records appended to the log the way
    // 12,000 calls would leave them (the shims' own format; faster than running them), then two
    // real calls past the cap: one the checks forbid, one they require.
    const agent = scriptAgent(
      "call-flooder",
      `vendor first
       big=$(head -c 122880 /dev/zero | tr '\\0' x)
       for i in 1 2 3; do vendor big "$big"; done
       for i in $(seq 12000); do printf 'S\\0%s\\0%s\\0%s\\0vendor\\0%s\\0%s\\0E\\0%s\\0%s\\0' "$((1000000 + i))" 1.0 "$PWD" 1 "flood-$i" "$((1000000 + i))" 0; done >> "$TMPDIR/../calls.raw"
       vendor forbidden
       vendor finale`,
    );
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: baseEnv(),
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    const trial = result.trials[0]!;
    const why = JSON.stringify(result, null, 2);
    expect(result.status, why).toBe("failed");
    expect(trial.calls).toBe(12_006);
    expect(trial.checks.map((c) => [c.ok, c.evidence])).toEqual([
      [true, "call #12006 matched: vendor finale"],
      [true, "in order at calls #1, #12006"],
      [false, 'call #12005 matched "vendor forbidden": vendor forbidden'],
    ]);
    expect(trial.warnings).toEqual([
      "the agent made 12006 shim calls; calls.jsonl records the first 10000 (the call log's cap: 10000 calls); ran, notRan and ranInOrder saw all 12006",
    ]);
    const jsonl = await fs.readFile(path.join(root, trial.dir, "calls.jsonl"), "utf8");
    const lines = jsonl
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(10_001);
    expect(lines[1].argv[1]).toMatch(/^x+\[agent-evals: argument cut at 4096 bytes of 122880\]x+$/);
    expect(lines[9_999]).toMatchObject({ argv: ["flood-9996"], exit: 0 });
    expect(lines[10_000]).toEqual({
      cut: "[agent-evals: calls cut at 10000 of 12006: the record holds at most 10000 calls]",
      recorded: 10_000,
      calls: 12_006,
    });
    expect(jsonl.length).toBeLessThan(2 * 1024 * 1024);
  });
});

describe("an agent that forges a call log where there are no shims", () => {
  it("is not read: without shims the trial has no call log and no calls.jsonl", async () => {
    const root = await project({
      "evals/forge.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const forge = defineEval("Forge calls.", {
  sandbox: { fixture: { a: "" } },
  timeoutMs: 60_000,
  assert: [fileExists("a")],
});`,
    });
    // The shims' own record format, where a trial with shims keeps its log.
    const agent = scriptAgent(
      "forger",
      `printf 'S\\0%s\\0%s\\0%s\\0vendor\\0%s\\0%s\\0E\\0%s\\0%s\\0' 1000001 1.0 "$PWD" 1 forged 1000001 0 >> "$TMPDIR/../calls.raw"`,
    );
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: baseEnv(),
      maxRetries: 0,
    });
    const trial = outcome.run.evals[0]!.trials[0]!;
    expect(trial.status, JSON.stringify(trial, null, 2)).toBe("passed");
    expect(trial.calls).toBe(0);
    await expect(fs.stat(path.join(root, trial.dir, "calls.jsonl"))).rejects.toThrow(/ENOENT/);
  });
});

describe("an agent that wrecks its sandbox", () => {
  it("is reported; the other trials, run at the same time, are not touched", async () => {
    const root = await project({
      "evals/calm.eval.yaml": task("calm", "files: [done.txt, src/keep.txt]"),
      "evals/deleter.eval.yaml": task("deleter"),
      "evals/replacer.eval.yaml": task("replacer"),
      "evals/many-files.eval.yaml": task("many-files", "files: [done.txt]\n  contains: [needle]"),
      "evals/escaper.eval.yaml": task("escaper"),
      "evals/corrupter.eval.yaml": task(
        "corrupter",
        "files: [done.txt]\n  contains:\n    - { file: passwd, text: root }",
      ),
    });
    const agent = scriptAgent(
      "wrecker",
      `case "$AGENT_EVALS_EVAL" in
         calm) sleep 0.5; echo done > done.txt ;;
         deleter) cd .. && rm -rf work ;;
         replacer) cd .. && rm -rf work && echo "not a folder" > work ;;
         many-files) mkdir many && (cd many && seq 1 5000 | xargs touch) && echo needle > many/5000 && echo done > done.txt ;;
         escaper) echo done > done.txt; echo out > ../escaped.txt; mkdir ../stash ;;
         corrupter) echo done > done.txt; ln -s /etc/passwd passwd; ln -s loop loop; mkdir locked; chmod 000 locked; rm -f README.md ;;
       esac`,
    );
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: baseEnv(),
      concurrency: 6,
      maxRetries: 0,
    });
    const byId = Object.fromEntries(outcome.run.evals.map((e) => [e.id, e]));
    const why = JSON.stringify(outcome.run.evals, null, 2);
    expect(byId.calm?.status, why).toBe("passed");
    expect(byId.deleter?.status, why).toBe("failed");
    expect(byId.deleter?.trials[0]?.reason).toBe("the agent deleted its sandbox folder");
    expect(byId.replacer?.status, why).toBe("failed");
    expect(byId.replacer?.trials[0]?.reason).toBe(
      "the agent replaced its sandbox folder with a file or link",
    );
    expect(byId["many-files"]?.status, why).toBe("passed");
    expect(byId.escaper?.status, why).toBe("passed");
    expect(byId.escaper?.trials[0]?.warnings).toEqual([
      expect.stringContaining(
        "the agent wrote outside its sandbox, beside it: ../escaped.txt, ../stash",
      ),
    ]);
    // A link out of the sandbox is evidence, never followed.
    expect(byId.corrupter?.status, why).toBe("failed");
    expect(byId.corrupter?.trials[0]?.checks.find((c) => !c.ok)?.evidence).toMatch(
      /outside the sandbox/,
    );
    // No error anywhere: what the agents did was theirs, not the harness's.
    expect(outcome.run.counts.error, why).toBe(0);
  });
});

describe("an agent that leaves a FIFO where a check reads and a 600 MB file", () => {
  it(
    "the run ends with a verdict (no hang): the FIFO named in the evidence, the other file's text found, nothing left behind",
    { timeout: 60_000 },
    async () => {
      const root = await project({
        "evals/traps.eval.yaml": `name: traps
prompt: Do the task.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  contains:
    - needle
    - { file: out.txt, text: done }
  forbidden: [secret-word]
`,
        "agent.sh": "mkfifo out.txt\ntruncate -s 600M big.bin\necho needle > notes.txt\n",
      });
      const tmp = path.join(root, "tmp");
      await fs.mkdir(tmp);
      // Before checks opened files without blocking, this run never ended (SIGTERM did not help).
      const cli = await runCli(
        ["eval", "--cwd", root, "--agent", `bash ${path.join(root, "agent.sh")} {prompt}`],
        { env: { CI: "true", TMPDIR: tmp }, timeoutMs: 45_000 },
      );
      expect(cli.signal, cli.stderr).toBeUndefined();
      expect(cli.code, cli.stderr).toBe(1);
      const run = JSON.parse(
        await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
      ) as RunResult;
      const trial = run.evals[0]!.trials[0]!;
      expect(trial.status).toBe("failed");
      expect(trial.checks.map((c) => [c.ok, c.evidence])).toEqual([
        [true, "found at notes.txt:1: needle"],
        [false, "out.txt is a FIFO (named pipe), not a regular file: it was not read"],
        [true, '"secret-word" is in none of the 2 changed files'],
      ]);
      // The trial's temp folder is removed and the results lock released.
      expect((await fs.readdir(tmp)).filter((n) => n.startsWith("agent-evals-"))).toEqual([]);
      expect(await fs.readdir(path.join(root, ".copybook"))).not.toContain("results.lock");
    },
  );
});

describe("per-trial HOME and TMPDIR", () => {
  const homeProbe = scriptAgent(
    "home-probe",
    `printf '%s\\n%s\\n%s\\n%s\\n' "$HOME" "$TMPDIR" "$PWD" "$(git config --global user.email)" > probe.txt
     touch "$HOME/agent-was-here" "$TMPDIR/tmp-file"; echo done > done.txt`,
  );

  async function probe(extra: { ci: boolean; realHome?: boolean }) {
    const root = await project({
      "evals/a.eval.yaml": task("a", "files: [done.txt]").replace("trials", "trials"),
      "evals/b.eval.yaml": task("b"),
      "home/.gitconfig": "[user]\n\temail = dev@example.test\n",
    });
    const realHome = path.join(root, "home");
    const outcome = await runEvals({
      projectRoot: root,
      agents: [homeProbe],
      env: { ...baseEnv({ HOME: realHome }), CI: extra.ci ? "true" : "" },
      unsafeLocal: !extra.ci,
      realHome: extra.realHome,
      keepWorkspace: true,
    });
    expect(outcome.run.evals.map((e) => e.status)).toEqual(["passed", "passed"]);
    const lines = await Promise.all(
      outcome.run.evals.map(async (e) => {
        const trial = e.trials[0] as { workspace?: string };
        expect(trial.workspace).toBeTruthy();
        dirs.push(path.dirname(trial.workspace!));
        const [home, tmp, cwd, email] = (
          await fs.readFile(path.join(trial.workspace!, "probe.txt"), "utf8")
        ).split("\n");
        return { home: home!, tmp: tmp!, cwd: cwd!, email: email! };
      }),
    );
    return { realHome, lines };
  }

  it("in CI each trial gets its own HOME (with the git identity copied in) and TMPDIR", async () => {
    const { realHome, lines } = await probe({ ci: true });
    for (const { home, tmp, cwd, email } of lines) {
      expect(home).toBe(path.join(path.dirname(cwd), "home"));
      expect(tmp).toBe(path.join(path.dirname(cwd), "tmp"));
      expect(email).toBe("dev@example.test");
      expect(await fs.readdir(home)).toContain("agent-was-here");
    }
    expect(lines[0]!.home).not.toBe(lines[1]!.home);
    expect(await fs.readdir(realHome)).toEqual([".gitconfig"]);
  });

  it("outside CI too each trial gets its own HOME; realHome shares the user's; TMPDIR is always the trial's", async () => {
    const isolated = await probe({ ci: false });
    for (const { home, cwd, email } of isolated.lines) {
      expect(home).toBe(path.join(path.dirname(cwd), "home"));
      expect(email).toBe("dev@example.test");
    }
    expect(await fs.readdir(isolated.realHome)).toEqual([".gitconfig"]);
    const shared = await probe({ ci: false, realHome: true });
    for (const { home, tmp, cwd } of shared.lines) {
      expect(home).toBe(shared.realHome);
      expect(tmp).toBe(path.join(path.dirname(cwd), "tmp"));
    }
  });
});

describe("infra errors: bounded retries, reported, never the agent's failure", () => {
  async function fakeClaude(root: string, body: string): Promise<string> {
    const bin = path.join(root, "bin", "claude");
    await fs.mkdir(path.dirname(bin), { recursive: true });
    await fs.writeFile(
      bin,
      `#!/bin/bash\nif [ "$1" = --version ]; then echo "2.1.332 (Claude Code)"; exit 0; fi\n${body}\n`,
      { mode: 0o755 },
    );
    return bin;
  }

  it("an agent that crashes at start is retried twice, then an error (exit 2)", async () => {
    const root = await project({ "evals/crash.eval.yaml": task("crash") });
    const counter = path.join(root, "starts");
    const bin = await fakeClaude(root, `echo start >> ${JSON.stringify(counter)}; kill -SEGV $$`);
    const outcome = await runEvals({
      projectRoot: root,
      agents: [claudeCode({ bin })],
      env: baseEnv(),
      maxRetries: 2,
    });
    const result = outcome.run.evals[0]!;
    expect(outcome.exitCode).toBe(2);
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/claude exited on signal SIGSEGV without a result/);
    expect(result.trials[0]).toMatchObject({ status: "error", retries: 2 });
    expect((await fs.readFile(counter, "utf8")).trim().split("\n")).toHaveLength(3);
  });

  it("an agent binary that vanishes after planning is an error naming it", async () => {
    const root = await project({ "evals/gone.eval.yaml": task("gone") });
    const bin = await fakeClaude(root, "exit 0");
    const outcome = await runEvals({
      projectRoot: root,
      agents: [claudeCode({ bin })],
      env: baseEnv(),
      maxRetries: 1,
      events: {
        onPlan: () => rmSync(bin),
      },
    });
    const result = outcome.run.evals[0]!;
    expect(outcome.exitCode).toBe(2);
    expect(result.status).toBe("error");
    expect(result.reason).toContain(`could not start ${bin}: ENOENT`);
    expect(result.trials[0]?.retries).toBe(1);
  });

  it("an API that answers only 500 (the real claude): exactly 1 + maxRetries attempts, then an error", async () => {
    const root = await project({ "evals/storm.eval.yaml": task("storm") });
    const home = path.join(root, "home");
    await fs.mkdir(home);
    const fake = await startFakeAnthropic(Array.from({ length: 20 }, () => ({ status: 500 })));
    fakes.push(fake);
    const outcome = await runEvals({
      projectRoot: root,
      agents: [claudeAgainstFake(fake.url)],
      env: baseEnv({ HOME: home }),
      maxRetries: 2,
    });
    const result = outcome.run.evals[0]!;
    expect(outcome.exitCode).toBe(2);
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/API 500/);
    expect(result.trials[0]?.retries).toBe(2);
    expect(fake.requests).toHaveLength(3);
  });
});
