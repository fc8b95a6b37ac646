/**
 * The Action resumes a re-run job (docs/action.md › Re-runs resume): the real bundled Action,
 * against the fake GitHub REST API and the fake results service. Attempt 1 is stopped mid-run the
 * way a cancelled or timed-out job is (SIGTERM) and uploads what finished; attempt 2 of the same
 * workflow run (GITHUB_RUN_ATTEMPT=2, a fresh checkout, a new job id) fetches that artifact and
 * calls the agent only for the trials that did not finish, with the verdict an uninterrupted run
 * gives. `resume: false` runs everything; a hostile artifact's links, FIFOs and escaping names are
 * never followed or created.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionHarness, git, type ActionHarness } from "./helpers/action-run.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import { eventually } from "./helpers/procs.js";
import { makeZip } from "./helpers/zip.js";

const LONG = 120_000;

const task = (name: string, trials: number) => `name: ${name}
prompt: Do the task.
trials: ${trials}
passRate: 1
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 300
assertions:
  files: [done.txt]
`;

// Logs each call (outside the workspace); \`slow\` trials 3 and 4 wait while $HANG exists.
const AGENT = `#!/bin/bash
echo "$AGENT_EVALS_EVAL $AGENT_EVALS_TRIAL" >> "$CALLS"
if [ "$AGENT_EVALS_EVAL" = slow ] && [ "$AGENT_EVALS_TRIAL" -ge 3 ]; then
  while [ -f "$HANG" ]; do sleep 0.2; done
fi
echo done > done.txt
`;

interface Run {
  interrupted?: boolean;
  evals: Array<{
    id: string;
    status: string;
    passes: number;
    trialsRun: number;
    trials: Array<{ n: number; status: string }>;
  }>;
}

let h: ActionHarness;

beforeAll(async () => {
  h = await actionHarness();
}, BUNDLE_TIMEOUT_MS);
afterAll(() => h.close());

/** A repository with a fast (2 trials) and a slow (4 trials) eval, and the logging agent. */
async function suite(name: string) {
  const { workspace } = await h.repository(name, task("fast", 2));
  await fs.writeFile(path.join(workspace, "evals/slow.eval.yaml"), task("slow", 4));
  git(workspace, "add", ".");
  git(workspace, "commit", "-qm", "slow");
  const dir = path.join(h.tmp, `${name}-outside`);
  await fs.mkdir(dir);
  const calls = path.join(dir, "calls.log");
  const hang = path.join(dir, "hang");
  await fs.writeFile(path.join(dir, "agent.sh"), AGENT);
  const inputs = {
    agents: `bash ${path.join(dir, "agent.sh")} {prompt}`,
    "changed-only": "false",
    history: "false",
    comment: "false",
    concurrency: "6",
  };
  const env = { CALLS: calls, HANG: hang, GITHUB_EVENT_NAME: "push" };
  const readCalls = async () =>
    (await fs.readFile(calls, "utf8").catch(() => "")).split("\n").filter(Boolean).sort();
  const readRun = async () =>
    JSON.parse(
      await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
    ) as Run;
  /** What a new runner has: the checkout, none of the earlier attempt's folders. */
  const freshRunner = () =>
    fs.rm(path.join(workspace, ".copybook"), { recursive: true, force: true });
  return { workspace, calls, hang, inputs, env, readCalls, readRun, freshRunner };
}

const verdict = (run: Run) =>
  run.evals
    .map((e) => ({
      id: e.id,
      status: e.status,
      passes: e.passes,
      trialsRun: e.trialsRun,
      trials: e.trials.map((t) => `${t.n}:${t.status}`).sort(),
    }))
    .sort((a, b) => a.id.localeCompare(b.id));

/** Attempt 1 of run `runId`, stopped with SIGTERM once fast 1–2 and slow 1–2 finished. */
async function cutAttempt(s: Awaited<ReturnType<typeof suite>>, runId: string) {
  await fs.writeFile(s.hang, "");
  const stop = new AbortController();
  const running = h.runAction(s.workspace, s.inputs, {
    runId,
    jobId: `${runId}-a1`,
    event: {},
    env: s.env,
    signal: stop.signal,
  });
  const trialJson = (id: string, n: number) =>
    fs
      .readdir(path.join(s.workspace, ".copybook/results/evals", id))
      .then((agents) =>
        fs.access(
          path.join(
            s.workspace,
            ".copybook/results/evals",
            id,
            agents[0]!,
            `trial-${n}`,
            "trial.json",
          ),
        ),
      )
      .then(
        () => true,
        () => false,
      );
  // slow 3 runs (and hangs) once 1 and 2 passed; slow 4 may have started beside it or not.
  const finished = async () =>
    (await s.readCalls()).length >= 5 &&
    (await trialJson("fast", 1)) &&
    (await trialJson("fast", 2)) &&
    (await trialJson("slow", 1)) &&
    (await trialJson("slow", 2));
  try {
    expect(await eventually(finished, Boolean, 600)).toBe(true);
  } finally {
    stop.abort();
  }
  const first = await running;
  await fs.rm(s.hang);
  return first;
}

describe("a re-run job resumes from its earlier attempt's artifact", () => {
  it(
    "attempt 2 calls the agent only for the trials attempt 1 did not finish; same verdict as an uninterrupted run",
    async () => {
      const s = await suite("resumed");
      const runId = "7001";
      const first = await cutAttempt(s, runId);
      expect(first.stdout).toMatch(/SIGTERM: the job is being stopped/);
      const uploaded = h.results.artifacts.filter(
        (a) => a.finalized && a.workflowRunBackendId === runId,
      );
      expect(uploaded.map((a) => a.name)).toEqual(["agent-evals-results"]);
      expect((await s.readRun()).interrupted).toBe(true);

      await s.freshRunner();
      await fs.rm(s.calls);
      const second = await h.runAction(s.workspace, s.inputs, {
        runId,
        jobId: `${runId}-a2`,
        event: {},
        env: { ...s.env, GITHUB_RUN_ATTEMPT: "2" },
      });
      expect(second.code, second.stdout).toBe(0);
      expect(await s.readCalls()).toEqual(["slow 3", "slow 4"]);
      expect(second.stdout).toMatch(/resume: kept 4 of 6 trials, running (up to )?2 \(/);
      expect(second.summary).toContain(
        "resumed attempt 2: kept 4 of 6 trials, ran 2 (from agent-evals-results",
      );
      const resumed = await s.readRun();
      expect(resumed.interrupted).toBeUndefined();
      // The attempt's artifact replaced the earlier one under the same name, and holds every trial.
      const now = h.results.artifacts.filter(
        (a) => a.finalized && a.workflowRunBackendId === runId,
      );
      expect(now.map((a) => [a.name, a.workflowJobRunBackendId])).toEqual([
        ["agent-evals-results", `${runId}-a2`],
      ]);

      // The same outcomes in one uninterrupted run give the same verdicts.
      await s.freshRunner();
      await fs.rm(s.calls);
      const whole = await h.runAction(s.workspace, s.inputs, { event: {}, env: s.env });
      expect(whole.code, whole.stdout).toBe(0);
      expect(await s.readCalls()).toHaveLength(6);
      expect(verdict(resumed)).toEqual(verdict(await s.readRun()));
    },
    LONG,
  );

  it(
    "resume: false, another commit, no earlier artifact: each runs every trial, with a notice",
    async () => {
      const s = await suite("not-resumed");
      const runId = "7002";
      await cutAttempt(s, runId);
      await s.freshRunner();
      await fs.rm(s.calls);
      const off = await h.runAction(
        s.workspace,
        { ...s.inputs, resume: "false" },
        { runId, jobId: `${runId}-a2`, event: {}, env: { ...s.env, GITHUB_RUN_ATTEMPT: "2" } },
      );
      expect(off.code, off.stdout).toBe(0);
      expect(await s.readCalls()).toHaveLength(6);
      expect(off.summary).not.toContain("resumed attempt");

      // Attempt 3 of a checkout at another commit (a workflow that checks out a moved branch): the
      // earlier results are of the commit before, and none of their trials is kept.
      git(s.workspace, "commit", "-q", "--allow-empty", "-m", "moved");
      await s.freshRunner();
      await fs.rm(s.calls);
      const moved = await h.runAction(s.workspace, s.inputs, {
        runId,
        jobId: `${runId}-a3`,
        event: {},
        env: { ...s.env, GITHUB_RUN_ATTEMPT: "3" },
      });
      expect(moved.code, moved.stdout).toBe(0);
      expect(moved.stdout).toMatch(
        /resume: agent-evals-results not used: its run measured commit [0-9a-f]{12}, this checkout is [0-9a-f]{12}/,
      );
      expect(await s.readCalls()).toHaveLength(6);

      // Another run's attempt 2 whose attempt 1 uploaded nothing (killed before its upload step).
      await s.freshRunner();
      await fs.rm(s.calls);
      const none = await h.runAction(s.workspace, s.inputs, {
        runId: "7003",
        jobId: "7003-a2",
        event: {},
        env: { ...s.env, GITHUB_RUN_ATTEMPT: "2" },
      });
      expect(none.code, none.stdout).toBe(0);
      expect(none.stdout).toMatch(/resume: attempt 2 found no artifact agent-evals-results/);
      expect(await s.readCalls()).toHaveLength(6);
    },
    LONG,
  );

  it(
    "a hostile artifact: a symlink, a FIFO and an escaping name are never created; nothing outside is touched",
    async () => {
      const s = await suite("hostile");
      const runId = "7004";
      const outside = path.join(h.tmp, "hostile-target");
      await fs.writeFile(outside, "not yours\n");
      const agentFolder = "bash"; // any: the entries below must not appear, whatever they name
      const zip = makeZip([
        { name: "evals/fast/", mode: 0o040755 },
        { name: `evals/fast/${agentFolder}/trial-1/trial.json`, mode: 0o120777, data: outside },
        { name: "evals/fast/pipe", mode: 0o010644 },
        { name: "../escaped.txt", mode: 0o100644, data: "escaped" },
        { name: "/abs.txt", mode: 0o100644, data: "absolute" },
        { name: "notes.txt", mode: 0o100644, data: "kept as a plain file" },
      ]);
      h.results.seedArtifact({ name: "agent-evals-results", bytes: zip, runId });
      const run = await h.runAction(s.workspace, s.inputs, {
        runId,
        jobId: `${runId}-a2`,
        event: {},
        env: { ...s.env, GITHUB_RUN_ATTEMPT: "2" },
      });
      expect(run.stdout).toMatch(/resume: agent-evals-results: 4 entries left out/);
      expect(run.stdout).toContain("a symlink");
      expect(run.stdout).toContain("a FIFO");
      expect(run.stdout).toContain("a name outside the folder");
      expect(await fs.readFile(outside, "utf8")).toBe("not yours\n");
      await expect(fs.access(path.join(s.workspace, ".copybook/escaped.txt"))).rejects.toThrow();
      await expect(fs.access(path.join(h.tmp, "escaped.txt"))).rejects.toThrow();
      // Nothing it held was a finished trial: every trial ran, and no link is in the results.
      expect(run.code, run.stdout).toBe(0);
      expect(await s.readCalls()).toHaveLength(6);
      expect(await linksIn(path.join(s.workspace, ".copybook"))).toEqual([]);
    },
    LONG,
  );
});

async function linksIn(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    if (!entry.isDirectory() && !entry.isFile())
      found.push(path.join(entry.parentPath, entry.name));
  return found;
}
