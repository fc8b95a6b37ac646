import { describe, expect, it } from "vitest";
import { compareRuns, type ComparisonRow } from "../../src/store/compare.js";
import type { HistoryLine } from "../../src/store/history.js";
import type { EvalResult, RunResult, TrialResult } from "../../src/model/result.js";
import { emptyCounts } from "../../src/model/result.js";
import { wilsonInterval } from "../../src/model/stats.js";
import {
  escapeCell,
  markerLine,
  MAX_COMMENT_CHARS,
  renderRunMarkdown,
  STICKY_MARKER,
  VERDICT_ICON,
} from "../../src/report/markdown.js";
import { comparisonRun, REGRESSION } from "../helpers/comparison-run.js";

function trial(n: number, ok: boolean, evidence = "exit 1, expected 0"): TrialResult {
  return {
    n,
    status: ok ? "passed" : "failed",
    durationMs: 100,
    costUsd: 0.05,
    checks: [
      {
        name: 'succeeds "npm run build"',
        ok,
        evidence: ok ? "" : evidence,
        file: "e.yaml",
        line: 9,
      },
    ],
    dir: `.copybook/results/evals/x/trial-${n}`,
  };
}

function result(
  id: string,
  passes: number,
  total: number,
  overrides: Partial<EvalResult> = {},
): EvalResult {
  return {
    id,
    file: `evals/${id}.eval.yaml`,
    line: 1,
    agent: "claude-code",
    agentVersion: "2.0.1",
    status: passes === total ? "passed" : "failed",
    passes,
    trialsRun: total,
    trialsPlanned: total,
    passRate: total ? passes / total : 0,
    threshold: 1,
    interval: wilsonInterval(passes, total),
    costUsd: 0.05 * total,
    durationMs: 1000,
    trials: Array.from({ length: total }, (_, i) => trial(i + 1, i < passes)),
    ...overrides,
  };
}

function baseLine(id: string, passes: number, total: number): HistoryLine {
  return {
    time: "2025-01-01T00:00:00.000Z",
    id,
    agent: "claude-code",
    definitionHash: "d",
    trials: total,
    trialsPlanned: total,
    passes,
    passRate: passes / total,
    threshold: 1,
    interval: wilsonInterval(passes, total),
    costUsd: 0.5,
    durationMs: 1000,
    status: passes === total ? "passed" : "failed",
  };
}

function runOf(evals: EvalResult[], overrides: Partial<RunResult> = {}): RunResult {
  const counts = emptyCounts();
  for (const e of evals) counts[e.status]++;
  return {
    schemaVersion: 1,
    tool: { name: "agent-evals", version: "0.1.0" },
    startedAt: "2025-02-01T00:00:00.000Z",
    durationMs: 5000,
    costUsd: evals.reduce((s, e) => s + e.costUsd, 0),
    counts,
    isolation: "test",
    evals,
    ...overrides,
  };
}

/** The table rows of the main table (between its header and the first blank line). */
function mainTable(body: string): string[] {
  const lines = body.split("\n");
  const start = lines.findIndex((l) => l.startsWith("|  | eval |"));
  const end = lines.indexOf("", start);
  return lines.slice(start + 2, end === -1 ? undefined : end);
}

/** Cells of a table row, splitting on unescaped pipes the way GFM does. */
function cells(row: string): string[] {
  return row
    .replace(/^\|\s?/, "")
    .replace(/\s?\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe("renderRunMarkdown", () => {
  const evals = [
    result("setup", 10, 10),
    result("deploy", 2, 10),
    result("lint", 0, 0, {
      status: "skipped",
      reason: "codex not on PATH",
      agent: "codex",
      agentVersion: undefined,
      trials: [],
    }),
    result("docs", 0, 0, {
      status: "cached",
      reason: "same prompt, definition and agent version",
      trialsRun: 0,
      passes: 3,
      passRate: 1,
      interval: [0.44, 1],
      costUsd: 0,
      trials: [],
      cachedFrom: {
        status: "passed",
        time: "2025-01-01T00:00:00.000Z",
        commit: "abcdef1234",
        passes: 3,
        trials: 3,
        passRate: 1,
        interval: [0.44, 1],
        costUsd: 0.3,
        source: "history",
      },
    }),
  ];
  const history = new Map([
    ["setup", [baseLine("setup", 9, 10)]],
    ["deploy", [baseLine("deploy", 10, 10)]],
  ]);
  const rows = compareRuns(evals, history);

  it("starts with the marker and a headline with the counts", () => {
    const body = renderRunMarkdown({
      run: runOf(evals, { budgetUsd: 5 }),
      rows,
      baseRef: "main",
      runUrl: "https://github.com/acme/widgets/actions/runs/1",
      artifactUrl: "https://github.com/acme/widgets/actions/runs/1/artifacts/2",
      marker: STICKY_MARKER,
    });
    const lines = body.split("\n");
    expect(lines[0]).toBe("<!-- agent-evals:sticky -->");
    expect(lines[1]).toMatch(
      /^### ❌ agent-evals: ✅ 1 passed · ❌ 1 failed · 💾 1 cached · ⏭️ 1 skipped/,
    );
    expect(lines[1]).toContain("🔻 1 regression");
    expect(body).toContain("main");
    expect(body).toContain("**Cost** $1.00 of $5.00 budget (20%)");
    expect(body).toContain("[Workflow run](https://github.com/acme/widgets/actions/runs/1)");
    expect(body).toContain(
      "[Transcripts](https://github.com/acme/widgets/actions/runs/1/artifacts/2)",
    );
    expect(body.length).toBeLessThan(MAX_COMMENT_CHARS);
  });

  it("renders one table row per eval × agent, regressions first", () => {
    const body = renderRunMarkdown({ run: runOf(evals), rows, baseRef: "main" });
    const table = mainTable(body).map(cells);
    expect(table).toHaveLength(4);
    for (const row of table) expect(row).toHaveLength(10);

    const [deploy, setup, lint, docs] = table;
    expect(deploy?.[0]).toBe("❌");
    expect(deploy?.[1]).toContain("**deploy**");
    expect(deploy?.[2]).toBe("claude-code 2.0.1");
    expect(deploy?.[3]).toBe("100% → 20%");
    expect(deploy?.[4]).toBe("−80 pp");
    expect(deploy?.[5]).toBe("6%–51%");
    expect(deploy?.[6]).toBe("2/10");
    expect(deploy?.[7]).toBe("$0.50");
    expect(deploy?.[8]).toBe("█▂");
    expect(deploy?.[9]).toMatch(/^🔻 regression \(p = 0\.000\d+|p = 7\.1e-4/);

    expect(setup?.[3]).toBe("90% → 100%");
    expect(setup?.[4]).toBe("+10 pp");
    expect(setup?.[9]).toBe(""); // 9/10 → 10/10 is noise

    expect(docs?.[0]).toBe("💾");
    expect(docs?.[3]).toBe("— → 100%");
    expect(docs?.[6]).toBe("3/3");
    expect(docs?.[7]).toBe("$0.00 (cached)");
    expect(docs?.[9]).toBe("cached passed at abcdef1: same prompt, definition and agent version");

    expect(lint?.[0]).toBe("⏭️");
    expect(lint?.[3]).toBe("— → —");
    expect(lint?.[4]).toBe("");
    expect(lint?.[9]).toBe("skipped: codex not on PATH");
    // No marker unless asked for (the step summary).
    expect(body.startsWith("###")).toBe(true);
  });

  it("shows incomplete, inconclusive and error results with their reasons", () => {
    const others = [
      result("a", 1, 2, { status: "incomplete", reason: "budget of $1 reached", trialsPlanned: 5 }),
      result("b", 2, 4, { status: "inconclusive", reason: "interval still spans 80%" }),
      result("c", 0, 0, { status: "error", reason: "setup failed: npm ci exited 1", trials: [] }),
    ];
    const body = renderRunMarkdown({ run: runOf(others), rows: compareRuns(others, new Map()) });
    const table = mainTable(body).map(cells);
    expect(table.map((r) => r[0])).toEqual(["⚠️", "❔", "💥"]);
    expect(table[0]?.[6]).toBe("1/2 (of 5)");
    expect(table[0]?.[9]).toBe("incomplete: budget of $1 reached");
    expect(table[1]?.[9]).toBe("inconclusive: interval still spans 80%");
    expect(table[2]?.[9]).toBe("error: setup failed: npm ci exited 1");
    expect(body).toContain("No base branch history to compare with.");
  });

  it("escapes hostile evidence so it cannot break the table or inject HTML", () => {
    const hostile =
      "col | injected | cells\n<script>alert(1)</script>\n</details><img src=x onerror=alert(1)>\n" +
      "`code` **bold** [link](https://evil.example) @octocat";
    const bad = [
      result("hostile|id", 0, 1, { agent: "evil | agent <b>", trials: [trial(1, false, hostile)] }),
    ];
    const body = renderRunMarkdown({
      run: runOf(bad),
      rows: compareRuns(bad, new Map()),
      marker: STICKY_MARKER,
    });
    expect(body).not.toContain("<script>");
    expect(body).not.toContain("<img");
    expect(body).not.toContain("<b>");
    expect(body.match(/<\/details>/g)).toHaveLength(1);
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body).not.toMatch(/@octocat/);

    // The details row keeps its four cells, all on one line.
    const lines = body.split("\n");
    const details = lines.slice(lines.indexOf("| eval | trial | check | evidence |") + 2);
    const evidenceRow = details.find((l) => l.includes("alert"));
    expect(evidenceRow).toBeDefined();
    expect(cells(evidenceRow ?? "")).toHaveLength(4);
    expect(evidenceRow).toContain("col \\| injected \\| cells<br>&lt;script&gt;");
    // The main table row too.
    expect(mainTable(body).map(cells)[0]).toHaveLength(10);
  });

  it("escapeCell handles pipes, HTML, newlines and markdown", () => {
    expect(escapeCell("a|b")).toBe("a\\|b");
    expect(escapeCell("<script>")).toBe("&lt;script&gt;");
    expect(escapeCell("a\r\nb\nc")).toBe("a<br>b<br>c");
    expect(escapeCell("x & y")).toBe("x &amp; y");
    expect(escapeCell("*a* `b` [c]")).toBe("\\*a\\* \\`b\\` \\[c\\]");
    expect(escapeCell("\\|")).toBe("\\\\\\|");
  });

  it("wraps a bare marker in an HTML comment", () => {
    expect(markerLine("agent-evals:sticky")).toBe("<!-- agent-evals:sticky -->");
    expect(markerLine(STICKY_MARKER)).toBe(STICKY_MARKER);
    expect(markerLine("a-->b")).toBe("<!-- a->b -->");
  });

  it("truncates each evidence and keeps the body under GitHub's limit", () => {
    const huge =
      "x".repeat(5000) + "\n" + Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const many: EvalResult[] = Array.from({ length: 60 }, (_, i) =>
      result(`eval-${i}`, 0, 5, {
        trials: Array.from({ length: 5 }, (_, n) => trial(n + 1, false, huge)),
      }),
    );
    const body = renderRunMarkdown({
      run: runOf(many),
      rows: compareRuns(many, new Map()),
      marker: STICKY_MARKER,
    });
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body.length).toBeGreaterThan(50_000);
    expect(body.startsWith(STICKY_MARKER)).toBe(true);
    expect(body).toContain("… (truncated)");
    expect(body).toMatch(/_\d+ more failing checks not shown \(comment size limit\)/);
    expect(body.trimEnd().endsWith("</details>")).toBe(true);
    // Every eval still has its table row.
    expect(mainTable(body)).toHaveLength(60);
  });

  it("drops table rows too when even the table does not fit", () => {
    const many: EvalResult[] = Array.from({ length: 400 }, (_, i) =>
      result(`eval-with-a-long-name-${i}`, 1, 1),
    );
    const body = renderRunMarkdown({
      run: runOf(many),
      rows: compareRuns(many, new Map()),
      marker: STICKY_MARKER,
      maxChars: 20_000,
    });
    expect(body.length).toBeLessThanOrEqual(20_000);
    expect(body).toMatch(/_\d+ more eval × agent rows not shown/);
  });

  it("renders a run with no evals", () => {
    const rowsNone: ComparisonRow[] = [];
    const body = renderRunMarkdown({ run: runOf([]), rows: rowsNone });
    expect(body).toContain("### ⚠️ agent-evals: nothing judged · ✅ 0 passed · ❌ 0 failed");
    expect(body).toContain("_No evals ran._");
    // No rows, so nothing was looked up in the history: the body makes no claim about it.
    const none = renderRunMarkdown({ run: runOf([]), rows: rowsNone, baseRef: "main" });
    expect(none).not.toContain("No history on main");
    const why = renderRunMarkdown({
      run: runOf([]),
      rows: rowsNone,
      nothingRanBecause: "none is affected by this change (changed-only, compared with a|b)",
    });
    expect(why).toContain(
      "_No evals ran: none is affected by this change (changed-only, compared with a\\|b)._",
    );
  });

  it("never shows ✅ when nothing was judged or when the step fails", () => {
    const skipped = [
      result("a", 0, 0, { status: "skipped", reason: "ANTHROPIC_API_KEY is not set" }),
      result("b", 0, 0, { status: "skipped", reason: "ANTHROPIC_API_KEY is not set" }),
    ];
    const allSkipped = renderRunMarkdown({
      run: runOf(skipped),
      rows: compareRuns(skipped, new Map()),
    });
    expect(allSkipped.split("\n")[0]).toBe(
      "### ⚠️ agent-evals: nothing judged · ✅ 0 passed · ❌ 0 failed · ⏭️ 2 skipped",
    );
    const failedStep = renderRunMarkdown({
      run: runOf(skipped),
      rows: compareRuns(skipped, new Map()),
      stepFailed: true,
    });
    expect(failedStep).toMatch(/^### ❌ agent-evals: nothing judged/);
    const passed = [result("c", 1, 1)];
    const ok = renderRunMarkdown({ run: runOf(passed), rows: compareRuns(passed, new Map()) });
    expect(ok).toMatch(/^### ✅ agent-evals: ✅ 1 passed/);
    const okButFailing = renderRunMarkdown({
      run: runOf(passed),
      rows: compareRuns(passed, new Map()),
      stepFailed: true,
    });
    expect(okButFailing).toMatch(/^### ❌ agent-evals: ✅ 1 passed/);
  });

  it("says when the budget is exceeded and drops unsafe links", () => {
    const body = renderRunMarkdown({
      run: runOf([result("x", 1, 1)], { costUsd: 6, budgetUsd: 5 }),
      rows: [],
      runUrl: "javascript:alert(1)",
    });
    expect(body).toContain("**Cost** $6.00 of $5.00 budget (120%) ⚠️ over budget");
    expect(body).not.toContain("javascript:");
  });

  it("puts the comparisons table at the top and labels the arms' results", () => {
    const run = comparisonRun();
    const body = renderRunMarkdown({
      run,
      rows: compareRuns(run.evals, new Map()),
      baseRef: "main",
      marker: STICKY_MARKER,
    });
    const lines = body.split("\n");
    const header = lines.indexOf(
      "| verdict | eval [agent] | control | treatment | Δ (95% CI) | p | decided |",
    );
    expect(header).toBeGreaterThan(0);
    expect(lines[header - 2]).toBe("**Comparisons**");
    // Above the results table and the sentence about the base branch's history.
    expect(header).toBeLessThan(lines.findIndex((l) => l.startsWith("No verdicts recorded on")));
    expect(header).toBeLessThan(lines.findIndex((l) => l.startsWith("|  | eval |")));
    const [regression, same] = [lines[header + 2]!, lines[header + 3]!].map(cells);
    expect(regression).toEqual([
      "🔻 **REGRESSION**",
      "**greet** \\[literal\\]",
      "base@\u200bmain 5/5",
      "working tree 0/4",
      "−100 pts (−100 to −35)",
      "p=0.008",
      "decided after 4 pairs of up to 50<br><sub>per trial: cost $0.0100 → $0.0200, tokens 1200 → 2400, turns 3 → 5, 0.1s → 0.1s</sub>",
    ]);
    expect(same![0]).toBe(`${VERDICT_ICON["no-change"]} **NO CHANGE**`);
    expect(same!.slice(2, 6)).toEqual([
      "control 19/20",
      "terse 19/20",
      "0 pts (−8 to +8)",
      "p=1.00",
    ]);
    expect(lines[header + 5]).toContain("no change means the interval lies within ±10 points");

    // Each arm's result has its own row, named by its arm, after the results that are judged.
    const names = mainTable(body).map((row) => cells(row)[1]!.replace(/<br>.*/, ""));
    expect(names).toEqual([
      "**greet**",
      "**greet @\u200b base@\u200bmain**",
      "**build**",
      "**build @\u200b terse**",
    ]);
    expect(body).toContain("| **build @\u200b terse** \\[literal\\] | 20 |");
    // The headline counts the judged results, and the comparison's regression.
    expect(lines[1]).toBe("### ❌ agent-evals: ✅ 1 passed · ❌ 1 failed · 🔻 1 regression");
    // Flagged against the history too, it is still one regression.
    const history = new Map([["greet", [{ ...baseLine("greet", 10, 10), agent: "literal" }]]]);
    const both = renderRunMarkdown({ run, rows: compareRuns(run.evals, history) });
    expect(both).toContain("🔻 regression (p = ");
    expect(both.split("\n")[0]).toBe(
      "### ❌ agent-evals: ✅ 1 passed · ❌ 1 failed · 🔻 1 regression",
    );
  });

  it("keeps the comparisons within the size limit too", () => {
    const run = comparisonRun();
    run.comparisons = Array.from({ length: 400 }, (_, i) => ({ ...REGRESSION, id: `greet-${i}` }));
    const body = renderRunMarkdown({
      run,
      rows: compareRuns(run.evals, new Map()),
      maxChars: 20_000,
    });
    expect(body.length).toBeLessThanOrEqual(20_000);
    expect(body).toMatch(/_\d+ more comparisons not shown \(comment size limit\): see run.json._/);
    // The results table still comes after it.
    expect(body).toContain("|  | eval |");
  });
});
