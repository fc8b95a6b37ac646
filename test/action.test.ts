// The Action as it runs on GitHub: the bundle built from src/ (test/helpers/bundle.ts) as a
// child process with INPUT_* and GITHUB_* environment and an event payload, against a fake GitHub
// REST API and a fake results service on 127.0.0.1, with a real local bare repository as `origin`.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_OWNER, FAKE_REPO, type FakeGitHub } from "./fakes/github.js";
import type { FakeResultsService } from "./fakes/results-service.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import {
  EVAL,
  MARKER,
  ONE_TRIAL,
  actionHarness,
  git,
  type ActionHarness,
  type ActionRun,
} from "./helpers/action-run.js";
import { REPO_ROOT } from "./helpers/project.js";

/** Tests that start several Action processes: a busy machine (2 CPUs shared) needs the time. */
const SEVERAL_RUNS_MS = 300_000;
let harness: ActionHarness;
let github: FakeGitHub;
let results: FakeResultsService;
let tmp: string;

beforeAll(async () => {
  harness = await actionHarness();
  ({ github, results, tmp } = harness);
}, BUNDLE_TIMEOUT_MS);
afterAll(() => harness.close());

const repository = (name: string, evalText?: string) => harness.repository(name, evalText);
const runAction: ActionHarness["runAction"] = (...args) => harness.runAction(...args);
const historyOnBranch = (origin: string, id: string) => harness.historyOnBranch(origin, id);

describe("the GitHub Action (its bundle)", () => {
  it(
    "first run creates the history branch and the comment; the second updates both",
    async () => {
      const { origin, workspace } = await repository("first");
      const first = await runAction(workspace, { "changed-only": "false", ...ONE_TRIAL });
      expect(first.code, first.stdout).toBe(0);
      expect(first.outputs).toMatchObject({ passed: "1", failed: "0", regressions: "0" });
      expect(first.summary).toContain("greeting");
      expect(historyOnBranch(origin, "greeting")).toHaveLength(1);
      expect(JSON.parse(historyOnBranch(origin, "greeting")[0]!)).toMatchObject({
        id: "greeting",
        agent: "literal",
        status: "passed",
        ref: "feature",
      });
      // The history branch shares no history with main.
      expect(() => git(origin, "merge-base", "main", "copybook-results")).toThrow();
      const mine = () =>
        github.comments.filter((c) => c.issueNumber === 7 && c.body.includes(MARKER));
      expect(mine()).toHaveLength(1);
      expect(first.outputs["comment-url"]).toContain(String(mine()[0]!.id));
      expect(results.artifacts.at(-1)).toMatchObject({
        name: "agent-evals-results",
        finalized: true,
      });

      const second = await runAction(workspace, { "changed-only": "false", ...ONE_TRIAL });
      expect(second.code, second.stdout).toBe(0);
      expect(mine()).toHaveLength(1);
      expect(mine()[0]!.updatedAt >= mine()[0]!.createdAt).toBe(true);
      expect(historyOnBranch(origin, "greeting")).toHaveLength(2);
    },
    SEVERAL_RUNS_MS,
  );

  it("skill, command and hook evals get their own rows in the comment and the summary", async () => {
    const { workspace } = await repository("hook-rows");
    await fs.mkdir(path.join(workspace, ".claude/hooks"), { recursive: true });
    await fs.writeFile(
      path.join(workspace, ".claude/hooks/guard.sh"),
      '#!/bin/sh\ncat >/dev/null\necho "not here" >&2\nexit 2\n',
      { mode: 0o755 },
    );
    await fs.writeFile(
      path.join(workspace, "evals/guard.eval.yaml"),
      `name: guard
type: hook
target: .claude/hooks/guard.sh
cases:
  - scenario: blocks
    input: { tool_input: { command: rm -rf / } }
    expect: { exit_code: 2 }
  - scenario: wrong on purpose
    input: { tool_input: { command: ls } }
    expect: { exit_code: 0 }
`,
    );
    const event = {
      pull_request: { number: 41, base: { ref: "main" }, head: { ref: "feature" } },
      repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
    };
    const run = await runAction(
      workspace,
      { "changed-only": "false", history: "false", "fail-on": "never" },
      { event },
    );
    expect(run.code, run.stdout).toBe(0);
    const row = "| guard | hook: .claude/hooks/guard.sh | — | — | 1/2 passed | ❌ failed |";
    expect(run.summary).toContain("**Skills, commands and hooks**");
    expect(run.summary).toContain(row);
    const comment = github.comments.find((c) => c.issueNumber === 41);
    expect(comment?.body).toContain(row);
  });

  it("hook scripts don't get the runner's tokens or the step's inputs either", async () => {
    const { workspace } = await repository("hook-env");
    await fs.mkdir(path.join(workspace, ".claude/hooks"), { recursive: true });
    await fs.writeFile(
      path.join(workspace, ".claude/hooks/peek.sh"),
      "#!/bin/sh\ncat >/dev/null\n" +
        'if [ -n "$ACTIONS_RUNTIME_TOKEN" ] || env | grep -q "^INPUT_"; then echo leaked >&2; exit 2; fi\n' +
        "exit 0\n",
      { mode: 0o755 },
    );
    await fs.writeFile(
      path.join(workspace, "evals/peek.eval.yaml"),
      "name: peek\ntype: hook\ntarget: .claude/hooks/peek.sh\ncases:\n" +
        "  - { scenario: sees no token, input: { tool_input: { command: ls } }, expect: { exit_code: 0 } }\n",
    );
    const run = await runAction(workspace, {
      "changed-only": "false",
      history: "false",
      comment: "false",
      ...ONE_TRIAL,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ passed: "2", failed: "0" });
  });

  it("agents don't get the runner's tokens or the step's inputs", async () => {
    const { workspace } = await repository(
      "hidden-env",
      `name: env-names
prompt: |
  \`\`\`sh
  env | cut -d= -f1 > names.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { README.md: "hi" } }
assertions:
  contains: [{ file: names.txt, text: GITHUB_WORKSPACE }]
  forbidden:
    - { file: names.txt, text: ACTIONS_RUNTIME_TOKEN }
    - { file: names.txt, text: ACTIONS_RESULTS_URL }
    - { file: names.txt, text: INPUT_ }
`,
    );
    const run = await runAction(workspace, {
      history: "false",
      comment: "false",
      "upload-transcripts": "false",
      "changed-only": "false",
      ...ONE_TRIAL,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.passed, run.stdout).toBe("1");
  });

  it(
    "8 concurrent runs lose no history line",
    async () => {
      const { origin } = await repository("concurrent");
      // Eight jobs, each on its own runner: eight checkouts of the same origin, run at once.
      const workspaces = Array.from({ length: 8 }, (_, i) => {
        const dir = path.join(tmp, `concurrent-job-${i}`);
        git(tmp, "clone", "-q", origin, dir);
        return dir;
      });
      const runs = await Promise.all(
        workspaces.map((workspace) =>
          runAction(workspace, {
            "changed-only": "false",
            comment: "false",
            "upload-transcripts": "false",
            ...ONE_TRIAL,
          }),
        ),
      );
      for (const r of runs) expect(r.code, r.stdout).toBe(0);
      const lines = historyOnBranch(origin, "greeting");
      expect(lines).toHaveLength(8);
      expect(new Set(lines).size).toBe(8);
    },
    SEVERAL_RUNS_MS,
  );

  it("a fork PR's read-only token: evals still reported, comment and history skipped with a notice", async () => {
    const { origin, workspace } = await repository("fork");
    // A read-only token can't push: the origin refuses like GitHub does.
    await fs.writeFile(
      path.join(origin, "hooks/pre-receive"),
      "#!/bin/sh\necho 'Permission to acme/widgets.git denied to github-actions[bot].' >&2\nexit 1\n",
      { mode: 0o755 },
    );
    const before = github.comments.length;
    const run = await runAction(
      workspace,
      { "changed-only": "false", ...ONE_TRIAL },
      { token: "read-only-token" },
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.passed).toBe("1");
    expect(run.stdout).toMatch(/::notice::history not saved: .*permission/i);
    expect(run.stdout).toMatch(/::warning::PR comment not posted/);
    expect(github.comments.length).toBe(before);
    expect(historyOnBranch(origin, "greeting")).toHaveLength(0);
  });

  it("retries the comment through API 5xx; fails the step on a failing eval, with an annotation", async () => {
    const { workspace } = await repository("failing", EVAL.replace("text: hello", "text: goodbye"));
    github.failNext(502, 2);
    const run = await runAction(workspace, { "changed-only": "false", ...ONE_TRIAL });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ passed: "0", failed: "1" });
    expect(run.stdout).toMatch(
      /::error title=agent-evals%3A greeting failed,file=evals\/greeting\.eval\.yaml,line=9::/,
    );
    expect(github.comments.filter((c) => c.body.includes("goodbye"))).toHaveLength(1);
  });

  it("on a pull request the base's version runs beside the head's: a broken prompt is a regression", async () => {
    const { workspace } = await repository("rerun");
    // The pull request's commit breaks the prompt of an eval that passes on main.
    git(workspace, "checkout", "-q", "-b", "feature");
    await fs.writeFile(
      path.join(workspace, "evals/greeting.eval.yaml"),
      EVAL.replace("echo hello", "echo bye"),
    );
    git(workspace, "commit", "-qam", "break the greeting");
    const event = {
      pull_request: { number: 51, base: { ref: "main" }, head: { ref: "feature" } },
      repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
    };
    const run = await runAction(workspace, { "fail-on": "regression" }, { event });
    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs).toMatchObject({ regressions: "1", failed: "1", passed: "0" });
    expect(run.stdout).toMatch(/::error::1 significant regression\(s\) against main/);
    const result = JSON.parse(
      await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
    ) as { comparisons: Array<{ control: string; verdict: string; controlPasses: number }> };
    expect(result.comparisons).toHaveLength(1);
    expect(result.comparisons[0]).toMatchObject({
      control: "base@origin/main",
      verdict: "regression",
    });
    expect(result.comparisons[0]!.controlPasses).toBeGreaterThan(0);
    // Only the head's verdict goes to history.
    const comment = github.comments.find((c) => c.issueNumber === 51);
    expect(comment?.body).toContain("greeting");

    // baseline: history compares with the recorded verdicts instead: nothing runs at the base.
    const history = await runAction(
      workspace,
      { "fail-on": "regression", baseline: "history" },
      { event },
    );
    const again = JSON.parse(
      await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
    ) as { comparisons?: Array<{ control: string }>; evals: unknown[] };
    expect(history.stdout).not.toContain("compare:");
    // The only comparison is with the recorded history (its pooled verdicts), no base@ arm.
    expect(again.comparisons?.map((c) => c.control.replace(/@.*/, ""))).toEqual(["history"]);
    expect(again.evals).toHaveLength(1);
  });

  it("a nightly run's summary names the broken evals from the history", async () => {
    const { workspace } = await repository("nightly", EVAL.replace("text: hello", "text: goodbye"));
    const event = { repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } } };
    const env = { GITHUB_EVENT_NAME: "schedule" };
    let last: ActionRun | undefined;
    for (let i = 0; i < 3; i++)
      last = await runAction(workspace, { "fail-on": "never" }, { event, env });
    expect(last!.code, last!.stdout).toBe(0);
    expect(last!.summary).toContain("Health (last 10 runs): 1 broken");
    expect(last!.summary).toContain("| broken | greeting | literal | 3 | 0 (0%) | 0% |");
  });

  it("an invalid definition fails the step, says why in the summary, and runs nothing", async () => {
    const { workspace } = await repository("invalid", EVAL.replace("assertions:", "asertions:"));
    const run = await runAction(workspace, { "changed-only": "false" });
    expect(run.code).toBe(1);
    expect(run.summary).toContain("invalid eval definitions");
    expect(run.summary).toContain("AE103");
    expect(run.stdout).toMatch(
      /::error title=agent-evals%3A invalid eval definition,file=evals\/greeting\.eval\.yaml,line=\d+::/,
    );
    await expect(fs.stat(path.join(workspace, ".copybook"))).rejects.toThrow();
  });

  it("bad input fails the step before anything runs", async () => {
    const { workspace } = await repository("badinput");
    const run = await runAction(workspace, { "budget-usd": "lots" });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("input budget-usd");
    await expect(fs.stat(path.join(workspace, ".copybook"))).rejects.toThrow();
  });
});

describe("the Action, sharded: plan → shards → publish", () => {
  const evalNamed = (name: string, text = "hello") =>
    EVAL.replace("name: greeting", `name: ${name}`).replace("text: hello", `text: ${text}`);

  /** A repository with several evals: what the reusable workflow's jobs each check out. */
  async function suite(
    name: string,
    ids: string[],
  ): Promise<{ origin: string; workspace: string }> {
    const repo = await repository(name);
    for (const id of ids)
      await fs.writeFile(path.join(repo.workspace, `evals/${id}.eval.yaml`), evalNamed(id));
    git(repo.workspace, "add", ".");
    git(repo.workspace, "commit", "-qm", "more evals");
    git(repo.workspace, "push", "-q", "origin", "HEAD:main");
    return repo;
  }

  /** One runner per job: a fresh clone of the origin. */
  function runner(origin: string, job: string): string {
    const dir = path.join(tmp, job);
    git(tmp, "clone", "-q", origin, dir);
    return dir;
  }

  it(
    "plans a matrix, runs each shard without comment or history, publishes one comment and one history write",
    async () => {
      const ids = ["alpha", "bravo", "charlie", "delta"];
      const { origin } = await suite("sharded", ids);
      const all = ["greeting", ...ids];
      // A pull request of its own, so its sticky comment is new.
      const event = {
        pull_request: { number: 21, base: { ref: "main" }, head: { ref: "feature" } },
        repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
      };

      const plan = await runAction(
        runner(origin, "sharded-plan"),
        {
          mode: "plan",
          shards: "2",
          "budget-usd": "1",
          "changed-only": "false",
        },
        { event },
      );
      expect(plan.code, plan.stdout).toBe(0);
      const matrix = JSON.parse(plan.outputs.matrix!) as {
        include: Array<{ shard: string; index: number; "budget-usd": string }>;
      };
      expect(matrix.include.map((m) => m.shard)).toEqual(["1/2", "2/2"]);
      // Free agents have no expected cost, so each pair gets an equal share of the budget and a
      // shard the sum of its pairs' shares (3 and 2 of 5 pairs), never more than the whole.
      const pairsPerShard = matrix.include.map(
        (m) =>
          (JSON.parse(plan.outputs["shard-plan"]!) as { shards: string[][] }).shards[m.index - 1]!
            .length,
      );
      expect(matrix.include.map((m) => Number(m["budget-usd"]))).toEqual(
        pairsPerShard.map((n) => Math.floor((n / 5) * 100 + 1e-9) / 100),
      );
      const shardPlan = JSON.parse(plan.outputs["shard-plan"]!) as { shards: string[][] };
      expect(shardPlan.shards.flat().sort()).toEqual(all.map((id) => `${id} [literal]`).sort());
      expect(plan.outputs).toMatchObject({ "shard-count": "2", pairs: "5" });
      expect(Number(plan.outputs.balance)).toBeGreaterThanOrEqual(1);
      expect(plan.summary).toContain("5 pair(s) in 2 shard(s)");
      await expect(
        fs.stat(path.join(tmp, "sharded-plan", ".copybook/results/run.json")),
      ).rejects.toThrow(); // nothing ran

      const commentsBefore = github.comments.length;
      const downloaded = path.join(tmp, "sharded-downloads");
      const shards = await Promise.all(
        matrix.include.map(async (m) => {
          const workspace = runner(origin, `sharded-shard-${m.index}`);
          const run = await runAction(
            workspace,
            {
              shard: m.shard,
              "shard-plan": plan.outputs["shard-plan"]!,
              "budget-usd": m["budget-usd"],
              "changed-only": "false",
              history: "read",
              comment: "false",
              "artifact-name": `agent-evals-shard-${m.index}`,
              "fail-on": "never",
            },
            { event },
          );
          return { run, workspace, index: m.index };
        }),
      );
      for (const { run, workspace, index } of shards) {
        expect(run.code, run.stdout).toBe(0);
        expect(run.stdout).toContain("history: read only");
        const result = JSON.parse(
          await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
        ) as { evals: Array<{ id: string; agent: string; arm?: string }>; comparisons?: unknown[] };
        // Each pair once as defined, and (the base rerun on a pull request) once at the base.
        const primary = result.evals.filter((e) => e.arm === undefined);
        expect(primary.map((e) => `${e.id} [${e.agent}]`).sort()).toEqual(
          [...shardPlan.shards[index - 1]!].sort(),
        );
        expect(result.comparisons).toHaveLength(primary.length);
        expect(results.artifacts.some((a) => a.name === `agent-evals-shard-${index}`)).toBe(true);
        // What actions/download-artifact leaves: one folder per artifact.
        await fs.cp(
          path.join(workspace, ".copybook/results"),
          path.join(downloaded, `agent-evals-shard-${index}`),
          { recursive: true },
        );
      }
      expect(github.comments.length).toBe(commentsBefore);
      expect(historyOnBranch(origin, "greeting")).toHaveLength(0);

      const report = await runAction(
        runner(origin, "sharded-report"),
        {
          mode: "publish",
          "merge-from": downloaded,
          "shard-plan": plan.outputs["shard-plan"]!,
          "budget-usd": "1",
        },
        { event },
      );
      expect(report.code, report.stdout).toBe(0);
      expect(report.outputs).toMatchObject({ passed: "5", failed: "0" });
      const posted = github.comments.filter((c) => c.issueNumber === 21);
      expect(posted).toHaveLength(1);
      expect(github.comments.length).toBe(commentsBefore + 1);
      for (const id of all) expect(posted[0]!.body).toContain(id);
      for (const id of all) expect(historyOnBranch(origin, id)).toHaveLength(1);

      // A shard that never uploaded: its pairs are named and the step fails.
      await fs.rm(path.join(downloaded, "agent-evals-shard-2"), { recursive: true });
      const partial = await runAction(
        runner(origin, "sharded-report-2"),
        {
          mode: "publish",
          "merge-from": downloaded,
          "shard-plan": plan.outputs["shard-plan"]!,
          history: "false",
          comment: "false",
        },
        { event },
      );
      expect(partial.code).toBe(1);
      expect(partial.stdout).toMatch(/planned pair\(s\) have no results/);
      for (const key of shardPlan.shards[1]!) expect(partial.stdout).toContain(key);
    },
    SEVERAL_RUNS_MS,
  );

  it(
    "publish puts a hook eval's summary back together from the shards' results",
    async () => {
      const { origin, workspace } = await repository("sharded-hook");
      await fs.mkdir(path.join(workspace, ".claude/hooks"), { recursive: true });
      await fs.writeFile(path.join(workspace, ".claude/hooks/guard.sh"), "#!/bin/sh\nexit 2\n", {
        mode: 0o755,
      });
      await fs.writeFile(
        path.join(workspace, "evals/guard.eval.yaml"),
        "name: guard\ntype: hook\ntarget: .claude/hooks/guard.sh\ncases:\n" +
          "  - { scenario: blocks, input: { tool_input: { command: ls } }, expect: { exit_code: 2 } }\n",
      );
      // A TypeScript definition that must never run in the publishing job (it holds write tokens).
      await fs.writeFile(
        path.join(workspace, "evals/ts-check.eval.ts"),
        `import { defineEval, fileExists } from "agent-evals";
if (process.env.INPUT_MODE === "publish") throw new Error("a TypeScript definition ran in publish");
export const tsCheck = defineEval(null, { assert: [fileExists(".claude/hooks/guard.sh")] });
`,
      );
      git(workspace, "add", ".");
      git(workspace, "commit", "-qm", "a hook");
      git(workspace, "push", "-q", "origin", "HEAD:main");
      const event = {
        pull_request: { number: 25, base: { ref: "main" }, head: { ref: "feature" } },
        repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
      };
      const plan = await runAction(
        runner(origin, "sharded-hook-plan"),
        { mode: "plan", shards: "2", "changed-only": "false" },
        { event },
      );
      expect(plan.code, plan.stdout).toBe(0);
      const downloaded = path.join(tmp, "sharded-hook-downloads");
      for (const index of [1, 2]) {
        const shardDir = runner(origin, `sharded-hook-shard-${index}`);
        const run = await runAction(
          shardDir,
          {
            shard: `${index}/2`,
            "shard-plan": plan.outputs["shard-plan"]!,
            "changed-only": "false",
            history: "read",
            comment: "false",
            "upload-transcripts": "false",
          },
          { event },
        );
        expect(run.code, run.stdout).toBe(0);
        expect(run.summary).not.toContain("Skills, commands and hooks"); // a part only
        await fs.cp(
          path.join(shardDir, ".copybook/results"),
          path.join(downloaded, `agent-evals-shard-${index}`),
          { recursive: true },
        );
      }
      const report = await runAction(
        runner(origin, "sharded-hook-report"),
        {
          mode: "publish",
          "merge-from": downloaded,
          "shard-plan": plan.outputs["shard-plan"]!,
          history: "false",
        },
        { event },
      );
      expect(report.code, report.stdout).toBe(0);
      expect(report.outputs).toMatchObject({ passed: "3", failed: "0" });
      expect(report.stdout).not.toContain("summaries not rebuilt");
      const row = "| guard | hook: .claude/hooks/guard.sh | — | — | 1/1 passed | ✅ passed |";
      expect(report.summary).toContain(row);
      expect(github.comments.find((c) => c.issueNumber === 25)?.body).toContain(row);
    },
    SEVERAL_RUNS_MS,
  );

  it(
    "when the plan chooses nothing, publish still updates the sticky comment: nothing ran, and why",
    async () => {
      const { origin } = await repository("nothing-planned");
      const event = {
        pull_request: { number: 23, base: { ref: "main" }, head: { ref: "feature" } },
        repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
      };
      // An earlier run's comment on this pull request.
      const first = await runAction(
        runner(origin, "nothing-first"),
        { "changed-only": "false", history: "false" },
        { event },
      );
      expect(first.code, first.stdout).toBe(0);
      const before = github.comments.filter((c) => c.issueNumber === 23);
      expect(before).toHaveLength(1);
      expect(before[0]!.body).toContain("greeting");

      // Changed-only against main, which the head equals: the plan chooses no pair, no shard runs.
      const plan = await runAction(
        runner(origin, "nothing-plan"),
        { mode: "plan", "changed-only": "true" },
        { event },
      );
      expect(plan.code, plan.stdout).toBe(0);
      expect(plan.outputs.pairs).toBe("0");
      const report = await runAction(
        runner(origin, "nothing-report"),
        {
          mode: "publish",
          // What the report job gives when no shard uploaded anything: a folder that is not there.
          "merge-from": path.join(tmp, "nothing-downloads"),
          "shard-plan": plan.outputs["shard-plan"]!,
          history: "false",
        },
        { event },
      );
      expect(report.code, report.stdout).toBe(0);
      expect(report.outputs).toMatchObject({ passed: "0", failed: "0" });
      const after = github.comments.filter((c) => c.issueNumber === 23);
      expect(after).toHaveLength(1); // the same comment, updated
      expect(after[0]!.id).toBe(before[0]!.id);
      expect(after[0]!.body).toContain("No evals ran: the plan chose no eval × agent pair");
      expect(after[0]!.body).not.toContain("greeting");
      expect(report.summary).toContain("No evals ran");
    },
    SEVERAL_RUNS_MS,
  );

  it("a fork's pull request: pairs whose agent has no API key are skipped, with the reason", async () => {
    const { workspace } = await repository("fork-keys");
    const run = await runAction(
      workspace,
      { "changed-only": "false", agents: "claude-code", comment: "false", history: "false" },
      {
        event: {
          pull_request: {
            number: 9,
            base: { ref: "main", repo: { full_name: `${FAKE_OWNER}/${FAKE_REPO}` } },
            head: { ref: "patch-1", repo: { full_name: "someone/fork" } },
          },
        },
        // The real claude binary, so the agent is available and only the key is missing.
        env: { PATH: `${path.join(REPO_ROOT, ".agent-clis/bin")}:${process.env.PATH ?? ""}` },
      },
    );
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ skipped: "1", passed: "0", failed: "0" });
    expect(run.stdout).toMatch(/::notice::1 eval × agent pair\(s\) skipped: .*API key.*fork/);
    expect(run.summary).toContain("pull request from a fork");
    expect(run.summary).toContain("ANTHROPIC\\_API\\_KEY"); // markdown-escaped
  });

  it("bad sharded inputs fail the step before anything runs", async () => {
    const { workspace } = await repository("shard-badinput");
    const publish = await runAction(workspace, { mode: "publish" });
    expect(publish.code).toBe(1);
    expect(publish.stdout).toContain("input merge-from");
    const plan = await runAction(workspace, { mode: "plan", shards: "zero" });
    expect(plan.stdout).toContain("input shards");
    const stale = await runAction(workspace, {
      shard: "1/2",
      "shard-plan": JSON.stringify({ count: 2, shards: [["other [literal]"], []] }),
      "changed-only": "false",
    });
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("the shard plan does not list greeting [literal]");
    await expect(fs.stat(path.join(workspace, ".copybook"))).rejects.toThrow();
  });
});
