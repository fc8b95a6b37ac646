// Running the Action as GitHub would: the built bundle as a child process with INPUT_* and GITHUB_*
// environment and an event payload, against a fake GitHub REST API and a fake results service on
// 127.0.0.1, with a real local bare repository as `origin`.

import { execFile, execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FAKE_OWNER, FAKE_REPO, startFakeGitHub, type FakeGitHub } from "../fakes/github.js";
import { startFakeResultsService, type FakeResultsService } from "../fakes/results-service.js";
import { actionEntry } from "./bundle.js";

export const MARKER = "<!-- agent-evals:sticky -->";

export const git = (cwd: string, ...args: string[]): string =>
  execFileSync(
    "git",
    [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.com",
      "-c",
      "init.defaultBranch=main",
      ...args,
    ],
    { cwd, encoding: "utf8" },
  );

export const EVAL = `name: greeting
prompt: |
  \`\`\`sh
  echo hello > greeting.txt
  \`\`\`
agents: [literal]
sandbox: { fixture: { README.md: "hi" } }
assertions:
  contains: [{ file: greeting.txt, text: hello }]
`;

export interface ActionRun {
  code: number;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

export interface RunOptions {
  token?: string;
  event?: object;
  env?: Record<string, string>;
  /** The workflow run and job this run is part of (default: a new run per call). */
  runId?: string;
  jobId?: string;
  /** Stops the Action with SIGTERM when aborted (a cancelled job, a timeout). */
  signal?: AbortSignal;
}

export interface ActionHarness {
  github: FakeGitHub;
  results: FakeResultsService;
  tmp: string;
  /** A bare origin and a checkout of it with one eval, as actions/checkout would leave it. */
  repository(name: string, evalText?: string): Promise<{ origin: string; workspace: string }>;
  runAction(
    workspace: string,
    inputs: Record<string, string>,
    options?: RunOptions,
  ): Promise<ActionRun>;
  historyOnBranch(origin: string, id: string): string[];
  close(): Promise<void>;
}

/**
 * A pull request's run compares each eval with the base's version, up to 50 trials per arm by
 * default: a hundred runs of the deterministic literal agent in every Action run. Tests that are
 * not about that comparison give `trials: 1` (the evals' own count here), which keeps every output
 * they check: the comparison still runs, and says inconclusive instead of no change.
 */
export const ONE_TRIAL = { trials: "1" } as const;

/** The fakes, a temp folder and the built Action (call in beforeAll, with BUNDLE_TIMEOUT_MS). */
export async function actionHarness(
  fakeOptions: Parameters<typeof startFakeGitHub>[0] = {},
  /** Inputs every run gets unless it gives its own (e.g. ONE_TRIAL). */
  defaultInputs: Record<string, string> = {},
): Promise<ActionHarness> {
  const entry = await actionEntry();
  const github = await startFakeGitHub(fakeOptions);
  const results = await startFakeResultsService();
  const tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-action-")));
  let runs = 0;

  async function repository(name: string, evalText = EVAL) {
    const origin = path.join(tmp, `${name}.git`);
    const workspace = path.join(tmp, name);
    git(tmp, "init", "-q", "--bare", origin);
    git(tmp, "clone", "-q", origin, workspace);
    await fs.mkdir(path.join(workspace, "evals"), { recursive: true });
    await fs.writeFile(path.join(workspace, "evals/greeting.eval.yaml"), evalText);
    git(workspace, "add", ".");
    git(workspace, "commit", "-qm", "evals");
    git(workspace, "push", "-q", "origin", "HEAD:main");
    return { origin, workspace };
  }

  async function runAction(
    workspace: string,
    inputs: Record<string, string>,
    options: RunOptions = {},
  ): Promise<ActionRun> {
    const dir = await fs.mkdtemp(path.join(tmp, "run-"));
    const eventPath = path.join(dir, "event.json");
    const outputFile = path.join(dir, "output");
    const summaryFile = path.join(dir, "summary.md");
    await fs.writeFile(outputFile, "");
    await fs.writeFile(summaryFile, "");
    const event = options.event ?? {
      pull_request: { number: 7, base: { ref: "main" }, head: { ref: "feature" } },
      repository: { name: FAKE_REPO, owner: { login: FAKE_OWNER } },
    };
    await fs.writeFile(eventPath, JSON.stringify(event));
    const runId = options.runId ?? String(4242 + runs++);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmp,
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: `${FAKE_OWNER}/${FAKE_REPO}`,
      GITHUB_EVENT_NAME: "pull_request",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_API_URL: github.url,
      GITHUB_RUN_ID: runId,
      GITHUB_RUN_ATTEMPT: "1",
      GITHUB_JOB: "evals",
      GITHUB_ACTOR: "maintainer",
      GITHUB_SHA: git(workspace, "rev-parse", "HEAD").trim(),
      GITHUB_HEAD_REF: "feature",
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: dir,
      ...results.env(runId, options.jobId ?? "1"),
      "INPUT_GITHUB-TOKEN": options.token ?? "test-token",
      ...options.env,
    };
    for (const [name, value] of Object.entries({ ...defaultInputs, ...inputs }))
      env[`INPUT_${name.toUpperCase()}`] = value;
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [entry],
        { cwd: workspace, env, maxBuffer: 32 * 1024 * 1024 },
        (error, out, err) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: `${out}${err}` }),
      );
      // As the runner stops a job: a signal, then the Action's own time to end (awaited here).
      options.signal?.addEventListener("abort", () => child.kill("SIGTERM"), { once: true });
    });
    const outputs: Record<string, string> = {};
    // GITHUB_OUTPUT uses the heredoc form: name<<delimiter / value / delimiter.
    const text = await fs.readFile(outputFile, "utf8");
    for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
      outputs[match[1]!] = match[3]!;
    return { code, stdout, outputs, summary: await fs.readFile(summaryFile, "utf8") };
  }

  function historyOnBranch(origin: string, id: string): string[] {
    try {
      return git(origin, "show", `copybook-results:history/${id}.jsonl`)
        .trim()
        .split("\n")
        .filter(Boolean);
    } catch {
      return [];
    }
  }

  return {
    github,
    results,
    tmp,
    repository,
    runAction,
    historyOnBranch,
    async close() {
      await github.close();
      await results.close();
      if (!process.env.KEEP_ACTION_TMP) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
