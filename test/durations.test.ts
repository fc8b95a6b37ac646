/**
 * An eval's duration is the time its parts ran, not the time they waited in the queue for a slot
 * (a hook's duration_ms was 13 s beside others and 0.7 s alone). Script agents through the engine.
 */
import { promises as fs } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { runEvals } from "../src/engine/index.js";
import { ActiveTime } from "../src/run/suite/index.js";
import { engineEnv, removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import { makeProject } from "./helpers/project.js";

afterEach(removeAgentProjects);

const task = (name: string) => `name: ${name}
prompt: Write done.txt
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 60
assertions:
  files: [done.txt]
`;

describe("durations", () => {
  it("two evals on one slot: each one's duration is its own trial's time, not its wait", async () => {
    const root = await makeProject({
      "evals/a.eval.yaml": task("a"),
      "evals/b.eval.yaml": task("b"),
    });
    const home = await tempDir("ae-dur-home-");
    const outcome = await runEvals({
      projectRoot: root,
      agents: [scriptAgent("sleeper", "sleep 1.5 && echo done > done.txt")],
      env: engineEnv(home),
      concurrency: 1,
      maxRetries: 0,
    });
    await fs.rm(root, { recursive: true, force: true });
    const evals = outcome.run.evals;
    expect(evals.map((e) => e.status)).toEqual(["passed", "passed"]);
    const trialTimes = evals.map((e) => e.trials[0]!.durationMs);
    // The trials ran one after the other: the one queued second waited the first's whole time.
    // Its eval's duration holds its own trial (and its preparing), not that wait.
    for (const e of evals) {
      expect(e.durationMs).toBeGreaterThanOrEqual(e.trials[0]!.durationMs);
      expect(e.durationMs, JSON.stringify(trialTimes)).toBeLessThan(
        trialTimes[0]! + trialTimes[1]!,
      );
    }
  });

  it("ActiveTime counts overlapping parts once and gaps not at all", async () => {
    const t = new ActiveTime(5);
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await Promise.all([t.during(() => wait(50)), t.during(() => wait(50))]);
    const afterOverlap = t.total();
    await wait(100);
    expect(t.total()).toBe(afterOverlap);
    expect(afterOverlap).toBeGreaterThanOrEqual(5 + 45);
  });
});
