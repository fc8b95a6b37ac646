/**
 * `agent-evals calibrate`: the real `claude` as a judge on labelled examples (folders and inline
 * files), against the fake Anthropic API answering from each example's text; accuracy and κ are
 * the hand-computed ones, kept, and shown beside the judged check of the next run.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { calibrateEvals, runEvals } from "../src/engine/index.js";
import { startFakeAnthropic, requestText, type AnthropicTurn } from "./fakes/anthropic.js";
import { AGENT_CLIS_DIR, requireBin } from "./fakes/clis.js";
import { agentProject, engineEnv, onlyEval, removeAgentProjects } from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await removeAgentProjects();
});

const answer = (verdict: string): AnthropicTurn => ({
  toolUse: { name: "StructuredOutput", input: { verdict, reason: `said ${verdict}`, quotes: [] } },
});

/** The fake judge reads the README's text in the prompt: MARK-GOOD → pass, MARK-BAD → fail. */
function judgeByText(body: Parameters<typeof requestText>[0]): AnthropicTurn {
  const text = requestText(body);
  if (text.includes("MARK-GOOD")) return answer("pass");
  if (text.includes("MARK-BAD")) return answer("fail");
  return answer("unknown");
}

const yaml = (rubric: string) => `name: docs
prompt: |
  Write the readme.
  \`\`\`sh
  echo 'MARK-GOOD usage' > README.md
  \`\`\`
agents: [literal]
sandbox: { fixture: { "package.json": "{}" } }
assertions:
  judge:
    - rubric: ${rubric}
      files: [README.md]
      examples:
        - { label: pass, dir: ./examples/good }
        - { label: pass, files: { "README.md": "MARK-GOOD inline" } }
        - { label: pass, name: mislabelled, files: { "README.md": "MARK-BAD but labelled pass" } }
        - { label: fail, files: { "README.md": "MARK-BAD" } }
        - { label: fail, name: unclear, files: { "README.md": "MARK-UNSURE" } }
`;

describe("calibrate", () => {
  it("measures accuracy and Cohen's κ on the examples, and the next run shows them", async () => {
    requireBin("claude");
    const fake = await startFakeAnthropic([], { respond: judgeByText });
    closers.push(() => fake.close());
    const { root, home } = await agentProject(yaml("The README says how to use it."), {
      "evals/examples/good/README.md": "MARK-GOOD from a folder\n",
    });
    const env = {
      ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key",
      CLAUDE_CODE_MAX_RETRIES: "0",
    };
    const outcome = await calibrateEvals({ projectRoot: root, env });
    expect(fake.requests).toHaveLength(5);
    const [judged] = outcome.judges;
    expect(judged!.examples.map((e) => [e.name, e.label, e.answer])).toEqual([
      ["good", "pass", "pass"],
      ["example 2", "pass", "pass"],
      ["mislabelled", "pass", "fail"],
      ["example 4", "fail", "fail"],
      ["unclear", "fail", "unknown"],
    ]);
    // By hand: pₒ = 3/5, pₑ = .6·.4 + .4·.4 = .4, κ = (.6 − .4)/(1 − .4) = 1/3.
    expect(judged!.figure.n).toBe(5);
    expect(judged!.figure.accuracy).toBeCloseTo(0.6, 12);
    expect(judged!.figure.kappa).toBeCloseTo(1 / 3, 12);
    expect(outcome.costUsd).toBeGreaterThan(0);
    const stored = JSON.parse(
      await fs.readFile(path.join(root, ".copybook/calibration.json"), "utf8"),
    );
    expect(Object.values(stored.judges)).toHaveLength(1);

    // The next run shows the figure beside the judged check.
    const run = await runEvals({ projectRoot: root, env });
    const check = onlyEval(run.run).trials[0]!.checks[0]!;
    expect(check.judge!.calibration).toMatchObject({ n: 5, accuracy: 0.6 });
    expect(check.evidence).toContain("calibrated: accuracy 60%, κ 0.33 on 5 examples");
    const html = await fs.readFile(path.join(root, ".copybook/results/report.html"), "utf8");
    expect(html).toContain('"calibration":{"n":5');

    // A changed rubric is another judge: uncalibrated until calibrate runs again.
    await fs.writeFile(path.join(root, "evals/task.eval.yaml"), yaml("The README is short."));
    const changed = await runEvals({ projectRoot: root, env });
    expect(onlyEval(changed.run).trials[0]!.checks[0]!.evidence).toContain("uncalibrated");

    // Through the CLI: the figures printed, exit 0.
    const cli = await runCli(["calibrate", "docs"], { cwd: root, env, timeoutMs: 120_000 });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain("accuracy 60% (3/5), Cohen's κ 0.33");
  });

  it("refuses when no judge has examples (exit 2)", async () => {
    const { root } = await agentProject(`name: a\nassertions:\n  judge:\n    - rubric: Clear.\n`);
    const cli = await runCli(["calibrate"], { cwd: root, timeoutMs: 60_000 });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("no judge with labelled examples");
  });
});
