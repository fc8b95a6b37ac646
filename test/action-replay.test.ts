/**
 * Zero-cost CI with the real bundle: cassettes recorded once (the real `claude` against the fake
 * Anthropic API) and committed with the evals; then the Action on a pull request from a fork —
 * which GitHub gives no secrets — replays them with `replay:`. No key, no model server: the pair
 * runs (it is not skipped for want of a key), passes and costs nothing. The same from the results
 * branch: a recording run of the Action stores its cassettes there (the latest per eval × agent),
 * `replay: results-branch` fetches and replays them, and a link planted there is refused.
 */
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { FAKE_OWNER, FAKE_REPO } from "./fakes/github.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import { toolResults } from "./helpers/skill-run.js";
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

/** The files of the results branch under `cassettes/`, with their modes ("100644 cassettes/…"). */
function branchCassettes(origin: string): string[] {
  return git(origin, "ls-tree", "-r", "copybook-results", "--", "cassettes")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split("\t");
      return `${meta!.split(" ")[0]} ${file}`;
    });
}

describe("the Action replays cassettes from the results branch", { timeout: 300_000 }, () => {
  it("a recording run stores them there, the next replaces them, a fork's pull request replays them with no key; a planted link is refused", async () => {
    const { origin, workspace } = await h.repository("branch-replay", CLAUDE_EVAL);
    const claudeDir = path.dirname(requireBin("claude"));
    const home = path.join(h.tmp, "branch-replay-home");
    await fs.mkdir(home, { recursive: true });
    const PATH = `${claudeDir}${path.delimiter}${process.env.PATH}`;
    const repository = { name: FAKE_REPO, owner: { login: FAKE_OWNER } };
    const forkPullRequest = {
      pull_request: {
        number: 11,
        base: { ref: "main", repo: { full_name: `${FAKE_OWNER}/${FAKE_REPO}` } },
        head: { ref: "feature", repo: { full_name: `someone/${FAKE_REPO}` } },
      },
      repository,
    };

    // Two recording runs on main (pushes, history on): 2 trials, then 1. The model answers each
    // conversation from its own turn (trials run at once): the shell call, then a final answer.
    const fake = await startFakeAnthropic([], {
      respond: (body) =>
        toolResults(body) === 0
          ? { toolUse: { name: "Bash", input: { command: "echo hello > greeting.txt" } } }
          : { text: "Done." },
    });
    const record = (trials: string) =>
      h.runAction(
        workspace,
        { record: "true", trials, "changed-only": "false" },
        {
          event: { repository },
          env: {
            GITHUB_EVENT_NAME: "push",
            PATH,
            HOME: home,
            ANTHROPIC_BASE_URL: fake.url,
            ANTHROPIC_API_KEY: "sk-ant-fake-key",
            CLAUDE_CODE_MAX_RETRIES: "0",
          },
        },
      );
    try {
      const first = await record("2");
      expect(first.code, first.stdout).toBe(0);
      expect(first.stdout).toMatch(
        /history: 1 line\(s\) and the cassettes of 1 eval × agent pair\(s\) pushed/,
      );
      expect(branchCassettes(origin)).toEqual([
        "100644 cassettes/greeting/claude-code/trial-1/cassette.json.gz",
        "100644 cassettes/greeting/claude-code/trial-2/cassette.json.gz",
      ]);
      // The latest recording replaces the previous one whole: the branch keeps one per pair.
      const second = await record("1");
      expect(second.code, second.stdout).toBe(0);
      expect(branchCassettes(origin)).toEqual([
        "100644 cassettes/greeting/claude-code/trial-1/cassette.json.gz",
      ]);
      expect(h.historyOnBranch(origin, "greeting")).toHaveLength(2);
    } finally {
      await fake.close();
    }
    // The stored cassette is the one the run recorded, as its results folder holds it.
    const stored = execFileSync("git", [
      "-C",
      origin,
      "cat-file",
      "blob",
      "copybook-results:cassettes/greeting/claude-code/trial-1/cassette.json.gz",
    ]);
    expect(stored).toEqual(
      await fs.readFile(
        path.join(
          workspace,
          ".copybook/results/evals/greeting/claude-code/trial-1/cassette.json.gz",
        ),
      ),
    );

    // A fork's pull request: no secrets, no model server, nothing committed with the evals.
    const replay = () =>
      h.runAction(
        workspace,
        { replay: "results-branch", trials: "1", "changed-only": "false" },
        { token: "test-token", event: forkPullRequest, env: { PATH, HOME: home } },
      );
    const replayed = await replay();
    expect(replayed.code, replayed.stdout).toBe(0);
    expect(replayed.stdout).toMatch(
      /replay: 1 cassette\(s\) from branch copybook-results at [0-9a-f]{7}/,
    );
    expect(replayed.stdout).not.toMatch(/skipped: their agent's API key is not set/);
    const runJson = JSON.parse(
      await fs.readFile(path.join(workspace, ".copybook", "results", "run.json"), "utf8"),
    ) as { evals: { id: string; agent: string; status: string; costUsd?: number }[] };
    expect(runJson.evals.length, replayed.stdout).toBe(2);
    for (const result of runJson.evals) {
      expect(result).toMatchObject({ id: "greeting", agent: "claude-code", status: "passed" });
      expect(result.costUsd ?? 0).toBe(0);
    }

    // A link planted on the branch in the cassette's place (to a file of the runner's) is refused:
    // never written, never followed; the trial has no recording, a replay miss.
    const planter = path.join(h.tmp, "branch-replay-planter");
    git(h.tmp, "clone", "-q", "--branch", "copybook-results", origin, planter);
    const cassette = path.join(planter, "cassettes/greeting/claude-code/trial-1/cassette.json.gz");
    await fs.rm(cassette);
    await fs.symlink("/etc/passwd", cassette);
    git(planter, "add", "-A");
    git(planter, "commit", "-qm", "a link");
    git(planter, "push", "-q", "origin", "copybook-results");
    expect(branchCassettes(origin)).toEqual([
      "120000 cassettes/greeting/claude-code/trial-1/cassette.json.gz",
    ]);
    const refused = await replay();
    expect(refused.code, refused.stdout).not.toBe(0);
    expect(refused.stdout).toMatch(
      /replay: cassettes\/greeting\/claude-code\/trial-1\/cassette\.json\.gz on branch copybook-results is a symlink; not used/,
    );
    expect(refused.stdout).toMatch(/AE303|replay miss/);
    expect(refused.stdout).not.toContain("root:x:0:0");
  });
});
