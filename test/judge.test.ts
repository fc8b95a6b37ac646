/**
 * Judges: the REAL `claude` and `codex` CLIs (.agent-clis/) as judges, against the scripted fake
 * model servers, through the engine. The agent that does the work is `literal` (free, no model):
 * only the judge talks to the fake. Scripted answers: pass, fail, unknown, malformed JSON, 500s.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadDefinitions, runEvals } from "../src/engine/index.js";
import {
  startFakeAnthropic,
  requestText,
  type AnthropicTurn,
  type FakeAnthropic,
} from "./fakes/anthropic.js";
import { startFakeOpenAI, type FakeOpenAI, type OpenAITurn } from "./fakes/openai.js";
import { AGENT_CLIS_DIR, CODEX_FAKE_KEY_ENV, requireBin } from "./fakes/clis.js";
import {
  agentProject,
  describeTrial,
  engineEnv,
  onlyEval,
  readTrial,
  removeAgentProjects,
} from "./helpers/agent-run.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await removeAgentProjects();
});

/** The literal agent writes README.md; the eval asserts it exists, then asks the judge. */
const judgedEval = (judge: string, extra = "") => `name: judged
prompt: |
  Write the readme.
  \`\`\`sh
  printf '# Tool\\n\\nRun it with npx tool.\\n' > README.md
  \`\`\`
agents: [literal]
sandbox: { fixture: { "package.json": "{}" } }
timeout: 60
${extra}
assertions:
  files: [README.md]
  judge:
${judge}`;

const claudeJudge = (extra = "") =>
  `    - rubric: The README says how to run the tool.\n      files: [README.md]\n${extra}`;

const answer = (verdict: string, reason = "it says so"): AnthropicTurn => ({
  toolUse: {
    name: "StructuredOutput",
    input: { verdict, reason, quotes: ["README.md:3: Run it with npx tool."] },
  },
});

async function withClaude(
  yaml: string,
  script: AnthropicTurn[],
  options: { respond?: () => AnthropicTurn; budgetUsd?: number } = {},
) {
  const fake: FakeAnthropic = await startFakeAnthropic(
    script,
    options.respond ? { respond: options.respond } : {},
  );
  closers.push(() => fake.close());
  requireBin("claude");
  const { root, home } = await agentProject(yaml);
  const outcome = await runEvals({
    projectRoot: root,
    env: {
      ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: "sk-ant-fake-key",
      CLAUDE_CODE_MAX_RETRIES: "0",
    },
    maxRetries: 0,
    ...(options.budgetUsd !== undefined ? { budgetUsd: options.budgetUsd } : {}),
  });
  const result = onlyEval(outcome.run);
  const trial = result.trials[0]!;
  const files = trial && trial.status !== "error" ? await readTrial(root, trial) : undefined;
  return { ...outcome, result, trial, fake, root, why: describeTrial(result, files) };
}

describe("claude as a judge", () => {
  it("passes on a pass, in a copy of the workspace, read-only, its cost and transcript kept", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [answer("pass")]);
    expect(r.exitCode, r.why).toBe(0);
    const check = r.trial.checks[1]!;
    expect(check).toMatchObject({ ok: true, judge: { verdict: "pass", agreement: 1 } });
    expect(check.evidence).toContain("pass — it says so");
    expect(check.evidence).toContain("README.md:3: Run it with npx tool.");
    expect(check.evidence).toContain("uncalibrated");
    // The rubric and the listed file's text reached the model; only read tools were offered.
    const request = r.fake.requests[0]!;
    const text = requestText(request.body);
    expect(text).toContain("The README says how to run the tool.");
    expect(text).toContain("Run it with npx tool.");
    const tools = (request.body.tools ?? []).map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(["Read", "Grep", "Glob", "StructuredOutput"]));
    expect(tools).not.toContain("Bash");
    expect(tools).not.toContain("Write");
    expect(tools).not.toContain("Edit");
    // It ran in a copy (the trial root's `judged/`), not the live sandbox (`work/`).
    expect(text).toMatch(/judged/);
    // The judge's cost is the trial's, and its transcript sits beside the trial's files.
    expect(r.trial.costUsd).toBeGreaterThan(0);
    expect(r.result.costUsd).toBe(r.trial.costUsd);
    expect(r.run.costUsd).toBe(r.trial.costUsd);
    const stdout = await fs.readFile(path.join(r.root, r.trial.dir, "judge-1-1.stdout"), "utf8");
    expect(stdout).toContain('"structured_output"');
  });

  it("fails on a fail, with the judge's reason as evidence", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [answer("fail", "no usage section")]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.trial).toMatchObject({ status: "failed", reason: "1 of 2 checks failed" });
    expect(r.trial.checks[1]).toMatchObject({ ok: false, judge: { verdict: "fail" } });
    expect(r.trial.checks[1]!.evidence).toContain("fail — no usage section");
  });

  it("treats unknown as an unusable judge, not a pass", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [answer("unknown", "cannot tell")]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.trial.checks[1]).toMatchObject({ ok: false, judge: { verdict: "unknown" } });
    expect(r.trial.checks[1]!.evidence).toMatch(/^unusable judge \(claude-code\).*not a pass/);
  });

  it("treats a text answer that is not the JSON shape as an unusable judge", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [], {
      respond: () => ({ text: "Looks fine to me {verdict: pass" }),
    });
    expect(r.exitCode, r.why).toBe(1);
    expect(r.trial.checks[1]).toMatchObject({ ok: false, judge: { verdict: "unknown" } });
    expect(r.trial.checks[1]!.evidence).toContain("not the required JSON");
  });

  it("treats answers the CLI's --json-schema keeps refusing as an unusable judge", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [], {
      respond: () => ({ toolUse: { name: "StructuredOutput", input: { verdict: "maybe" } } }),
    });
    expect(r.exitCode, r.why).toBe(1);
    expect(r.trial.checks[1]!.evidence).toContain("no answer in the required shape");
    expect(r.trial.checks[1]!.judge!.samples[0]!.problem).toMatch(/schema/);
  });

  it("makes an API 500 of the judge an infra error (exit 2), never a failed trial", async () => {
    const r = await withClaude(judgedEval(claudeJudge()), [], {
      respond: () => ({ status: 500 }),
    });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.result.status).toBe("error");
    expect(r.trial.status).toBe("error");
    expect(r.trial.reason).toMatch(/infra error: judge: .*500/);
    // The judge call was retried (3 calls), the trial (the agent's work) was not.
    expect(r.fake.requests).toHaveLength(3);
  });

  it("does not run when a deterministic check failed, unless always: true", async () => {
    const failing = judgedEval(claudeJudge()).replace("files: [README.md]", "files: [MISSING.md]");
    const skipped = await withClaude(failing, [answer("pass")]);
    expect(skipped.exitCode, skipped.why).toBe(1);
    expect(skipped.fake.requests).toHaveLength(0);
    expect(skipped.trial.reason).toBe("1 of 1 checks failed");
    expect(skipped.trial.checks[1]).toMatchObject({ ok: false, skipped: true });
    expect(skipped.trial.checks[1]!.evidence).toContain("not run: 1 deterministic check failed");

    const always = judgedEval(claudeJudge("      always: true\n")).replace(
      "files: [README.md]",
      "files: [MISSING.md]",
    );
    const ran = await withClaude(always, [answer("pass")]);
    expect(ran.fake.requests).toHaveLength(1);
    expect(ran.trial.checks[1]).toMatchObject({ ok: true, judge: { verdict: "pass" } });
  });

  it("is never shown a file the agent linked out of its workspace, and never waits on a FIFO it left", async () => {
    const SECRET = "top-secret-not-for-the-judge";
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "ae-judge-secret-"));
    closers.push(() => fs.rm(outside, { recursive: true, force: true }));
    await fs.writeFile(path.join(outside, "shadow"), SECRET);
    // always: the judge runs whatever the other checks say.
    const judged = (steps: string) =>
      judgedEval(
        "    - rubric: The README says how to run the tool.\n      files: [README.md, notes.md]\n      always: true\n",
      )
        .replace("printf '# Tool\\n\\nRun it with npx tool.\\n' > README.md", steps)
        .replace("files: [README.md]\n  judge:", "judge:");

    // README.md a link to the secret: the judge's copy of the workspace is refused, naming it.
    const linked = await withClaude(judged(`ln -s ${path.join(outside, "shadow")} README.md`), [
      answer("pass"),
    ]);
    expect(linked.fake.requests, linked.why).toHaveLength(0);
    expect(linked.trial.checks[0]!.evidence).toMatch(/README\.md -> .*shadow/);
    expect(JSON.stringify(linked.run)).not.toContain(SECRET);

    // notes.md a FIFO: the judge is asked, the FIFO is not opened (nothing would ever write it):
    // the judge's copy of the workspace holds no special file, so the judge reads no such file.
    const fifo = await withClaude(judged("echo '# Tool' > README.md && mkfifo notes.md"), [
      answer("fail", "no usage"),
    ]);
    expect(fifo.fake.requests, fifo.why).toHaveLength(1);
    const text = requestText(fifo.fake.requests[0]!.body);
    expect(text).toContain("# Tool");
    expect(text).toContain("notes.md: (does not exist)");
  });

  it("takes the majority of samples and reports the agreement", async () => {
    const r = await withClaude(judgedEval(claudeJudge("      samples: 3\n")), [
      answer("pass"),
      answer("fail", "too short"),
      answer("pass"),
    ]);
    expect(r.exitCode, r.why).toBe(0);
    const judge = r.trial.checks[1]!.judge!;
    expect(judge.verdict).toBe("pass");
    expect(judge.agreement).toBeCloseTo(2 / 3);
    expect(judge.samples.map((s) => s.verdict)).toEqual(["pass", "fail", "pass"]);
    expect(r.trial.checks[1]!.evidence).toContain("pass (2/3 samples agree)");
    for (const n of [1, 2, 3])
      await fs.access(path.join(r.root, r.trial.dir, `judge-1-${n}.stdout`));
  });

  it("counts the judge against --budget-usd: a trial whose worst case does not fit never starts", async () => {
    const r = await withClaude(judgedEval(claudeJudge(), "maxCostUsd: 1"), [answer("pass")], {
      budgetUsd: 0.5,
    });
    // literal is free, but its judge is not: the trial needs maxCostUsd reserved.
    expect(r.result.status, r.why).toBe("incomplete");
    expect(r.result.trials).toHaveLength(0);
    expect(r.fake.requests).toHaveLength(0);
  });
});

/** A HOME whose .codex/config.toml points codex at the fake (carried into each trial HOME). */
async function codexHome(home: string, url: string): Promise<void> {
  await fs.mkdir(path.join(home, ".codex"), { recursive: true });
  await fs.writeFile(
    path.join(home, ".codex", "config.toml"),
    `model = "gpt-5-codex"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "fake"\nbase_url = "${url}/v1"\nwire_api = "responses"\nenv_key = "${CODEX_FAKE_KEY_ENV}"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
}

async function withCodex(script: OpenAITurn[]) {
  const fake: FakeOpenAI = await startFakeOpenAI(script);
  closers.push(() => fake.close());
  requireBin("codex");
  const { root, home } = await agentProject(
    judgedEval(`    - rubric: The README says how to run the tool.\n      agent: codex\n`),
  );
  await codexHome(home, fake.url);
  const outcome = await runEvals({
    projectRoot: root,
    env: {
      ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
      [CODEX_FAKE_KEY_ENV]: "sk-fake-key",
    },
    maxRetries: 0,
  });
  const result = onlyEval(outcome.run);
  const trial = result.trials[0]!;
  return { ...outcome, result, trial, fake, root, why: describeTrial(result) };
}

const codexAnswer = (verdict: string, reason = "it says so"): OpenAITurn => ({
  text: JSON.stringify({ verdict, reason, quotes: ["README.md:3: Run it with npx tool."] }),
});

describe("codex as a judge", () => {
  it("passes on a pass, with the answer's schema sent and the sandbox read-only", async () => {
    const r = await withCodex([codexAnswer("pass")]);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.trial.checks[1]).toMatchObject({
      ok: true,
      judge: { agent: "codex", verdict: "pass" },
    });
    const body = r.fake.requests[0]!.body as {
      text?: { format?: { type?: string; schema?: unknown } };
    };
    expect(body.text?.format?.type).toBe("json_schema");
    expect(JSON.stringify(body.text?.format?.schema)).toContain('"verdict"');
    expect(JSON.stringify(r.fake.requests[0]!.body)).toContain("read-only");
    // Priced from the table (gpt-5-codex): 100 in, 20 out.
    expect(r.trial.costUsd).toBeCloseTo((100 * 1.25 + 20 * 10) / 1e6, 10);
  });

  it("fails on a fail", async () => {
    const r = await withCodex([codexAnswer("fail", "nothing about running it")]);
    expect(r.exitCode, r.why).toBe(1);
    expect(r.trial.checks[1]!.evidence).toContain("fail — nothing about running it");
  });

  it("treats unknown and malformed JSON as an unusable judge", async () => {
    const unknown = await withCodex([codexAnswer("unknown")]);
    expect(unknown.exitCode, unknown.why).toBe(1);
    expect(unknown.trial.checks[1]!.judge!.verdict).toBe("unknown");
    const malformed = await withCodex([{ text: '{"verdict": "pass", "reason": ' }]);
    expect(malformed.exitCode, malformed.why).toBe(1);
    expect(malformed.trial.checks[1]!.evidence).toContain("not the required JSON");
  });

  it("makes an API 500 of the judge an infra error (exit 2)", async () => {
    const r = await withCodex([{ status: 500 }, { status: 500 }, { status: 500 }]);
    expect(r.exitCode, r.why).toBe(2);
    expect(r.trial).toMatchObject({ status: "error" });
    expect(r.trial.reason).toMatch(/infra error: judge: codex/);
  });
});

describe("redaction of a judge's records", () => {
  it("replaces a secret the judge quotes in its check, its transcript and the stored outcome", async () => {
    const secret = "s3cr3t-token-4242-abcd";
    const fake = await startFakeAnthropic([], {
      respond: () => ({
        toolUse: {
          name: "StructuredOutput",
          input: { verdict: "pass", reason: `uses ${secret}`, quotes: [`README.md:1: ${secret}`] },
        },
      }),
    });
    closers.push(() => fake.close());
    requireBin("claude");
    const { root, home } = await agentProject(`name: judged
prompt: |
  Write the readme.
  \`\`\`sh
  echo 'token {{DOC_TOKEN}}' > README.md
  \`\`\`
secrets: [DOC_TOKEN]
agents: [literal]
sandbox: { fixture: { "package.json": "{}" } }
assertions:
  judge:
    - rubric: The README names the token.
      files: [README.md]
`);
    const outcome = await runEvals({
      projectRoot: root,
      env: {
        ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        CLAUDE_CODE_MAX_RETRIES: "0",
        DOC_TOKEN: secret,
      },
      maxRetries: 0,
    });
    const result = onlyEval(outcome.run);
    expect(outcome.exitCode, describeTrial(result)).toBe(0);
    // The judge saw the real text (it was in its prompt); nothing written keeps it.
    expect(requestText(fake.requests[0]!.body)).toContain(secret);
    const dir = path.join(root, result.trials[0]!.dir);
    for (const file of ["checks.json", "trial.json", "judge-0-1.stdout", "outcome.json"]) {
      const text = await fs.readFile(path.join(dir, file), "utf8");
      expect(text, file).not.toContain(secret);
      expect(text, file).toContain("***");
    }
    const run = await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8");
    expect(run).not.toContain(secret);
  });
});

describe("a judge in the other formats", () => {
  it("runs judge() of a TypeScript eval, with claude as the judge", async () => {
    const fake = await startFakeAnthropic([answer("pass")]);
    closers.push(() => fake.close());
    requireBin("claude");
    const { root, home } = await agentProject("name: unused\nassertions: { files: [x] }\n", {
      "evals/docs.eval.ts": `import { defineEval, fileExists, judge } from "agent-evals";
export const docs = defineEval("Write the readme.\\n\\n\`\`\`sh\\necho 'Run it with npx tool.' > README.md\\n\`\`\`\\n", {
  agents: ["literal"],
  sandbox: { fixture: { "package.json": "{}" } },
  assert: [fileExists("README.md"), judge("The README says how to run the tool.", { files: ["README.md"] })],
});
`,
    });
    await fs.rm(path.join(root, "evals/task.eval.yaml"));
    const outcome = await runEvals({
      projectRoot: root,
      env: {
        ...engineEnv(home, [path.join(AGENT_CLIS_DIR, "bin")]),
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        CLAUDE_CODE_MAX_RETRIES: "0",
      },
      maxRetries: 0,
    });
    const result = onlyEval(outcome.run);
    expect(outcome.exitCode, describeTrial(result)).toBe(0);
    expect(result.trials[0]!.checks[1]).toMatchObject({
      name: 'judge "The README says how to run the tool."',
      ok: true,
      judge: { verdict: "pass" },
    });
    expect(requestText(fake.requests[0]!.body)).toContain("Run it with npx tool.");
  });

  it("loads a skill scenario's `type: judge` outcome as a judge check", async () => {
    const { root } = await agentProject("name: unused\nassertions: { files: [x] }\n", {
      ".claude/skills/docs/SKILL.md": "---\nname: docs\ndescription: Write docs\n---\nbody\n",
      "evals/docs.eval.yaml": `name: docs
type: skill
target: .claude/skills/docs/SKILL.md
e2e:
  - scenario: readme
    fixture: { "package.json": "{}" }
    prompt: write the readme
    outcomes:
      - { type: file-exists, file: README.md }
      - { type: judge, rubric: The README is clear., agent: codex, samples: 3 }
`,
    });
    const specs = await loadDefinitions({ projectRoot: root });
    const e2e = specs.find((s) => s.id === "docs.e2e.readme")!;
    expect(e2e.checks[1]).toMatchObject({
      type: "judge",
      judge: { rubric: "The README is clear.", agent: "codex", samples: 3, always: false },
      source: { line: 10 },
    });
  });
});
