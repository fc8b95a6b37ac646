/**
 * Interrupting agent-evals itself (SIGINT as Ctrl-C sends it, SIGTERM as CI cancellation does): the
 * real CLI, mid-run, with one eval finished and one agent hanging with hidden processes. It must
 * kill every agent process, write run.json with what finished (marked interrupted), exit 130.
 */
import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { uniqueToken } from "./helpers/agent-run.js";
import { eventually, leftovers } from "./helpers/procs.js";
import { makeProject, REPO_ROOT } from "./helpers/project.js";

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

const AGENT = `#!/bin/bash
case "$AGENT_EVALS_EVAL" in
  fast) echo done > done.txt ;;
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

describe.each(["SIGINT", "SIGTERM"] as const)("agent-evals receiving %s mid-run", (signal) => {
  it("kills the agents, writes the partial run.json marked interrupted, exits 130", async () => {
    const token = uniqueToken("interrupt");
    const root = await makeProject({
      "evals/fast.eval.yaml": task("fast"),
      "evals/slow.eval.yaml": task("slow"),
      "agent.sh": AGENT,
    });
    dirs.push(root);
    const started = path.join(root, "slow-started");
    const cli = spawn(
      process.execPath,
      [
        "--import",
        pathToFileURL(path.join(REPO_ROOT, "node_modules/tsx/dist/loader.mjs")).href,
        path.join(REPO_ROOT, "src/cli/bin.ts"),
        "eval",
        "--cwd",
        root,
        "--agent",
        `bash ${path.join(root, "agent.sh")} {prompt}`,
        "--concurrency",
        "2",
        "--history-dir",
        "history",
      ],
      {
        env: {
          PATH: process.env.PATH,
          CI: "true",
          NO_COLOR: "1",
          STARTED_FILE: started,
          INTERRUPT_TOKEN: token,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    cli.stdout.on("data", (c: Buffer) => (output += c.toString()));
    cli.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));

    // Wait until the fast eval's trial is written and the slow agent runs, then interrupt.
    const fastTrial = path.join(root, ".copybook/results/evals/fast");
    const ready = await eventually(
      async () => (await exists(started)) && (await exists(fastTrial)) && output.includes("fast"),
      Boolean,
      400,
    );
    expect(ready, output).toBe(true);
    const running = await leftovers(`INTERRUPT_TOKEN=${token}`);
    expect(running.length, output).toBeGreaterThanOrEqual(3);
    cli.kill(signal);

    expect(await exited, output).toBe(130);
    expect(output).toContain(`agent-evals: ${signal}: stopping agents, writing partial results`);
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
    ) as {
      interrupted?: boolean;
      evals: Array<{ id: string; status: string; reason?: string }>;
    };
    expect(run.interrupted).toBe(true);
    const byId = Object.fromEntries(run.evals.map((e) => [e.id, e]));
    expect(byId.fast?.status).toBe("passed");
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
  });
});
