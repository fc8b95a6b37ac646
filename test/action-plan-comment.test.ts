/**
 * The Action posts its plan before any trial starts (docs/action.md › The plan, before any trial
 * starts): the real bundled Action on a pull request, against the fake GitHub REST API. The agent
 * itself reads the PR's comments when its trial runs, so what it saw is what a reviewer saw while
 * the run was going: the plan (trials per arm, the power to flag a drop, the forecast, the rule).
 * The report then replaces it in the same comment. With `detect`, the comparison runs each arm to
 * the trials that plan gives.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trialsToDetect } from "../src/model/index.js";
import { actionHarness, MARKER, type ActionHarness } from "./helpers/action-run.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import { FAKE_OWNER, FAKE_REPO } from "./fakes/github.js";

const EVAL = `name: greeting
prompt: Greet.
trials: 1
sandbox: { fixture: { "README.md": "# app\\n" } }
assertions:
  files: [greeting.txt]
`;

// Saves the PR's comments as the fake GitHub holds them at the moment this trial runs (once).
const AGENT = `#!/bin/bash
[ -f "$SEEN" ] || node -e 'fetch(process.argv[1], { headers: { authorization: "token test-token" } }).then(r => r.text()).then(t => require("fs").writeFileSync(process.argv[2], t))' "$COMMENTS_URL" "$SEEN"
echo hello > greeting.txt
`;

let h: ActionHarness;

beforeAll(async () => {
  h = await actionHarness();
}, BUNDLE_TIMEOUT_MS);
afterAll(() => h.close());

interface Comment {
  id: number;
  body: string;
}

async function prRun(name: string, pr: number, inputs: Record<string, string> = {}) {
  const { workspace } = await h.repository(name, EVAL);
  const dir = path.join(h.tmp, `${name}-outside`);
  await fs.mkdir(dir);
  await fs.writeFile(path.join(dir, "agent.sh"), AGENT);
  const seen = path.join(dir, "seen.json");
  const run = await h.runAction(
    workspace,
    {
      agents: `bash ${path.join(dir, "agent.sh")} {prompt}`,
      history: "false",
      ...inputs,
    },
    {
      event: {
        pull_request: { number: pr, base: { ref: "main" }, head: { ref: "feature" } },
        repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
      },
      env: {
        SEEN: seen,
        COMMENTS_URL: `${h.github.url}/repos/${FAKE_OWNER}/${FAKE_REPO}/issues/${pr}/comments`,
      },
    },
  );
  const during = JSON.parse(await fs.readFile(seen, "utf8")) as Comment[];
  const after = h.github.comments.filter((c) => c.issueNumber === pr);
  const runJson = JSON.parse(
    await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
  ) as { comparisons?: Array<{ maxTrials: number; controlTrials: number }> };
  return { run, during, after, runJson };
}

describe("the plan comment", () => {
  it("is on the pull request before any trial starts, and the report replaces it", async () => {
    const { run, during, after } = await prRun("plan-first", 61, {
      trials: "1",
      "changed-only": "false",
    });
    expect(run.code, run.stdout).toBe(0);
    // While the trial ran: one comment, the plan.
    expect(during).toHaveLength(1);
    const plan = during[0]!.body;
    expect(plan).toContain(MARKER);
    expect(plan).toContain("agent-evals: planned, running now");
    expect(plan).toMatch(
      /\| `greeting \[bash .*agent\.sh \{prompt\}\]` \| 60% \(assumed\) \| 1 \|/,
    );
    expect(plan).toContain("power to flag −20 pts");
    // One trial per arm cannot flag a 20-point drop: the row and the forecast say so.
    expect(plan).toContain("⚠️ 1 pair(s) below 80% power");
    expect(plan).toContain("Decision rule, fixed before the run");
    // After: the same comment, now the report.
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(during[0]!.id);
    expect(after[0]!.body).not.toContain("planned, running now");
    expect(after[0]!.body).toContain("greeting");
  });

  it("with detect, the comparison runs each arm to the trials the plan gave", async () => {
    const planned = trialsToDetect(0.75, 0.5)!;
    const { run, during, runJson } = await prRun("plan-detect", 62, {
      detect: "50",
      "changed-only": "false",
    });
    expect(run.code, run.stdout).toBe(0);
    expect(during[0]!.body).toContain(`| ${planned} |`);
    expect(during[0]!.body).toContain("power to flag −50 pts");
    const [comparison] = runJson.comparisons ?? [];
    expect(comparison?.maxTrials).toBe(planned);
    // Nothing changed between base and head: both arms run every planned trial.
    expect(comparison?.controlTrials).toBe(planned);
  });

  it("refuses detect out of range, power without detect, and a bad agent-version", async () => {
    const { workspace } = await h.repository("plan-bad", EVAL);
    for (const [inputs, message] of [
      [{ detect: "0" }, "input detect: expected a drop in points"],
      [{ power: "90" }, "input power: goes with input detect"],
      [{ "agent-version": "gemini" }, "input agent-version: takes AGENT@VERSION"],
    ] as const) {
      const run = await h.runAction(workspace, inputs);
      expect(run.code).not.toBe(0);
      expect(run.stdout).toContain(message);
    }
  });
});
