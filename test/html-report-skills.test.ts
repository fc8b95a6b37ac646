// report.html's skill section in a real headless Chromium (Debian's chromium through
// playwright-core), from a real CLI run of a skill eval with the REAL `claude` against the fake
// Anthropic API: the trigger metrics with the held-out split, the confusion matrix over a plugin's
// skills, a query that took the wrong skill with its evidence, and an e2e scenario's workflow
// split into tool_match, forbidden_check and ordering_check.

import { promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AnthropicRequestBody, AnthropicTurn } from "./fakes/anthropic.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { REPO_ROOT, runCli } from "./helpers/project.js";
import { CHROMIUM, CHROMIUM_PATH, requireTool } from "./helpers/requires-tool.js";
import {
  fakesClosedAfterEach,
  listedSkills,
  skill,
  skillEnv,
  skillProject,
  toolResults,
  tsFixerSkill,
  userQuery,
  workingDirectory,
} from "./helpers/skill-run.js";

const SCREENSHOTS = path.join(REPO_ROOT, "build", "screenshots");
const chromiumTool = await requireTool(CHROMIUM);
const fakes = fakesClosedAfterEach();
let browser: Browser | undefined;

beforeAll(async () => {
  if (chromiumTool.problem === undefined)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
});
afterAll(async () => {
  await browser?.close();
});

const evalYaml = `name: ts-fixer
type: skill
target: plugins/lint-kit/skills/ts-fixer/SKILL.md
trigger:
  holdout: 0.5
  seed: 7
  positive:
    - query: Fix the TypeScript errors
    - query: Fix the TypeScript lint errors
    - query: Fix TypeScript type errors in app.ts
    - query: Make tsc pass
  negative:
    - query: Fix the lint errors
    - query: Style the header
e2e:
  - scenario: Rewrite the app
    fixture: { src/app.ts: "const a: number = 'x';\\n" }
    prompt: Rewrite src/app.ts without errors
    workflow:
      expected_tools: [{ name: Glob }, { name: Read, after: Glob }]
      forbidden_tools: [Write]
`;

/** Trigger queries: by keyword among the skills Claude Code listed; the e2e scenario: Read, Glob,
 *  then Write (so Read comes before Glob, and Write is forbidden). */
function respond(body: AnthropicRequestBody): AnthropicTurn {
  const query = userQuery(body);
  const step = toolResults(body);
  if (query.startsWith("Rewrite")) {
    const file = path.join(workingDirectory(body), "src/app.ts");
    const steps: AnthropicTurn[] = [
      { toolUse: { name: "Read", input: { file_path: file } } },
      { toolUse: { name: "Glob", input: { pattern: "**/*.ts" } } },
      { toolUse: { name: "Write", input: { file_path: file, content: "const a = 'x';\n" } } },
    ];
    return steps[step] ?? { text: "Rewrote it." };
  }
  if (step > 0) return { text: "Done." };
  const listed = listedSkills(body);
  if (/lint/i.test(query) && listed.includes("lint-kit:eslint-fixer"))
    return skill("lint-kit:eslint-fixer");
  if (/TypeScript/.test(query) && listed.includes("lint-kit:ts-fixer"))
    return skill("lint-kit:ts-fixer");
  return { text: "Sure." };
}

chromiumTool.describe("report.html: skill sections", () => {
  it("shows trigger metrics by split, the confusion matrix and the workflow split", async () => {
    const { root, home } = await skillProject({
      "plugins/lint-kit/.claude-plugin/plugin.json": '{ "name": "lint-kit" }',
      "plugins/lint-kit/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
      "plugins/lint-kit/skills/eslint-fixer/SKILL.md":
        "---\nname: eslint-fixer\ndescription: Fix lint errors.\n---\nRun eslint --fix.\n",
      "_evals/skills/ts-fixer.eval.yaml": evalYaml,
    });
    const fake = await startFakeAnthropic([], { respond });
    fakes.push(fake);
    const cli = await runCli(["eval", "--cwd", root], { env: skillEnv(home, fake.url) });
    expect(cli.code, cli.stdout + cli.stderr).toBe(1);
    const resultFile = (await fs.readdir(path.join(root, "_evals/results"))).find((f) =>
      f.endsWith("_ts-fixer.json"),
    )!;
    const written = JSON.parse(
      await fs.readFile(path.join(root, "_evals/results", resultFile), "utf8"),
    ) as {
      trigger: {
        train: { queries: number; confusion: Record<string, number> };
        holdout: { queries: number; confusion: Record<string, number> };
      };
    };

    const file = path.join(root, ".copybook/results/report.html");
    const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (r) => {
      if (r.url() !== pathToFileURL(file).href) errors.push(`request: ${r.url()}`);
    });
    await page.goto(pathToFileURL(file).href);

    const section = page.locator("details.kind-section[data-name=ts-fixer]");
    await expect(section.getAttribute("data-status")).resolves.toBe("failed");
    // A failed section is open: its tables are visible without a click.
    await expect(section.locator("table.kind-table").first().isVisible()).resolves.toBe(true);
    await expect(section.locator("summary").textContent()).resolves.toContain(
      "skill: plugins/lint-kit/skills/ts-fixer/SKILL.md",
    );

    const rowsOf = async (block: string) =>
      section
        .locator(`.kind-block[data-block="${block}"] tbody tr`)
        // In the page: the Node program has no DOM types (the page's own program has them).
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
        );
    // The metrics of all queries, then of the training and held-out ones, each from its counts.
    const metrics = await rowsOf("Trigger (observe)");
    expect(metrics.map((r) => r[0])).toEqual(["all (6)", "train (3)", "held-out (3)"]);
    const counts = (c: Record<string, number>) =>
      [c.truePositive, c.falseNegative, c.falsePositive, c.trueNegative].map(String);
    expect(metrics[1]!.slice(4)).toEqual(counts(written.trigger.train.confusion));
    expect(metrics[2]!.slice(4)).toEqual(counts(written.trigger.holdout.confusion));
    expect(metrics[0]!.slice(4)).toEqual(["2", "2", "0", "2"]);

    // The matrix over the plugin's skills: a run that should have triggered the target and took
    // eslint-fixer or nothing is marked wrong; a negative run that went elsewhere, right.
    await expect(
      section.locator('.kind-block[data-block="Confusion matrix"] thead th').allTextContents(),
    ).resolves.toEqual(["", "lint-kit:ts-fixer", "lint-kit:eslint-fixer", "none"]);
    const matrix = await rowsOf("Confusion matrix");
    expect(matrix).toEqual([
      ["lint-kit:ts-fixer", "✓ 2", "✗ 1", "✗ 1"],
      ["not lint-kit:ts-fixer", "0", "✓ 1", "✓ 1"],
    ]);
    const wrong = section.locator('.kind-block[data-block="Confusion matrix"] td.mark-fail');
    await expect(wrong.count()).resolves.toBe(2);
    const colour = await wrong
      .first()
      .evaluate((td) => td.ownerDocument.defaultView.getComputedStyle(td).color);
    expect(colour).toBe("rgb(207, 34, 46)");

    // The query that took the wrong skill, with the evidence.
    const queries = section.locator('.kind-block[data-block="Queries"] li.check-failed');
    const stolen = queries.filter({ hasText: "Fix the TypeScript lint errors" });
    await expect(stolen.locator("pre.evidence").textContent()).resolves.toMatch(
      /^triggered the wrong skill: eslint-fixer \(plugins\/lint-kit\/skills\/eslint-fixer\/SKILL\.md\)/,
    );

    // The guide's three workflow checks, each with its own verdict.
    const workflow = await rowsOf("Workflow: Rewrite the app");
    expect(workflow).toEqual([
      ["tool_match", "✓ PASS", "All required tools present"],
      ["forbidden_check", "✗ FAIL", "violations: Write"],
      ["ordering_check", "✗ FAIL", expect.stringMatching(/^violations: .*Read.*Glob/)],
    ]);
    await expect(
      section
        .locator('.kind-block[data-block="Scenario: Rewrite the app — failed"] li')
        .first()
        .textContent(),
    ).resolves.toBe("Trajectory: Read → Glob → Write");
    expect(errors).toEqual([]);

    await fs.mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "report-skill.png"), fullPage: true });
    await page.close();

    // On a phone: the page does not scroll sideways, and the matrix keeps its column labels.
    const phone = await browser!.newPage({ viewport: { width: 390, height: 900 } });
    await phone.goto(pathToFileURL(file).href);
    const head = phone.locator('.kind-block[data-block="Confusion matrix"] thead th').nth(1);
    await expect(head.isVisible()).resolves.toBe(true);
    const overflow = await phone.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({
      path: path.join(SCREENSHOTS, "report-skill-phone.png"),
      fullPage: true,
    });
    await phone.close();
  });
});
