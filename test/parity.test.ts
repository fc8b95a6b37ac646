// Parity across agents through the real CLI: three agents on one eval, one of them (a command
// template, scripted) runs the shimmed tool with a PATH that does not lead to the shim. Its harness
// reason is named from the recorded evidence, and its row is behind the reference and flagged.

import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/result.js";
import { makeProject, runCli } from "./helpers/project.js";

const EVAL = (good: string, miss: string) => `name: deploy
prompt: |
  \`\`\`sh
  neon deploy > deployed.txt
  \`\`\`
agents: [literal, "bash ${good} {prompt}", "bash ${miss} {prompt}"]
trials: 5
passRate: 0
shims:
  neon:
    script: echo deployed
assertions:
  contains:
    - file: deployed.txt
      text: deployed
`;

async function project(): Promise<{ dir: string; good: string; miss: string }> {
  const dir = await makeProject({
    // Runs the tool as the prompt says, through the PATH it was given: the shim.
    "agents/good.sh": "neon deploy > deployed.txt\n",
    // Resets PATH first: the shimmed tool is not found, and nothing reaches the shim.
    "agents/miss.sh": "PATH=/usr/bin:/bin\nneon deploy > deployed.txt\nexit 0\n",
  });
  const good = path.join(dir, "agents/good.sh");
  const miss = path.join(dir, "agents/miss.sh");
  await fs.mkdir(path.join(dir, "evals"), { recursive: true });
  await fs.writeFile(path.join(dir, "evals/deploy.eval.yaml"), EVAL(good, miss));
  return { dir, good, miss };
}

describe("parity across agents", () => {
  it("names the harness reason of the agent that missed the shim and flags its row", async () => {
    const { dir, miss } = await project();
    const cli = await runCli(["eval", "--unsafe-local", "--all-trials"], {
      cwd: dir,
    });
    expect(cli.stderr).toBe("");
    // passRate 0: every agent passes its own verdict; only the parity gate can fail the run.
    expect(cli.code).toBe(0);
    const run = JSON.parse(
      await fs.readFile(path.join(dir, ".copybook/results/run.json"), "utf8"),
    ) as RunResult;
    const rows = run.parity ?? [];
    expect(rows.map((r) => [r.reference, r.agent, r.verdict, r.flagged])).toEqual([
      ["literal", expect.stringContaining("good.sh"), "inconclusive", false],
      ["literal", `bash ${miss} {prompt}`, "behind", true],
    ]);
    const missed = rows[1]!;
    expect(missed).toMatchObject({
      referencePasses: 5,
      referenceTrials: 5,
      agentPasses: 0,
      agentTrials: 5,
      delta: -1,
      beyondMargin: true,
      failedTrials: 5,
      explained: 5,
    });
    expect(missed.pValue).toBeLessThan(0.05);
    expect(missed.reasons).toEqual([
      {
        kind: "shim-not-found",
        tool: "neon",
        source: "agent output",
        evidence: expect.stringMatching(
          /^agent\.stderr says ".*neon: command not found" and the shim recorded no neon call$/,
        ),
        trials: 5,
      },
    ]);
    expect(rows[0]!.reasons).toBeUndefined();
    // Each failed trial carries its own reason in run.json.
    const trials = run.evals.find((e) => e.agent === missed.agent)!.trials;
    expect(trials.every((t) => t.harness?.[0]?.kind === "shim-not-found")).toBe(true);

    const html = await fs.readFile(path.join(dir, ".copybook/results/report.html"), "utf8");
    expect(html).toContain('"label":"BEHIND"');
    expect(cli.stdout).toContain("Parity (reference: literal):");
    expect(cli.stdout).toMatch(/BEHIND ⚑ harness deploy \[bash .*miss\.sh \{prompt\}\] 0\/5/);
    expect(cli.stdout).toContain(
      "harness: the shimmed tool neon was never found (5 of 5 failed trials)",
    );

    // The gate: behind by more than the margin fails the run with --fail-on parity. With the
    // reference the agent that missed the shim, the others are ahead and nothing is behind.
    const [other, turnedProject] = await Promise.all([project(), project()]);
    const [gated, turned] = await Promise.all([
      runCli(["eval", "--unsafe-local", "--all-trials", "--fail-on", "parity"], { cwd: other.dir }),
      runCli(
        [
          "eval",
          "--unsafe-local",
          "--all-trials",
          "--fail-on",
          "parity",
          "--reference-agent",
          `bash ${turnedProject.miss} {prompt}`,
        ],
        { cwd: turnedProject.dir },
      ),
    ]);
    expect(gated.code).toBe(1);
    expect(gated.stdout).toContain("behind by more than 10 pts");
    expect(turned.code).toBe(0);
    expect(turned.stdout).toContain(`Parity (reference: bash ${turnedProject.miss} {prompt}):`);
    expect(turned.stdout).toMatch(/AHEAD deploy \[literal\] 5\/5/);
  }, 120_000);
});
