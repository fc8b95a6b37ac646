/**
 * Skill evals under `--agent codex`, with the REAL `codex` binary against the fake Responses API.
 * Codex 0.171 lists a project's skills from `.agents/skills/` (name, description, SKILL.md path)
 * and the model reads SKILL.md with a shell command when it uses one: that read is the trigger.
 * The fake model decides from each request's own conversation (the runs are concurrent).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codex } from "../src/agents/codex.js";
import { runEvals } from "../src/engine/index.js";
import type { ClaudeCodeReport } from "../src/kinds/skill/aggregate.js";
import {
  startFakeOpenAI,
  type FakeOpenAI,
  type OpenAIRequestBody,
  type OpenAITurn,
} from "./fakes/openai.js";
import { CODEX_FAKE_KEY_ENV, codexFakeArgs, requireBin } from "./fakes/clis.js";
import { engineEnv, removeAgentProjects } from "./helpers/agent-run.js";
import { skillProject, tsFixerSkill } from "./helpers/skill-run.js";

const fakes: FakeOpenAI[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
  await removeAgentProjects();
});

const APP = 'const greeting: number = "hello";\n';
const E2E_PROMPT = "Fix the TypeScript errors in this project";

const evalYaml = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
model: gpt-5-codex
trigger:
  positive:
    - query: Fix the TypeScript errors in src/app.ts
    - query: My tsc build fails with TS2322
  negative:
    - query: Fix the CSS styling of the header
    - query: Convert this TypeScript file to tabs
e2e:
  - scenario: Fix type assignment error
    fixture: { src/app.ts: ${JSON.stringify(APP)} }
    prompt: ${E2E_PROMPT}
    outcomes:
      - { type: file-contains, file: src/app.ts, value: "greeting: string" }
    workflow:
      expected_tools: [{ name: Bash, args_contain: { command: SKILL.md } }, { name: Bash, after: Bash }]
`;

type Input = NonNullable<OpenAIRequestBody["input"]>[number];
const texts = (item: Input) =>
  (Array.isArray(item.content) ? (item.content as Array<{ text?: string }>) : []).map(
    (c) => c.text ?? "",
  );

/** The user's request: the last user text that is not codex's own context. */
function userQuery(body: OpenAIRequestBody): string {
  const said = (body.input ?? [])
    .filter((i) => i.role === "user")
    .flatMap(texts)
    .filter((t) => !t.startsWith("<"));
  return said.at(-1) ?? "";
}

/** The skills codex listed, by name → absolute SKILL.md path (its `rN` roots expanded). */
function listedSkills(body: OpenAIRequestBody): Record<string, string> {
  const text = (body.input ?? []).flatMap(texts).join("\n");
  const roots = Object.fromEntries(
    [...text.matchAll(/`(r\d+)` = `([^`]+)`/g)].map((m) => [m[1], m[2]]),
  );
  const skills: Record<string, string> = {};
  for (const m of text.matchAll(/^- ([\w:.-]+): .*\(file: (r\d+)\/(.+?)\)$/gm))
    skills[m[1]!] = `${roots[m[2]!]}/${m[3]}`;
  return skills;
}

const shell = (cmd: string): OpenAITurn => ({ call: { name: "exec_command", arguments: { cmd } } });

/** Answers `ask` prompts YES for staging; reads ts-fixer's SKILL.md for requests that say
 *  "TypeScript" (only when codex listed it); edits the file in the e2e scenario. */
function respond(body: OpenAIRequestBody): OpenAITurn {
  const step = (body.input ?? []).filter((i) => i.type === "function_call_output").length;
  const query = userQuery(body);
  if (query.includes("Answer with exactly one word: YES or NO"))
    return { text: query.includes("staging please") ? "YES" : "NO" };
  const skill = listedSkills(body)["ts-fixer"];
  if (step === 0 && skill && /TypeScript/.test(query)) return shell(`cat '${skill}'`);
  if (step === 1 && query === E2E_PROMPT)
    return shell("sed -i 's/greeting: number/greeting: string/' src/app.ts");
  return { text: "Done." };
}

async function setUp(files: Record<string, string>) {
  const project = await skillProject(files);
  const fake = await startFakeOpenAI([], { respond });
  fakes.push(fake);
  const agent = codex({
    bin: requireBin("codex"),
    args: codexFakeArgs(fake.url),
    env: { [CODEX_FAKE_KEY_ENV]: "sk-fake-key", HOME: project.home },
  });
  return { ...project, fake, agent };
}

describe("skill evals under codex", () => {
  it("trigger: a shell read of the skill's SKILL.md is the trigger; e2e runs with the skill installed", async () => {
    const { root, home, fake, agent } = await setUp({
      ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Run tsc, then fix each error.\n"),
      "_evals/skills/ts-fixer.eval.yaml": evalYaml,
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: engineEnv(home),
      maxRetries: 0,
    });
    expect(outcome.run.evals.map((e) => [e.id, e.agent, e.status])).toEqual([
      ["ts-fixer.trigger.positive-1", "codex", "passed"],
      ["ts-fixer.trigger.positive-2", "codex", "failed"],
      ["ts-fixer.trigger.negative-1", "codex", "passed"],
      ["ts-fixer.trigger.negative-2", "codex", "failed"],
      ["ts-fixer.e2e.fix-type-assignment-error", "codex", "passed"],
    ]);
    // Codex itself found the skill where it looks for a project's skills.
    const listed = fake.requests.map((r) => listedSkills(r.body)["ts-fixer"]).filter(Boolean);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed[0]).toMatch(/\/\.agents\/skills\/ts-fixer\/SKILL\.md$/);

    expect((outcome.summaries[0] as ClaudeCodeReport).config).toEqual({
      model: "gpt-5-codex",
      trials: 1,
      agent: "codex",
    });
    const trigger = (outcome.summaries[0] as ClaudeCodeReport).trigger!;
    expect(trigger.confusion).toEqual({
      truePositive: 1,
      falseNegative: 1,
      falsePositive: 1,
      trueNegative: 1,
    });
    expect(trigger.queries[0]!.evidence).toMatch(
      /^triggered by call #1 Bash\({"command":".*cat '.*\/\.agents\/skills\/ts-fixer\/SKILL\.md'.*"}\)/,
    );
    expect(trigger.queries[1]!.evidence).toMatch(
      /no read of \.claude\/skills\/ts-fixer\/SKILL\.md or \.agents\/skills\/ts-fixer\/SKILL\.md/,
    );
    const scenario = (outcome.summaries[0] as ClaudeCodeReport).e2e!.scenarios[0]!;
    expect(scenario.trajectory.map((c) => c.tool_name)).toEqual(["Bash", "Bash"]);
    expect(scenario.workflow!.tool_match.passed).toBe(true);
    const trialDir = path.join(root, outcome.run.evals[4]!.trials[0]!.dir);
    expect(await fs.readdir(trialDir)).toContain("trial.json");
  });

  it("ask: codex answers YES/NO about a command's description", async () => {
    const { root, home, fake, agent } = await setUp({
      ".claude/commands/deploy.md": "---\ndescription: Deploy the app to staging\n---\nRun it\n",
      "_evals/commands/deploy.eval.yaml": `name: deploy
type: command
target: .claude/commands/deploy.md
trigger:
  mode: ask
  positive: [{ query: Ship this to staging please }]
  negative: [{ query: Rename the variable foo }]
`,
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: engineEnv(home),
      maxRetries: 0,
    });
    expect(outcome.run.evals.map((e) => [e.id, e.agent, e.status])).toEqual([
      ["deploy.trigger.positive-1", "codex", "passed"],
      ["deploy.trigger.negative-1", "codex", "passed"],
    ]);
    // The model judged the description, asked in codex's own request.
    const asked = fake.requests.map((r) => userQuery(r.body));
    expect(asked.some((q) => q.includes("description: Deploy the app to staging"))).toBe(true);
  });

  it("refuses codex for a command (no project slash commands), saying why", async () => {
    const { root, home, agent } = await setUp({
      ".claude/commands/deploy.md": "---\ndescription: Deploy to staging\n---\nRun it\n",
      "_evals/commands/deploy.eval.yaml": `name: deploy
type: command
target: .claude/commands/deploy.md
trigger:
  positive: [{ query: Ship it to staging }]
`,
    });
    await expect(
      runEvals({ projectRoot: root, agents: [agent], env: engineEnv(home), maxRetries: 0 }),
    ).rejects.toThrow(/--agent codex cannot run it: Codex 0\.171 has no project slash commands/);
  });
});
