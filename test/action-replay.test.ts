/**
 * Zero-cost CI with the real bundle: cassettes recorded once (the real `claude` against the fake
 * Anthropic API) and committed with the evals; then the Action on a pull request from a fork —
 * which GitHub gives no secrets — replays them with `replay:`. No key, no model server: the pair
 * runs (it is not skipped for want of a key), passes and costs nothing.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { FAKE_OWNER, FAKE_REPO } from "./fakes/github.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import { actionHarness, git, type ActionHarness } from "./helpers/action-run.js";
import { runCli } from "./helpers/project.js";

const CLAUDE_EVAL = `name: greeting
prompt: Write hello into greeting.txt.
agents: [claude-code]
sandbox: { fixture: { README.md: "hi" } }
timeout: 120
assertions:
  contains: [{ file: greeting.txt, text: hello }]
`;

let h: ActionHarness;
beforeAll(async () => {
  h = await actionHarness();
}, BUNDLE_TIMEOUT_MS);
afterAll(async () => h?.close());

describe("the Action replays committed cassettes", { timeout: 300_000 }, () => {
  it("a fork's pull request, with no key and no model server, runs and passes the recorded pair", async () => {
    const { workspace } = await h.repository("replay", CLAUDE_EVAL);
    const claudeDir = path.dirname(requireBin("claude"));
    const home = path.join(h.tmp, "replay-home");
    await fs.mkdir(home, { recursive: true });

    // Recorded once, with a key, against the (fake) API; the cassettes committed with the evals.
    const fake = await startFakeAnthropic([
      { toolUse: { name: "Bash", input: { command: "echo hello > greeting.txt" } } },
      { text: "Done." },
    ]);
    const recorded = await runCli(["eval", "--record"], {
      cwd: workspace,
      env: {
        CI: "true",
        HOME: home,
        PATH: `${claudeDir}${path.delimiter}${process.env.PATH}`,
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        CLAUDE_CODE_MAX_RETRIES: "0",
      },
    });
    await fake.close();
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    await fs.cp(
      path.join(workspace, ".copybook", "results", "evals"),
      path.join(workspace, "evals", "cassettes", "evals"),
      { recursive: true },
    );
    git(workspace, "add", "evals/cassettes");
    git(workspace, "commit", "-qm", "cassettes");
    git(workspace, "push", "-q", "origin", "HEAD:main");

    // A fork's pull request: no secrets at all.
    const run = await h.runAction(
      workspace,
      { replay: "evals/cassettes", trials: "1", "changed-only": "false" },
      {
        token: "test-token",
        event: {
          pull_request: {
            number: 9,
            base: { ref: "main", repo: { full_name: `${FAKE_OWNER}/${FAKE_REPO}` } },
            head: { ref: "feature", repo: { full_name: `someone/${FAKE_REPO}` } },
          },
          repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
        },
        env: { PATH: `${claudeDir}${path.delimiter}${process.env.PATH}`, HOME: home },
      },
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/skipped: their agent's API key is not set/);
    const runJson = JSON.parse(
      await fs.readFile(path.join(workspace, ".copybook", "results", "run.json"), "utf8"),
    ) as { evals: { id: string; agent: string; status: string; costUsd?: number }[] };
    // The pull request's evals and, for the comparison, the base's: both replayed (the base's arm
    // from the eval's own cassette), both passed, neither paid.
    expect(runJson.evals.length, run.stdout).toBe(2);
    for (const result of runJson.evals) {
      expect(result).toMatchObject({ id: "greeting", agent: "claude-code", status: "passed" });
      expect(result.costUsd ?? 0).toBe(0);
    }
    // The step summary reports the pass (a fork's comment is posted by the publishing workflow).
    expect(run.summary).toMatch(/greeting/);
  });
});
