// The whole trial's limit (`trialTimeoutMs`, YAML `trialTimeout`): the agent and every check after
// it share it; a part gets the eval's timeout or what is left of the trial's, whichever is less.

import { promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { scriptAgent } from "../src/agents/script.js";
import { makeProject } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
const env = { ...process.env, CI: "true" };

// Sleeps as long as the eval's name says (`…_sleeps_N`), then leaves nothing to check.
const sleeper = scriptAgent(
  "sleeper",
  'case "$AGENT_EVALS_EVAL" in *_sleeps_*) sleep "${AGENT_EVALS_EVAL##*_sleeps_}";; esac; exit 0',
);

async function run(files: Record<string, string>) {
  const root = await makeProject(files);
  dirs.push(root);
  const { run } = await runEvals({ projectRoot: root, env, agents: [sleeper], concurrency: 3 });
  return new Map(run.evals.map((e) => [e.id, e]));
}

describe("the whole trial's limit", () => {
  it("cuts the checks after a slow agent short, names the limit, and leaves evals without one alone", async () => {
    const evals = await run({
      "evals/limit.eval.ts": `import { defineEval, succeeds } from "agent-evals";
export const checks_run_out = defineEval("go", {
  sandbox: { fixture: { "a.txt": "" } },
  timeoutMs: 20_000,
  trialTimeoutMs: 2_500,
  assert: [succeeds("sleep 8"), succeeds("sleep 8")],
});
export const agent_sleeps_8 = defineEval("go", {
  sandbox: { fixture: { "a.txt": "" } },
  timeoutMs: 20_000,
  trialTimeoutMs: 1_500,
  assert: [succeeds("true")],
});
export const parts_only_sleeps_1 = defineEval("go", {
  sandbox: { fixture: { "a.txt": "" } },
  timeoutMs: 2_500,
  assert: [succeeds("sleep 2")],
});`,
      "evals/yaml.eval.yaml": `name: yaml_limit\nprompt: go\nsandbox: { fixture: { a: "" } }\ntimeout: 20\ntrialTimeout: 2\nassertions:\n  commands: [sleep 8]\n`,
    });
    const checks = evals.get("checks_run_out")!;
    expect(checks.status).toBe("failed");
    const [first, second] = checks.trials[0]!.checks;
    expect(first!.ok).toBe(false);
    expect(first!.evidence).toMatch(
      /timed out after 2\.\d s, what was left of the trial's limit \(2\.5 s\)/,
    );
    // The second gets nothing or next to nothing of the limit: it fails, saying so.
    expect(second!.ok).toBe(false);
    expect(second!.evidence).toMatch(/trial's limit \(2\.5 s\)/);

    const agent = evals.get("agent_sleeps_8")!;
    expect(agent.status).toBe("failed");
    expect(agent.trials[0]!.reason).toMatch(
      /^the agent did not finish within what was left of the trial's limit \(1\.5 s\)/,
    );
    expect(agent.trials[0]!.durationMs).toBeLessThan(8_000);

    // YAML's `trialTimeout` is the same limit, in seconds.
    const yaml = evals.get("yaml_limit")!;
    expect(yaml.status).toBe("failed");
    expect(yaml.trials[0]!.checks[0]!.evidence).toMatch(
      /what was left of the trial's limit \(2\.0 s\)/,
    );

    // Without a trial limit an agent and a check that each keep within the part's timeout pass,
    // though together they take longer than it.
    expect(evals.get("parts_only_sleeps_1")!.status).toBe("passed");
  });
});
