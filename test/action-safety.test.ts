// The Action on a real repository leaves nothing of the user's damaged, overwritten or lost in
// silence: the checkout, people's comments, the comment's readers (a fork's tampered results), the
// history, the artifacts, the budget. Each test runs the Action's bundle against the fakes.

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { spendingRefusal } from "../src/github/actor.js";
import { parseRunResult } from "../src/store/run-schema.js";
import { FAKE_OWNER, FAKE_REPO } from "./fakes/github.js";
import { BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import {
  EVAL,
  MARKER,
  ONE_TRIAL,
  actionHarness,
  git,
  type ActionHarness,
} from "./helpers/action-run.js";
import { REPO_ROOT } from "./helpers/project.js";

const LONG = 240_000;
let h: ActionHarness;

beforeAll(async () => {
  h = await actionHarness(
    {
      tokens: ["test-token", "pat"],
      identities: { pat: { login: "release-person", type: "User" } },
      permissions: { triager: "triage", writer: "write" },
    },
    // No test here is about the pull request's comparison itself (action.test.ts has that).
    ONE_TRIAL,
  );
}, BUNDLE_TIMEOUT_MS);
afterAll(() => h?.close());

const pullRequest = (number: number, extra: object = {}) => ({
  pull_request: { number, base: { ref: "main" }, head: { ref: "feature" }, ...extra },
  repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
});
const onPr = (n: number) => h.github.comments.filter((c) => c.issueNumber === n);
const ours = (n: number) => onPr(n).filter((c) => c.user.type === "Bot");

/** Everything git keeps for a checkout, to compare before and after a run. */
async function repoState(dir: string) {
  const files: Record<string, string> = {};
  async function walk(rel: string): Promise<void> {
    for (const entry of await fs.readdir(path.join(dir, ".git", rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(child);
      else
        files[child] = createHash("sha256")
          .update(await fs.readFile(path.join(dir, ".git", child)))
          .digest("hex");
    }
  }
  await walk("");
  return {
    refs: git(dir, "for-each-ref"),
    shallow: git(dir, "rev-parse", "--is-shallow-repository").trim(),
    commits: git(dir, "rev-list", "--all", "--count").trim(),
    objects: git(dir, "count-objects", "-v"),
    files,
  };
}

describe("item 1: the checkout is the same repository after the run", () => {
  it(
    "a full clone and a depth-1 clone: refs, shallowness, index and objects untouched; the base still compared",
    async () => {
      const { origin, workspace } = await h.repository("history-6");
      for (let i = 1; i <= 5; i++) {
        await fs.writeFile(path.join(workspace, `file-${i}.txt`), `${i}\n`);
        git(workspace, "add", ".");
        git(workspace, "commit", "-qm", `commit ${i}`);
      }
      git(workspace, "push", "-q", "origin", "HEAD:main");
      git(workspace, "checkout", "-q", "-b", "feature");
      await fs.writeFile(
        path.join(workspace, "evals/greeting.eval.yaml"),
        EVAL.replace('README.md: "hi"', 'README.md: "hello"'),
      );
      git(workspace, "commit", "-qam", "change the eval");
      git(workspace, "push", "-q", "origin", "feature");

      // actions/checkout with fetch-depth: 0, and with its default depth 1.
      const full = path.join(h.tmp, "history-6-full");
      git(h.tmp, "clone", "-q", "--no-local", "--branch", "feature", origin, full);
      const shallow = path.join(h.tmp, "history-6-shallow");
      git(h.tmp, "clone", "-q", "--depth", "1", "--branch", "feature", `file://${origin}`, shallow);
      expect(git(full, "rev-list", "--count", "HEAD").trim()).toBe("7");

      for (const dir of [full, shallow]) {
        const before = await repoState(dir);
        const run = await h.runAction(
          dir,
          { history: "false", comment: "false" },
          {
            event: pullRequest(71),
          },
        );
        expect(run.code, run.stdout).toBe(0);
        // changed-only (on for pull requests) compared with main, and the base's version ran.
        expect(run.stdout).toContain("--changed: 1 of 1 eval(s) differ from origin/main");
        expect(run.stdout).toMatch(/compare: 1 eval × agent pair\(s\) against origin\/main/);
        expect(await repoState(dir)).toEqual(before);
      }
    },
    LONG,
  );
});

describe("item 2: only the token's own comment is edited", () => {
  it(
    "a person's comment quoting the marker is left alone, run after run",
    async () => {
      const { workspace } = await h.repository("quoted");
      const quote = `> ${MARKER}\n> ✅ agent-evals: 1 passed\nWhy is this green?`;
      const person = h.github.addComment({ issueNumber: 72, body: quote });
      const inputs = { "changed-only": "false", history: "false", "upload-transcripts": "false" };
      const first = await h.runAction(workspace, inputs, { event: pullRequest(72) });
      expect(first.code, first.stdout).toBe(0);
      expect(person.body).toBe(quote);
      expect(ours(72)).toHaveLength(1);
      const second = await h.runAction(workspace, inputs, { event: pullRequest(72) });
      expect(second.code, second.stdout).toBe(0);
      expect(person.body).toBe(quote);
      expect(ours(72)).toHaveLength(1);
      expect(onPr(72)).toHaveLength(2);

      // A personal access token's comment is its user's: that one is edited, the bot's is not.
      const withPat = await h.runAction(workspace, inputs, {
        event: pullRequest(72),
        token: "pat",
      });
      expect(withPat.code, withPat.stdout).toBe(0);
      const mine = onPr(72).filter((c) => c.user.login === "release-person");
      expect(mine).toHaveLength(1);
      await h.runAction(workspace, inputs, { event: pullRequest(72), token: "pat" });
      expect(onPr(72).filter((c) => c.user.login === "release-person")).toHaveLength(1);
      expect(person.body).toBe(quote);
    },
    LONG,
  );
});

describe("item 3: a fork's results are checked and escaped before they are posted", () => {
  async function forkResults(name: string): Promise<{ downloads: string; runJson: string }> {
    const { workspace } = await h.repository(name);
    const run = await h.runAction(
      workspace,
      {
        "changed-only": "false",
        history: "false",
        comment: "false",
        "upload-transcripts": "false",
      },
      { event: pullRequest(73) },
    );
    expect(run.code, run.stdout).toBe(0);
    const downloads = path.join(h.tmp, `${name}-downloads`);
    await fs.cp(
      path.join(workspace, ".copybook/results"),
      path.join(downloads, "agent-evals-results"),
      {
        recursive: true,
      },
    );
    return { downloads, runJson: path.join(downloads, "agent-evals-results/run.json") };
  }

  let base: Promise<{ workspace: string }> | undefined;
  /** The base repository's default branch, where the workflow_run job runs. */
  const publish = async (downloads: string, n: number) =>
    h.runAction(
      (await (base ??= h.repository("fork-base"))).workspace,
      {
        mode: "publish",
        "merge-from": downloads,
        "pull-request": String(n),
        history: "false",
        "upload-transcripts": "false",
        "fail-on": "never",
      },
      {
        event: { repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } } },
        env: { GITHUB_EVENT_NAME: "workflow_run" },
      },
    );

  it(
    "a run.json with markdown, HTML or mentions where numbers belong is refused, naming the field",
    async () => {
      const { downloads, runJson } = await forkResults("fork-tampered");
      const run = JSON.parse(await fs.readFile(runJson, "utf8"));
      run.evals[0].passes =
        "[free money](https://evil.example) <img src=https://evil.example/p.gif> @everyone";
      run.evals[0].trials[0].n = "@everyone";
      await fs.writeFile(runJson, JSON.stringify(run));
      const tampered = await publish(downloads, 74);
      expect(tampered.code).toBe(1);
      expect(tampered.stdout).toContain("not a valid run.json");
      expect(tampered.stdout).toContain("evals.0.passes");
      expect(onPr(74)).toHaveLength(0);

      // A pass rate out of range crashed the renderer (RangeError); now it is refused the same way.
      run.evals[0].passes = 1;
      run.evals[0].trials[0].n = 1;
      run.evals[0].passRate = 1e308;
      run.evals[0].interval = [0, 1e308];
      await fs.writeFile(runJson, JSON.stringify(run));
      const outOfRange = await publish(downloads, 74);
      expect(outOfRange.code).toBe(1);
      expect(outOfRange.stdout).toContain("evals.0.passRate");
      expect(outOfRange.stdout).not.toContain("RangeError");

      // A trial folder outside the results would be read by the publishing job: refused.
      run.evals[0].passRate = 1;
      run.evals[0].interval = [0.2, 1];
      run.evals[0].trials[0].dir = "../../../../etc";
      await fs.writeFile(runJson, JSON.stringify(run));
      const escaping = await publish(downloads, 74);
      expect(escaping.code).toBe(1);
      expect(escaping.stdout).toContain("evals.0.trials.0.dir");
    },
    LONG,
  );

  it(
    "text fields that pass the schema are rendered inert: no link, image, HTML or mention",
    async () => {
      const { downloads, runJson } = await forkResults("fork-text");
      const run = JSON.parse(await fs.readFile(runJson, "utf8"));
      const evil =
        "[free money](https://evil.example) <img src=https://evil.example/p.gif> @everyone";
      for (const e of run.evals) {
        e.agentVersion = evil;
        e.reason = evil;
        e.file = `evals/${evil}.yaml`;
      }
      await fs.writeFile(runJson, JSON.stringify(run));
      const posted = await publish(downloads, 75);
      expect(posted.code, posted.stdout).toBe(0);
      const body = onPr(75)[0]!.body;
      expect(body).toContain("free money");
      expect(body).not.toContain("<img");
      expect(body).not.toMatch(/(?<!\\)\]\(https?:\S*evil/); // no markdown link
      expect(body).not.toContain("https://evil"); // nor a bare URL GFM would link
      expect(body).not.toMatch(/@everyone/);
    },
    LONG,
  );

  it(
    "the schema keeps every field of a real run.json (comparisons included)",
    async () => {
      const { workspace } = await h.repository("schema-roundtrip");
      git(workspace, "checkout", "-q", "-b", "feature");
      await fs.writeFile(
        path.join(workspace, "evals/greeting.eval.yaml"),
        EVAL.replace("hi", "hey"),
      );
      git(workspace, "commit", "-qam", "change");
      const run = await h.runAction(
        workspace,
        { history: "false", comment: "false" },
        { event: pullRequest(76) },
      );
      expect(run.code, run.stdout).toBe(0);
      const written = JSON.parse(
        await fs.readFile(path.join(workspace, ".copybook/results/run.json"), "utf8"),
      );
      expect(written.comparisons).toHaveLength(1);
      const parsed = parseRunResult(written);
      expect(parsed.ok).toBe(true);
      expect(parsed.ok && parsed.run).toEqual(written);
    },
    LONG,
  );
});

describe("item 4: history that was not saved is said, and can fail the step", () => {
  it(
    "a refusing pre-receive hook: in the summary and the comment; history-required fails",
    async () => {
      const { origin, workspace } = await h.repository("refused");
      await fs.writeFile(
        path.join(origin, "hooks/pre-receive"),
        "#!/bin/sh\necho 'GH006: Protected branch update failed for refs/heads/copybook-results.' >&2\nexit 1\n",
        { mode: 0o755 },
      );
      const inputs = { "changed-only": "false", "upload-transcripts": "false" };
      const run = await h.runAction(workspace, inputs, { event: pullRequest(77) });
      expect(run.code, run.stdout).toBe(0);
      expect(run.summary).toContain("history not saved");
      expect(ours(77)[0]!.body).toContain("history not saved");
      const required = await h.runAction(
        workspace,
        { ...inputs, "history-required": "true" },
        { event: pullRequest(77) },
      );
      expect(required.code).toBe(1);
      expect(required.stdout).toMatch(/::error::history not saved \(history-required\)/);
    },
    LONG,
  );
});

describe("item 5: skipped pairs are listed, and fail scheduled runs", () => {
  it(
    "no API key: the skip is in the summary and the comment; fail-on-skip fails a nightly run",
    async () => {
      const { workspace } = await h.repository("no-key");
      const env = {
        PATH: `${path.join(REPO_ROOT, ".agent-clis/bin")}:${process.env.PATH ?? ""}`,
        RUNNER_ENVIRONMENT: "github-hosted",
      };
      const inputs = { "changed-only": "false", agents: "claude-code", history: "false" };
      const pr = await h.runAction(workspace, inputs, { event: pullRequest(78), env });
      expect(pr.code, pr.stdout).toBe(0);
      expect(pr.outputs.skipped).toBe("1");
      expect(pr.summary).toMatch(
        /1 planned eval × agent pair\(s\) skipped, not run: greeting \\\[claude-code\\\]/,
      );
      expect(ours(78)[0]!.body).toContain("skipped, not run");
      // Issue 33 item 3: nothing judged is never a green headline, in the summary or the comment.
      const headline = (text: string) => text.match(/^### (\S+) agent-evals: (.*)$/m)?.slice(1);
      expect(headline(pr.summary)).toEqual(["⚠️", expect.stringMatching(/^nothing judged · /)]);
      expect(headline(ours(78)[0]!.body)?.[0]).toBe("⚠️");
      expect(pr.stdout).toMatch(/::warning[^\n]*nothing was judged/);
      const push = await h.runAction(workspace, inputs, {
        event: {
          ref: "refs/heads/main",
          repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
        },
        env: { ...env, GITHUB_EVENT_NAME: "push", GITHUB_REF: "refs/heads/main" },
      });
      expect(push.code, push.stdout).toBe(0);
      expect(headline(push.summary)?.[0]).toBe("⚠️");
      expect(push.summary).not.toContain("### ✅");
      const nightly = await h.runAction(workspace, inputs, {
        event: { repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } } },
        env: { ...env, GITHUB_EVENT_NAME: "schedule" },
      });
      expect(nightly.code).toBe(1);
      expect(nightly.stdout).toMatch(/skipped and did not run \(fail-on-skip\)/);
      // The step fails, so the headline says so: never ✅ beside exit 1.
      expect(headline(nightly.summary)?.[0]).toBe("❌");
      const off = await h.runAction(
        workspace,
        { ...inputs, "fail-on-skip": "false" },
        { event: {}, env: { ...env, GITHUB_EVENT_NAME: "schedule" } },
      );
      expect(off.code, off.stdout).toBe(0);
    },
    LONG,
  );
});

describe("item 6: artifact names that collide lose nothing", () => {
  it(
    "two jobs of one run: the second gets a name of its own; a re-run attempt replaces its own, never the other's",
    async () => {
      const { workspace } = await h.repository("artifacts");
      const inputs = { "changed-only": "false", history: "false", comment: "false" };
      const runId = "9001";
      const first = await h.runAction(workspace, inputs, { runId, jobId: "a" });
      const second = await h.runAction(workspace, inputs, {
        runId,
        jobId: "b",
        env: { GITHUB_JOB: "other" },
      });
      for (const r of [first, second]) expect(r.code, r.stdout).toBe(0);
      expect(second.stdout).toContain("uploaded as agent-evals-results-other-attempt1");
      const names = h.results.artifacts.filter((a) => a.finalized).map((a) => a.name);
      expect(names).toContain("agent-evals-results");
      expect(names).toContain("agent-evals-results-other-attempt1");
      expect(second.summary).toContain("[Transcripts](");

      const inRun = () =>
        h.results.artifacts.filter(
          (a) =>
            a.name === "agent-evals-results" && a.finalized && a.workflowRunBackendId === runId,
        );
      expect(inRun()).toHaveLength(1);
      const rerun = await h.runAction(workspace, inputs, {
        runId,
        jobId: "a2",
        env: { GITHUB_RUN_ATTEMPT: "2" },
      });
      expect(rerun.code, rerun.stdout).toBe(0);
      expect(rerun.stdout).toContain("replaced the artifact of an earlier attempt");
      expect(rerun.summary).toContain("[Transcripts](");
      expect(inRun()).toHaveLength(1);
      expect(inRun()[0]!.workflowJobRunBackendId).toBe("a2");

      // A re-run of the job that had to take another name: it resumes from its own artifact and
      // never deletes the other job's, which holds that job's results.
      const otherRerun = await h.runAction(workspace, inputs, {
        runId,
        jobId: "b2",
        env: { GITHUB_JOB: "other", GITHUB_RUN_ATTEMPT: "2" },
      });
      expect(otherRerun.code, otherRerun.stdout).toBe(0);
      expect(otherRerun.stdout).toContain(
        "resume: attempt 2 goes on from agent-evals-results-other-attempt1",
      );
      expect(otherRerun.stdout).toContain("uploaded as agent-evals-results-other-attempt2");
      expect(inRun()).toHaveLength(1);
      expect(inRun()[0]!.workflowJobRunBackendId).toBe("a2");
    },
    LONG,
  );
});

describe("item 7: the fork comment compares with the base's history", () => {
  it(
    "evals-comment.yml's publish inputs read the history and write none",
    async () => {
      const workflow = parse(
        await fs.readFile(
          path.join(REPO_ROOT, "evals-example/.github/workflows/evals-comment.yml"),
          "utf8",
        ),
      ) as {
        jobs: { comment: { steps: Array<{ uses?: string; with?: Record<string, string> }> } };
      };
      const step = workflow.jobs.comment.steps.find((s) => s.with?.mode === "publish")!;
      const { origin, workspace } = await h.repository("fork-history");
      // main's verdict, recorded by a push run.
      const main = await h.runAction(
        workspace,
        { "changed-only": "false" },
        {
          event: { repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } } },
          env: { GITHUB_EVENT_NAME: "push", GITHUB_REF_NAME: "main", GITHUB_HEAD_REF: "" },
        },
      );
      expect(main.code, main.stdout).toBe(0);
      expect(h.historyOnBranch(origin, "greeting")).toHaveLength(1);
      const downloads = path.join(h.tmp, "fork-history-downloads");
      await fs.cp(
        path.join(workspace, ".copybook/results"),
        path.join(downloads, "agent-evals-results"),
        {
          recursive: true,
        },
      );
      await fs.rm(path.join(downloads, "agent-evals-results/history.jsonl"), { force: true });
      const publish = await h.runAction(
        workspace,
        { ...step.with, "merge-from": downloads, "pull-request": "79" },
        {
          event: { repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } } },
          env: { GITHUB_EVENT_NAME: "workflow_run" },
        },
      );
      expect(publish.code, publish.stdout).toBe(0);
      const body = ours(79)[0]!.body;
      expect(body).toContain("| 100% → 100% |");
      expect(body).toContain("Compared with the latest verdicts on main");
      expect(h.historyOnBranch(origin, "greeting")).toHaveLength(1);
    },
    LONG,
  );
});

describe("item 8: the comment says what was measured, against what, and where", () => {
  it(
    "head SHA, no history yet, a stale base flagged, no runner path",
    async () => {
      const { origin, workspace } = await h.repository(
        "what-measured",
        EVAL.replace("text: hello", "text: goodbye"),
      );
      const inputs = { "changed-only": "false", baseline: "history", "fail-on": "never" };
      const sha = git(workspace, "rev-parse", "HEAD").trim();
      const first = await h.runAction(workspace, inputs, {
        event: pullRequest(80, { head: { ref: "feature", sha } }),
      });
      expect(first.code, first.stdout).toBe(0);
      const body = ours(80)[0]!.body;
      expect(body).toContain(`Head \`${sha.slice(0, 12)}\``);
      expect(body).toContain("No history on main yet");
      expect(body).not.toContain("Compared with the latest verdicts");
      expect(body).not.toContain(h.tmp);
      expect(first.stdout).not.toContain(`file=${h.tmp}`);

      // The base's verdict recorded long ago: flagged.
      const results = path.join(h.tmp, "what-measured-results");
      git(h.tmp, "clone", "-q", "--branch", "copybook-results", origin, results);
      const file = path.join(results, "history/greeting.jsonl");
      const line = JSON.parse((await fs.readFile(file, "utf8")).trim().split("\n")[0]!);
      await fs.writeFile(
        file,
        `${JSON.stringify({ ...line, ref: "main", time: "2020-01-01T00:00:00.000Z" })}\n`,
      );
      git(results, "commit", "-qam", "old");
      git(results, "push", "-q", "origin", "copybook-results");
      const stale = await h.runAction(
        workspace,
        { ...inputs, force: "true", history: "read" },
        {
          event: pullRequest(80),
        },
      );
      expect(stale.code, stale.stdout).toBe(0);
      expect(ours(80)[0]!.body).toMatch(/measured 2020-01-01 00:00 UTC\. ⚠️ \d+ days old/);
    },
    LONG,
  );

  it(
    "a budget cut is named in the log, as an annotation, in the step summary and in the comment",
    async () => {
      // A paid adapter defined in the eval file: each trial reports $0.25 and reserves its $0.30
      // cap, so a $0.60 budget lets two of six trials run; the verdict needs three passes.
      const paidEval = `import { defineEval, fileExists } from "agent-evals";
import { writeFileSync } from "node:fs";
const paid = {
  name: "paid",
  available: async () => true,
  version: async () => "1",
  run: async (ctx) => {
    writeFileSync(ctx.cwd + "/done", "");
    return { exitCode: 0, timedOut: false, trajectory: [], transcripts: [], durationMs: 1, costUsd: 0.25 };
  },
};
export const costly = defineEval("go", {
  agents: [paid],
  trials: 6,
  passRate: 0.5,
  maxCostUsd: 0.3,
  sandbox: { fixture: { x: "" } },
  assert: [fileExists("done")],
});
`;
      const { workspace } = await h.repository("budget-cut");
      await fs.rm(path.join(workspace, "evals/greeting.eval.yaml"));
      await fs.writeFile(path.join(workspace, "evals/costly.eval.ts"), paidEval);
      git(workspace, "add", "-A");
      git(workspace, "commit", "-qm", "a paid eval");
      const run = await h.runAction(
        workspace,
        // trials: "" (each eval's own): this one is about its eval's 6 trials.
        {
          "changed-only": "false",
          "budget-usd": "0.6",
          concurrency: "1",
          "fail-on": "never",
          trials: "",
        },
        { event: pullRequest(81) },
      );
      const note =
        "the budget of $0.60 cut 1 eval × agent pair(s) short: costly [paid] (2/6 trials)";
      expect(run.stdout, run.stdout).toContain(
        `::warning title=agent-evals%3A budget cut::${note}`,
      );
      // Markdown escapes the brackets.
      const inMarkdown = `> ⚠️ ${note.replace(/[[\]]/g, "\\$&")}`;
      expect(run.summary).toContain(inMarkdown);
      expect(ours(81)[0]!.body).toContain(inMarkdown);
    },
    LONG,
  );
});

describe("item 9: only actors with write access spend", () => {
  it(
    "a triage user's run skips the paid pairs with the reason; the allow-list lets them",
    async () => {
      const { workspace } = await h.repository("actor");
      const run = await h.runAction(
        workspace,
        { "changed-only": "false", agents: "claude-code", history: "false", comment: "false" },
        {
          event: pullRequest(81),
          env: {
            GITHUB_ACTOR: "triager",
            ANTHROPIC_API_KEY: "sk-ant-not-used",
            PATH: `${path.join(REPO_ROOT, ".agent-clis/bin")}:${process.env.PATH ?? ""}`,
          },
        },
      );
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.skipped).toBe("1");
      expect(run.stdout).toMatch(/triager started this run with triage access/);
      expect(run.summary).toContain("allowed-actors");
      const check = (actor: string, allowed: string[] = []) =>
        spendingRefusal({
          token: "test-token",
          baseUrl: h.github.url,
          owner: FAKE_OWNER,
          repo: FAKE_REPO,
          actor,
          allowed,
        });
      expect(await check("maintainer")).toBeUndefined();
      expect(await check("writer")).toBeUndefined();
      expect(await check("triager")).toMatch(/triage access/);
      expect(await check("triager", ["Triager"])).toBeUndefined();
      expect(await check("stranger", ["*"])).toBeUndefined();
      expect(await check("stranger")).toMatch(/read access/);
    },
    LONG,
  );
});

describe("item 10: the small ones", () => {
  it(
    "inputs are checked before anything runs, said in the summary too",
    async () => {
      const { workspace } = await h.repository("inputs-10");
      const refused = async (inputs: Record<string, string>, what: RegExp) => {
        const run = await h.runAction(workspace, { "changed-only": "false", ...inputs });
        expect(run.code, run.stdout).toBe(1);
        expect(run.stdout).toMatch(what);
        expect(run.summary).toMatch(what);
        await expect(fs.stat(path.join(workspace, ".copybook"))).rejects.toThrow();
      };
      await refused({ trials: "0x10" }, /input trials/);
      await refused({ "budget-usd": "1e3" }, /input budget-usd/);
      await refused({ history: "false", "results-branch": "bad..name" }, /input results-branch/);
      await refused(
        { "upload-transcripts": "false", "artifact-name": "a/b" },
        /input artifact-name/,
      );
      const upper = await h.runAction(workspace, {
        "changed-only": "false",
        "fail-on": "NEVER",
        history: "false",
        comment: "false",
      });
      expect(upper.code, upper.stdout).toBe(0);
    },
    LONG,
  );

  it(
    "fail-on: never still fails when agent-evals could not run, as action.yml says",
    async () => {
      const { workspace } = await h.repository(
        "never-10",
        EVAL.replace("assertions:", "asertions:"),
      );
      const run = await h.runAction(workspace, { "changed-only": "false", "fail-on": "never" });
      expect(run.code).toBe(1);
      const action = parse(await fs.readFile(path.join(REPO_ROOT, "action.yml"), "utf8")) as {
        inputs: Record<string, { description: string }>;
      };
      expect(action.inputs["fail-on"]!.description).toMatch(
        /still fails when agent-evals could not run/,
      );
    },
    LONG,
  );

  it(
    "the sandbox cache's log lines say their prefix once",
    async () => {
      const { workspace } = await h.repository(
        "cache-10",
        EVAL.replace("agents: [literal]", 'agents: [literal]\nsetup: ["echo ready > ready.txt"]'),
      );
      const run = await h.runAction(workspace, {
        "changed-only": "false",
        history: "false",
        comment: "false",
      });
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain("sandbox cache:");
      expect(run.stdout).not.toContain("sandbox cache: sandbox cache:");
    },
    LONG,
  );

  it("the reusable workflow checks the Action out at the ref the caller pinned, unless told otherwise", async () => {
    const workflow = parse(
      await fs.readFile(path.join(REPO_ROOT, ".github/workflows/evals.yml"), "utf8"),
    ) as {
      on: { workflow_call: { inputs: Record<string, { default?: unknown }> } };
      jobs: Record<
        string,
        { steps: Array<{ with?: Record<string, string> }>; permissions?: object }
      >;
    };
    expect(workflow.on.workflow_call.inputs["action-ref"]!.default).toBe("");
    expect(workflow.on.workflow_call.inputs["action-repository"]!.default).toBe("");
    const checkouts = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.filter((s) => s.with?.path === ".agent-evals-action"),
    );
    expect(checkouts.length).toBe(3);
    for (const step of checkouts) {
      expect(step.with!.ref).toBe("${{ needs.source.outputs.ref }}");
      expect(step.with!.repository).toBe("${{ needs.source.outputs.repository }}");
    }
    // Only the job that reads the ref may mint an OIDC token.
    for (const [name, job] of Object.entries(workflow.jobs))
      expect(JSON.stringify(job.permissions ?? {}).includes("id-token")).toBe(name === "source");
  });

  it("the reusable workflow's source step reads the caller's pin from a (fake) OIDC token", async () => {
    const workflow = parse(
      await fs.readFile(path.join(REPO_ROOT, ".github/workflows/evals.yml"), "utf8"),
    ) as { jobs: { source: { steps: Array<{ run: string; env: Record<string, string> }> } } };
    const script = workflow.jobs.source.steps[0]!.run;
    const workflowEnv = workflow.jobs.source.steps[0]!.env;
    // The runner's token service: a JWT whose claims name the workflow the caller pinned.
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(`${req.url} ${req.headers.authorization}`);
      const claims = {
        job_workflow_ref: "acme/agent-evals/.github/workflows/evals.yml@refs/tags/v2",
      };
      const jwt = ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), "sig"];
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ value: jwt.join(".") }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const step = async (env: Record<string, string | undefined>) => {
      const out = path.join(h.tmp, `source-output-${requests.length}-${Object.keys(env).join("")}`);
      await fs.writeFile(out, "");
      const result = await new Promise<{ code: number; stdout: string; stderr: string }>(
        (resolve) =>
          execFile(
            "bash",
            ["-e", "-c", script],
            {
              // A variable given as undefined is not set at all (a run that gets no OIDC token).
              env: Object.fromEntries(
                Object.entries({
                  PATH: process.env.PATH ?? "",
                  GITHUB_OUTPUT: out,
                  ACTIONS_ID_TOKEN_REQUEST_URL: `http://127.0.0.1:${port}/token?api-version=2.0`,
                  ACTIONS_ID_TOKEN_REQUEST_TOKEN: "request-token",
                  ACTION_REF: "",
                  ACTION_REPOSITORY: "",
                  FALLBACK_REPOSITORY: workflowEnv.FALLBACK_REPOSITORY,
                  FALLBACK_REF: workflowEnv.FALLBACK_REF,
                  ...env,
                }).filter((entry): entry is [string, string] => entry[1] !== undefined),
              ),
            },
            (error, stdout, stderr) =>
              resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
          ),
      );
      return { ...result, output: await fs.readFile(out, "utf8") };
    };
    try {
      const pinned = await step({});
      expect(pinned).toMatchObject({
        code: 0,
        output: "repository=acme/agent-evals\nref=refs/tags/v2\n",
      });
      expect(requests).toEqual([
        "/token?api-version=2.0&audience=agent-evals bearer request-token",
      ]);
      const own = await step({ ACTION_REPOSITORY: "me/fork-of-evals" });
      expect(own.output).toBe("repository=me/fork-of-evals\nref=refs/tags/v2\n");
      // Both given: no token is asked for.
      const given = await step({ ACTION_REPOSITORY: "me/evals", ACTION_REF: "main" });
      expect(given.output).toBe("repository=me/evals\nref=main\n");
      expect(requests.length).toBe(2);
      // No token to be had (the caller did not grant id-token: write): fails, saying how to fix it.
      const none = await step({ ACTIONS_ID_TOKEN_REQUEST_URL: `http://127.0.0.1:1/token?x=1` });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain("permissions: id-token: write");

      // Fork and Dependabot pull requests get no OIDC token: the request URL is not set at all.
      // The step still names a source (the inputs, else the workflow's defaults), says which in a
      // notice, and asks the token service nothing.
      const asked = requests.length;
      const fork = await step({
        ACTIONS_ID_TOKEN_REQUEST_URL: undefined,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: undefined,
      });
      expect(fork.code, fork.stderr).toBe(0);
      expect(fork.output).toBe(
        `repository=${workflowEnv.FALLBACK_REPOSITORY}\nref=${workflowEnv.FALLBACK_REF}\n`,
      );
      expect(fork.stdout).toMatch(/^::notice title=agent-evals: no OIDC token::/);
      expect(fork.stdout).toContain(
        `Using the default repository ${workflowEnv.FALLBACK_REPOSITORY} and ref ${workflowEnv.FALLBACK_REF}:`,
      );
      expect(workflowEnv.FALLBACK_REPOSITORY).toBe(
        /github\.com\/([^/]+\/[^/.]+)/.exec(
          (
            JSON.parse(await fs.readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
              repository: { url: string };
            }
          ).repository.url,
        )![1],
      );
      const ownRepo = await step({
        ACTIONS_ID_TOKEN_REQUEST_URL: undefined,
        ACTION_REPOSITORY: "me/evals",
      });
      expect(ownRepo.code, ownRepo.stderr).toBe(0);
      expect(ownRepo.output).toBe(`repository=me/evals\nref=${workflowEnv.FALLBACK_REF}\n`);
      expect(ownRepo.stdout).toContain(`Using the default ref ${workflowEnv.FALLBACK_REF}:`);
      expect(requests.length).toBe(asked);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
