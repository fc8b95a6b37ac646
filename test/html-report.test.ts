// report.html in a real headless Chromium (Debian's /usr/bin/chromium driven by playwright-core):
// the report of a real CLI run with a failing eval, a failing trial expanded, its evidence visible.
// Screenshots go to build/screenshots/ (kept as a CI artifact).

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectReportData, renderHtml, scriptJson, writeHtmlReport } from "../src/report/html.js";
import type { EvalResult, RunResult } from "../src/model/result.js";
import { emptyCounts } from "../src/model/result.js";
import { parityRows } from "../src/model/parity.js";
import { actionEntry, BUNDLE_TIMEOUT_MS } from "./helpers/bundle.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";
import { comparisonRun } from "./helpers/comparison-run.js";
import { CHROMIUM, CHROMIUM_PATH, requireTool } from "./helpers/requires-tool.js";

const SCREENSHOTS = path.join(REPO_ROOT, "build", "screenshots");
const chromiumTool = await requireTool(CHROMIUM);

const dirs: string[] = [];
let browser: Browser | undefined;

beforeAll(async () => {
  if (chromiumTool.problem === undefined) {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function openPage(file: string, width = 1100): Promise<{ page: Page; errors: string[] }> {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("dialog", (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  // Self-contained: any request other than the file itself is a bug.
  page.on("request", (r) => {
    if (r.url() !== pathToFileURL(file).href) errors.push(`request: ${r.url()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return { page, errors };
}

// A shim whose output carries what must not break the page: a closing script tag, U+2028, HTML.
const HOSTILE = "</script><script>alert(1)</script> <b>bold</b> \u2028line";
const failingEval = `name: deploy
prompt: |
  \`\`\`sh
  vendor deploy --prod
  \`\`\`
agents: [literal]
sandbox: { fixture: { a: "" } }
shims:
  vendor:
    script: |
      printf '%s\\n' '${HOSTILE}'
      exit 0
assertions:
  files: [deployed.txt]
  commands:
    - { run: "printf '%s\\\\n' '${HOSTILE}'; exit 3" }
`;
const passingEval = `name: ok
prompt: "\`\`\`sh\\ntouch made.txt\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
assertions:
  files: [made.txt]
`;

chromiumTool.describe("report.html in headless Chromium", () => {
  it("shows a real run's failing trial with its evidence, calls, prompt and output", async () => {
    const root = await makeProject({
      "evals/deploy.eval.yaml": failingEval,
      "evals/ok.eval.yaml": passingEval,
    });
    dirs.push(root);
    const history = path.join(root, "history");
    for (let i = 0; i < 2; i++) {
      const run = await runCli(["eval", "--history-dir", history], {
        cwd: root,
        env: { CI: "true" },
      });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain("report: .copybook/results/report.html");
    }
    const file = path.join(root, ".copybook/results/report.html");
    const { page, errors } = await openPage(file);

    await expect(page.locator("[data-count=passed] b").textContent()).resolves.toBe("1");
    await expect(page.locator("[data-count=failed] b").textContent()).resolves.toBe("1");
    // Lazy: nothing of a trial exists before its eval is opened.
    expect(await page.locator("details.trial").count()).toBe(0);

    const evalRow = page.locator("details.eval[data-eval=deploy]");
    await evalRow.locator("> summary").click();
    // A row's body is built on its toggle event, a task after the click: wait for it (a loaded
    // machine may take a moment) before counting what it holds.
    await evalRow.locator("svg.trend").waitFor({ state: "attached", timeout: 10_000 });
    await expect(evalRow.locator("svg.trend circle").count()).resolves.toBe(2);
    const trial = evalRow.locator("details.trial[data-status=failed]").first();
    await trial.locator("> summary").click();

    const evidence = trial.locator("li.check-failed pre.evidence");
    await evidence.first().waitFor({ state: "visible", timeout: 10_000 });
    await expect(evidence.count()).resolves.toBe(2);
    const texts = await evidence.allTextContents();
    expect(texts.join("\n")).toContain("deployed.txt does not exist; the sandbox has: a");
    expect(texts.join("\n")).toContain("exit 3, expected 0");
    // The hostile text is shown as text, exactly (it also came through the shim's stdout).
    expect(texts.join("\n")).toContain("</script><script>alert(1)</script> <b>bold</b>");
    await expect(trial.locator("td.cmd").first().textContent()).resolves.toBe(
      "vendor deploy --prod",
    );
    await expect(
      trial.getByText("Trajectory (1 tool call)", { exact: true }).isVisible(),
    ).resolves.toBe(true);
    expect(await trial.locator("ol.timeline li").count()).toBe(1);
    expect(await trial.locator("pre").allTextContents()).toContainEqual(
      expect.stringContaining("vendor deploy --prod"),
    );
    expect(await page.locator("b:text-is('bold')").count()).toBe(0);
    expect(errors).toEqual([]);

    await fs.mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOTS, "report-failing-trial.png"),
      fullPage: true,
    });
    await page.close();

    // On a phone: the same trial opens and the rows fit the screen (no horizontal scrolling).
    const phone = await openPage(file, 390);
    await phone.page.locator("details.eval[data-eval=deploy] > summary").click();
    await phone.page.locator("details.trial[data-status=failed] > summary").click();
    await phone.page.locator("pre.evidence").first().waitFor({ state: "visible", timeout: 10_000 });
    const overflow = await phone.page.evaluate<number>(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({
      path: path.join(SCREENSHOTS, "report-phone.png"),
      fullPage: true,
    });
    expect(phone.errors).toEqual([]);
    await phone.page.close();
  });

  it(
    "shows the report of the bundled CLI, its script the asset beside the bundle",
    async () => {
      // The package's bundle as scripts/bundle.mjs builds it (dist/lib/ in a temp folder, from this
      // src/), started as dist/cli/index.js starts it: report.html gets its script from
      // lib/report-page.js there, not from src/report/html/page/ as under tsx and vitest.
      const lib = path.join(path.dirname(await actionEntry()), "lib");
      const script = await fs.readFile(path.join(lib, "report-page.js"), "utf8");
      const root = await makeProject({
        "evals/deploy.eval.yaml": failingEval,
        "evals/ok.eval.yaml": passingEval,
      });
      const starts = await makeProject({
        "cli.mjs": `const { startCli } = await import(${JSON.stringify(pathToFileURL(path.join(lib, "index.js")).href)});\nawait startCli();\n`,
      });
      dirs.push(root, starts);
      const run = await promisify(execFile)(
        process.execPath,
        [path.join(starts, "cli.mjs"), "eval"],
        {
          cwd: root,
          env: { ...process.env, NO_COLOR: "1", CI: "true" },
        },
      ).then(
        (done) => ({ code: 0, ...done }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(run.code, run.stderr).toBe(1);
      const file = path.join(root, ".copybook/results/report.html");
      expect(await fs.readFile(file, "utf8")).toContain(`<script>${script}</script>`);

      const { page, errors } = await openPage(file);
      await expect(page.locator("[data-count=passed] b").textContent()).resolves.toBe("1");
      await expect(page.locator("[data-count=failed] b").textContent()).resolves.toBe("1");
      const evalRow = page.locator("details.eval[data-eval=deploy]");
      await evalRow.locator("> summary").click();
      const trial = evalRow.locator("details.trial[data-status=failed]").first();
      await trial.waitFor({ state: "attached", timeout: 10_000 });
      await trial.locator("> summary").click();
      const evidence = trial.locator("li.check-failed pre.evidence");
      await evidence.first().waitFor({ state: "visible", timeout: 10_000 });
      expect((await evidence.allTextContents()).join("\n")).toContain(
        "</script><script>alert(1)</script> <b>bold</b>",
      );
      expect(await page.locator("b:text-is('bold')").count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
    BUNDLE_TIMEOUT_MS,
  );

  it("draws the comparisons above the results, a regression's interval left of 0", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const file = await writeHtmlReport(comparisonRun(), {
      projectRoot: root,
      resultsDir: path.join(root, ".copybook/results"),
    });
    const { page, errors } = await openPage(file);
    const lift = page.locator("section.lift");
    await expect(lift.locator(".cmp").count()).resolves.toBe(2);
    const regression = lift.locator(".cmp[data-verdict=regression]");
    await expect(regression.locator(".badge").textContent()).resolves.toBe("REGRESSION");
    await expect(regression.locator(".arms").textContent()).resolves.toBe(
      "base@main 5/5 → working tree 0/4",
    );
    await expect(regression.locator(".delta-text").textContent()).resolves.toBe(
      "Δ −100 pts (95% CI −100 to −35)",
    );
    await expect(regression.locator(".p").textContent()).resolves.toBe("p=0.008");
    await expect(regression.locator(".sub").textContent()).resolves.toBe(
      "decided after 4 pairs of up to 50 · per trial: cost $0.0100 → $0.0200, tokens 1200 → 2400, turns 3 → 5, 0.1s → 0.1s",
    );
    const colour = await regression
      .locator(".badge")
      .evaluate((b) => b.ownerDocument.defaultView.getComputedStyle(b).backgroundColor);
    expect(colour).toBe("rgb(207, 34, 46)");

    // On the −100…+100 axis: the interval −100 to −35 and Δ −100 lie left of the 0 marker.
    const box = async (row: typeof regression, part: string) =>
      (await row.locator(`.lift-bar ${part}`).boundingBox())!;
    const bar = await box(regression, "");
    const zero = await box(regression, ".zero");
    const ci = await box(regression, ".ci");
    const delta = await box(regression, ".delta");
    expect(zero.x).toBeCloseTo(bar.x + bar.width / 2, 0);
    expect(ci.x).toBeLessThan(bar.x + 2);
    expect(ci.x + ci.width).toBeLessThan(zero.x);
    expect(ci.x + ci.width).toBeCloseTo(bar.x + bar.width * ((1 - 0.345196) / 2), -1);
    expect(delta.x + delta.width / 2).toBeLessThan(zero.x);
    // No change: Δ 0 with −8 to +8 inside the shaded ±10 band, around 0.
    const same = lift.locator(".cmp[data-verdict=no-change]");
    const band = await box(same, ".band");
    const sameCi = await box(same, ".ci");
    expect(band.width).toBeCloseTo((await box(same, "")).width * 0.1, 0);
    expect(sameCi.x).toBeGreaterThan(band.x);
    expect(sameCi.x + sameCi.width).toBeLessThan(band.x + band.width);
    expect(sameCi.x).toBeLessThan((await box(same, ".zero")).x);

    // Above the results table, whose rows say which arm they are.
    const list = (await page.locator("div.evals").boundingBox())!;
    expect((await lift.boundingBox())!.y + (await lift.boundingBox())!.height).toBeLessThan(list.y);
    const names = await page.locator("details.eval .name").allTextContents();
    expect(names.sort()).toEqual([
      "build @ terse [literal]",
      "build [literal]",
      "greet @ base@main [literal]",
      "greet [literal]",
    ]);
    // The base arm is compared, not judged: no FAILED badge beside it (issue 33, item 8).
    await expect(
      page.locator('details.eval[data-arm="base@main"] .badge').textContent(),
    ).resolves.toBe("compared");
    await page.locator("input[type=search]").fill("base@main");
    await expect(page.locator("details.eval").count()).resolves.toBe(1);
    await page.locator('details.eval[data-arm="base@main"] > summary').click();
    // The body is built on the toggle event, a task after the click: wait for it.
    const armBody = page.locator("details.eval .body", { hasText: "A comparison arm (base@main)" });
    await armBody.first().waitFor({ state: "attached", timeout: 10_000 });
    await page.locator("input[type=search]").fill("");

    await fs.mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({
      path: path.join(SCREENSHOTS, "report-comparisons.png"),
      fullPage: true,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows parity across agents, the flagged row with its harness reason", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const result = (agent: string, passes: number, harness: boolean): EvalResult => ({
      id: "deploy",
      file: "evals/deploy.eval.yaml",
      agent,
      status: passes === 5 ? "passed" : "failed",
      passes,
      trialsRun: 5,
      trialsPlanned: 5,
      passRate: passes / 5,
      threshold: 1,
      interval: [0, 1],
      costUsd: 0,
      durationMs: 1,
      trials: Array.from({ length: 5 }, (_, i) => ({
        n: i + 1,
        status: i < passes ? ("passed" as const) : ("failed" as const),
        durationMs: 1,
        checks: [],
        dir: `.copybook/results/evals/deploy/${agent}/trial-${i + 1}`,
        ...(i >= passes && harness
          ? {
              harness: [
                {
                  kind: "shim-not-found" as const,
                  tool: "neon",
                  source: "agent output" as const,
                  evidence: 'agent.stderr says "neon: command not found"',
                },
              ],
            }
          : {}),
      })),
    });
    const evals = [result("literal", 5, false), result("good", 5, false), result("miss", 0, true)];
    const run: RunResult = {
      schemaVersion: 2,
      tool: { name: "agent-evals", version: "0" },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      costUsd: 0,
      counts: { ...emptyCounts(), passed: 2, failed: 1 },
      isolation: "none",
      evals,
      parity: parityRows(evals),
    };
    const file = await writeHtmlReport(run, {
      projectRoot: root,
      resultsDir: path.join(root, ".copybook/results"),
    });
    const { page, errors } = await openPage(file);
    const section = page.locator("section.parity");
    await expect(section.locator(".cmp").count()).resolves.toBe(2);
    const behind = section.locator(".cmp[data-verdict=behind]");
    await expect(behind.getAttribute("data-agent")).resolves.toBe("miss");
    await expect(behind.getAttribute("data-flagged")).resolves.toBe("true");
    await expect(behind.locator(".badge").textContent()).resolves.toBe("BEHIND");
    await expect(behind.locator(".delta-text").textContent()).resolves.toBe(
      "Δ −100 pts (95% CI −100 to −39)",
    );
    await expect(behind.locator(".p").textContent()).resolves.toBe("p=0.008");
    await expect(behind.locator(".beyond").textContent()).resolves.toBe(
      "behind by more than 10 pts",
    );
    await expect(behind.locator(".harness").textContent()).resolves.toBe(
      "⚑ harness: the shimmed tool neon was never found (5 of 5 failed trials)",
    );
    await expect(
      section.locator(".cmp[data-agent=good]").getAttribute("data-flagged"),
    ).resolves.toBe("false");
    await fs.mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "report-parity.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("renders thousands of trials a page at a time and caps big transcripts", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const resultsDir = path.join(root, ".copybook/results");
    const run = syntheticRun(400, 10); // 4000 trials
    // One huge transcript: cut to head and tail, with the path of the whole file.
    const trialDir = path.join(root, run.evals[0]!.trials[0]!.dir);
    await fs.mkdir(trialDir, { recursive: true });
    const big = `FIRST-LINE\n${"x".repeat(5_000_000)}\nLAST-LINE\n`;
    await fs.writeFile(path.join(trialDir, "agent.stdout"), big);
    const file = await writeHtmlReport(run, { projectRoot: root, resultsDir });
    const size = (await fs.stat(file)).size;
    expect(size).toBeLessThan(big.length);

    const { page, errors } = await openPage(file);
    expect(await page.locator("details.eval").count()).toBe(100);
    await page.getByRole("button", { name: /Show 100 more \(300 hidden\)/ }).click();
    expect(await page.locator("details.eval").count()).toBe(200);
    await page.locator("input[type=search]").fill("eval-0007 ");
    expect(await page.locator("details.eval").count()).toBe(1);
    await page.locator("input[type=search]").fill("");
    await page.locator("select").selectOption("failing");
    const failingRows = page.locator("details.eval");
    expect(await failingRows.count()).toBe(100);
    await page.locator("details.eval[data-eval=eval-0000] > summary").click();
    // The trials are rendered when the eval opens: wait for them on a busy machine.
    await page.locator("details.trial").first().waitFor({ state: "attached", timeout: 10_000 });
    expect(await page.locator("details.trial").count()).toBe(10);
    const trial = page.locator("details.eval[data-eval=eval-0000] details.trial").first();
    await trial.locator("> summary").click();
    const stdout = await trial.locator("section", { hasText: "stdout" }).textContent();
    expect(stdout).toContain("FIRST-LINE");
    expect(stdout).toContain("LAST-LINE");
    expect(stdout).toContain("bytes left out");
    expect(stdout).toContain("evals/eval-0000/literal/trial-1/agent.stdout");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("report data", () => {
  it("escapes the embedded JSON so no text can end the script element", () => {
    const text = scriptJson({ a: "</script><!-- \u2028\u2029 & >" });
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual({ a: "</script><!-- \u2028\u2029 & >" });
  });

  it("embeds one script of data, no external resource, and details only as JSON", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const run = syntheticRun(2, 2);
    const data = await collectReportData(run, {
      projectRoot: root,
      resultsDir: path.join(root, ".copybook/results"),
    });
    expect(Object.keys(data.details).sort()).toEqual(["0/0", "0/1", "1/0", "1/1"]);
    expect(data.dirs["0/0"]).toBe("evals/eval-0000/literal/trial-1");
    const html = await renderHtml(data);
    expect(html).not.toMatch(/\b(src|href)=["']?https?:/);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it("embeds a trial's first shim calls under caps, not a flood of 4 KiB arguments", async () => {
    const root = await makeProject({});
    dirs.push(root);
    const run = syntheticRun(1, 1); // a failing trial: the full caps
    const trial = run.evals[0]!.trials[0]!;
    trial.calls = 12_006;
    // calls.jsonl as a flood leaves it: 10,000 calls with an argument cut at 4 KiB, then the cut.
    const arg = `${"x".repeat(2048)}[agent-evals: argument cut at 4096 bytes of 122880]${"x".repeat(2048)}`;
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      JSON.stringify({ bin: "vendor", argv: [String(i), arg], cwd: "/w", time: i, exit: 0 }),
    );
    lines.push(
      JSON.stringify({
        cut: "[agent-evals: calls cut at 10000 of 12006]",
        recorded: 10_000,
        calls: 12_006,
      }),
    );
    const trialDir = path.join(root, trial.dir);
    await fs.mkdir(trialDir, { recursive: true });
    await fs.writeFile(path.join(trialDir, "calls.jsonl"), `${lines.join("\n")}\n`);
    const data = await collectReportData(run, {
      projectRoot: root,
      resultsDir: path.join(root, ".copybook/results"),
    });
    const detail = data.details["0/0"]!;
    expect(detail.callsTotal).toBe(12_006);
    expect(detail.calls.length).toBeGreaterThan(10);
    expect(detail.calls[0]!.argv[0]).toBe("0");
    expect(detail.calls[0]!.argv[1]!.length).toBeLessThan(1_100);
    expect(detail.calls[0]!.argv[1]).toContain("characters left out");
    expect(JSON.stringify(detail.calls).length).toBeLessThan(110_000);
    expect(detail.notes).toContainEqual(
      expect.stringContaining(`showing the first ${detail.calls.length} of 12006 shim calls`),
    );
    expect((await renderHtml(data)).length).toBeLessThan(200_000);
  });
});

function syntheticRun(evalCount: number, trialsPerEval: number): RunResult {
  const evals: EvalResult[] = [];
  for (let i = 0; i < evalCount; i++) {
    const id = `eval-${String(i).padStart(4, "0")}`;
    const failing = i % 4 === 0;
    evals.push({
      id,
      file: `evals/${id}.eval.yaml`,
      line: 1,
      agent: "literal",
      status: failing ? "failed" : "passed",
      passes: failing ? trialsPerEval - 1 : trialsPerEval,
      trialsRun: trialsPerEval,
      trialsPlanned: trialsPerEval,
      passRate: failing ? (trialsPerEval - 1) / trialsPerEval : 1,
      threshold: 1,
      interval: [0.5, 1],
      costUsd: 0,
      durationMs: 1000,
      trials: Array.from({ length: trialsPerEval }, (_, t) => ({
        n: t + 1,
        status: failing && t === 0 ? ("failed" as const) : ("passed" as const),
        durationMs: 100,
        checks: [
          {
            name: "fileExists(out.txt)",
            ok: !(failing && t === 0),
            evidence: failing && t === 0 ? "out.txt does not exist" : "",
          },
        ],
        dir: `.copybook/results/evals/${id}/literal/trial-${t + 1}`,
      })),
    });
  }
  const counts = emptyCounts();
  for (const e of evals) counts[e.status]++;
  return {
    schemaVersion: 1,
    tool: { name: "agent-evals", version: "test" },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    costUsd: 0,
    counts,
    isolation: "test",
    evals,
  };
}
