/**
 * Interrupting agent-evals itself (SIGINT as Ctrl-C sends it, SIGTERM as CI cancellation does,
 * SIGHUP as a closed terminal does, and two of them in a row): the real CLI, mid-run, with one eval
 * finished, one agent hanging with hidden processes and one check still running. It must kill every
 * agent process, remove its temp dirs, release the results lock, write run.json with what finished
 * (marked interrupted), exit 130.
 */
import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliEntry } from "./helpers/bundle.js";
import { uniqueToken } from "./helpers/agent-run.js";
import { eventually, leftovers } from "./helpers/procs.js";
import { makeProject } from "./helpers/project.js";

/** The CLI as the package ships it, built from src/ for this run (test/helpers/bundle.ts). */
const CLI = await cliEntry();

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

const task = (name: string) => `name: ${name}
prompt: Do the task.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
assertions:
  files: [done.txt]
`;

// Its check takes a while and ignores its signal: an interrupt while it runs means a clean-up that
// is still going on when a second signal comes 100 ms later (the check is stopped with the run).
const CHECKING = `import { assertThat, defineEval } from "agent-evals";
import { writeFileSync } from "node:fs";

export const checking = defineEval("Do the task.", {
  sandbox: { fixture: { "README.md": "# app\\n" } },
  assert: [
    assertThat("a slow check", async () => {
      writeFileSync(process.env.CHECKING_FILE!, "");
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return true;
    }),
  ],
});
`;

const AGENT = `#!/bin/bash
case "$AGENT_EVALS_EVAL" in
  fast|checking) echo done > done.txt ;;
  slow)
    trap '' TERM INT
    ( trap '' TERM INT; exec sleep 300 ) &
    setsid bash -c 'trap "" TERM INT; exec sleep 300' &
    echo started > "$STARTED_FILE"
    while :; do sleep 1; done ;;
esac
`;

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The agent-evals temp dirs (trial roots, prepared sandboxes, …) in the run's own TMPDIR. */
async function runTempDirs(tmp: string): Promise<string[]> {
  return (await fs.readdir(tmp)).filter((name) => /^(agent-evals|ae)-/.test(name));
}

// Ctrl-C; a CI cancel's SIGTERM; both, 100 ms apart; a closed terminal's SIGHUP, with the terminal
// still there and gone (the CLI's output pipes closed first). Each must end in the same clean-up.
const CASES: Array<{ name: string; signals: NodeJS.Signals[]; closeOutput?: boolean }> = [
  { name: "SIGINT", signals: ["SIGINT"] },
  { name: "SIGTERM", signals: ["SIGTERM"] },
  { name: "SIGINT, then SIGTERM 100 ms later", signals: ["SIGINT", "SIGTERM"] },
  { name: "SIGHUP", signals: ["SIGHUP"] },
  { name: "SIGHUP after its output was closed", signals: ["SIGHUP"], closeOutput: true },
];

describe.each(CASES)("agent-evals receiving $name mid-run", ({ signals, closeOutput }) => {
  it("kills the agents, removes its temp dirs and lock, writes the partial run.json marked interrupted, exits 130", async () => {
    const token = uniqueToken("interrupt");
    const root = await makeProject({
      "evals/fast.eval.yaml": task("fast"),
      "evals/slow.eval.yaml": task("slow"),
      "evals/checking.eval.ts": CHECKING,
      "agent.sh": AGENT,
      // A previous run's results: this run's run.json must replace them.
      ".copybook/results/run.json": JSON.stringify({ evals: [], previous: true }),
    });
    const tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "interrupt-tmp-")));
    dirs.push(root, tmp);
    const started = path.join(root, "slow-started");
    const checking = path.join(root, "checking-started");
    const cli = spawn(
      process.execPath,
      [
        CLI,
        "eval",
        "--cwd",
        root,
        "--agent",
        `bash ${path.join(root, "agent.sh")} {prompt}`,
        "--concurrency",
        "3",
        "--history-dir",
        "history",
      ],
      {
        env: {
          PATH: process.env.PATH,
          CI: "true",
          NO_COLOR: "1",
          TMPDIR: tmp,
          STARTED_FILE: started,
          CHECKING_FILE: checking,
          INTERRUPT_TOKEN: token,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    cli.stdout.on("data", (c: Buffer) => (output += c.toString()));
    cli.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));

    // Wait until the fast eval's trial is written, the slow agent runs and the slow check has
    // begun, then interrupt.
    const fastTrial = path.join(root, ".copybook/results/evals/fast");
    const lockFile = path.join(root, ".copybook/results.lock");
    const ready = await eventually(
      async () =>
        (await exists(started)) &&
        (await exists(checking)) &&
        (await exists(fastTrial)) &&
        output.includes("fast"),
      Boolean,
      400,
    );
    expect(ready, output).toBe(true);
    const running = await leftovers(`INTERRUPT_TOKEN=${token}`);
    expect(running.length, output).toBeGreaterThanOrEqual(3);
    expect(await runTempDirs(tmp)).not.toEqual([]);
    expect(await exists(lockFile)).toBe(true);
    if (closeOutput) {
      cli.stdout.destroy();
      cli.stderr.destroy();
    }
    for (const [i, signal] of signals.entries()) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      cli.kill(signal);
    }

    expect(await exited, output).toBe(130);
    if (!closeOutput) {
      for (const signal of signals) expect(output).toContain(`agent-evals: ${signal}:`);
      expect(output).toContain(
        `agent-evals: ${signals[0]}: stopping agents, writing partial results`,
      );
    }
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as {
      interrupted?: boolean;
      evals: Array<{ id: string; status: string; reason?: string }>;
    };
    expect(run.interrupted).toBe(true);
    const byId = Object.fromEntries(run.evals.map((e) => [e.id, e]));
    expect(byId.fast?.status).toBe("passed");
    // A check that was running is stopped with the run (an interrupt ends checks too), so its
    // eval is incomplete like the slow one.
    expect(byId.checking?.status).toBe("incomplete");
    expect(byId.slow).toMatchObject({
      status: "incomplete",
      reason: "interrupted before the verdict was decided",
    });
    // What finished is in the history too; the interrupted pair is recorded as incomplete.
    const history = await fs.readFile(path.join(root, "history/fast.jsonl"), "utf8");
    expect(history).toContain('"status":"passed"');
    // Every agent process is gone: the group, the TERM-ignoring child, the setsid escapee.
    const left = await eventually(
      () => leftovers(`INTERRUPT_TOKEN=${token}`),
      (l) => l.length === 0,
    );
    expect(left).toEqual([]);
    // The run's temp dirs are removed and its lock released.
    expect(await runTempDirs(tmp)).toEqual([]);
    expect(await exists(lockFile)).toBe(false);
  });
});
