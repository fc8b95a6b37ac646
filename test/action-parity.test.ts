/**
 * The Action's parity gate (docs/action.md › fail-on): the real bundled Action on a push, one eval
 * run by two agents of which one misses the shimmed tool. `fail-on: parity` fails the step with
 * the parity message; with that agent as `reference-agent` the other is ahead and the step passes.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionHarness, git, type ActionHarness } from "./helpers/action-run.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";

let h: ActionHarness;
beforeAll(async () => {
  h = await actionHarness();
}, BUNDLE_TIMEOUT_MS);
afterAll(() => h.close());

const EVAL = (miss: string) => `name: deploy
prompt: |
  \`\`\`sh
  neon deploy > deployed.txt
  \`\`\`
agents: [literal, "bash ${miss} {prompt}"]
# Curtailed, each agent stops once its own verdict is decided: 5 of 5 against 0 of 6.
trials: 10
passRate: 0.5
shims:
  neon:
    script: echo deployed
assertions:
  contains:
    - file: deployed.txt
      text: deployed
`;

describe("fail-on: parity", () => {
  it("fails the step when an agent falls behind the reference; not when it is the reference", async () => {
    const outside = path.join(h.tmp, "parity-outside");
    await fs.mkdir(outside);
    const miss = path.join(outside, "miss.sh");
    // Resets PATH first: the shimmed tool is not found.
    await fs.writeFile(miss, "PATH=/usr/bin:/bin\nneon deploy > deployed.txt\nexit 0\n");
    const { workspace } = await h.repository("parity", EVAL(miss));
    git(workspace, "add", ".");
    const inputs = {
      "fail-on": "parity",
      history: "false",
      comment: "false",
      "changed-only": "false",
    };
    const push = { event: {}, env: { GITHUB_EVENT_NAME: "push" } };
    const behind = await h.runAction(workspace, inputs, push);
    expect(behind.code, behind.stdout).not.toBe(0);
    expect(behind.stdout).toContain(
      "an agent falls behind the reference agent by more than the margin",
    );
    expect(behind.summary).toContain("Parity");

    const flipped = await h.runAction(
      workspace,
      { ...inputs, "reference-agent": `bash ${miss} {prompt}` },
      push,
    );
    expect(flipped.code, flipped.stdout).toBe(0);
  });
});
