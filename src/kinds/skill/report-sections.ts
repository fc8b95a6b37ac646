// report.html's section of each skill/command/hook eval: the trigger metrics (all queries, and
// the training and held-out ones apart), the confusion matrix over the installed skills, each
// query's rate and evidence; each e2e scenario's outcomes and its workflow split as the guide
// reports it (tool_match, forbidden_check, ordering_check); the hook cases.

import type { ReportBlock, ReportMark, ReportSection } from "../../report/index.js";
import { percent } from "../../report/index.js";
import type { ClaudeCodeReport, ScenarioReport, SplitMetrics, TriggerReport } from "./aggregate.js";

export function claudeCodeReportSections(reports: ClaudeCodeReport[]): ReportSection[] {
  return reports.map((r) => ({
    title: r.name,
    status: r.status,
    subtitle: `${r.type}: ${r.target} · ${r.file}${r.config.agent ? ` · under ${r.config.agent}` : ""}`,
    blocks: [
      ...(r.warnings.length
        ? [
            {
              type: "lines" as const,
              title: "Warnings",
              lines: r.warnings.map((text) => ({ text })),
            },
          ]
        : []),
      ...(r.trigger ? triggerBlocks(r.trigger) : []),
      ...(r.e2e ? r.e2e.scenarios.flatMap(scenarioBlocks) : []),
      ...(r.hook
        ? [
            {
              type: "lines" as const,
              title: "Hook cases",
              lines: [
                ...(r.hook.reason ? [{ text: r.hook.reason }] : []),
                ...r.hook.cases.map((c) => ({
                  text: c.scenario,
                  mark: mark(c.passed),
                  ...(c.passed ? {} : { detail: c.evidence }),
                })),
              ],
            },
          ]
        : []),
    ],
  }));
}

const mark = (ok: boolean): ReportMark => (ok ? "pass" : "fail");
const pct = (x: number | null) => (x === null ? "n/a" : percent(x));

function triggerBlocks(t: TriggerReport): ReportBlock[] {
  if (t.queries.every((q) => q.status === "skipped"))
    return [
      {
        type: "lines",
        title: `Trigger (${t.mode})`,
        lines: [{ text: `skipped: ${t.queries[0]?.reason ?? ""}` }],
      },
    ];
  const row = (label: string, m: Omit<SplitMetrics, "queries">, queries: number) => ({
    cells: [
      `${label} (${queries})`,
      pct(m.precision),
      pct(m.recall),
      pct(m.f1),
      ...[
        m.confusion.truePositive,
        m.confusion.falseNegative,
        m.confusion.falsePositive,
        m.confusion.trueNegative,
      ].map(String),
    ],
  });
  const blocks: ReportBlock[] = [
    {
      type: "table",
      title: `Trigger (${t.mode})`,
      caption:
        "over the queries decided (errors and skips left out): precision TP/(TP+FP), recall TP/(TP+FN), F1" +
        (t.train ? "; the held-out queries were not used to tune the description" : ""),
      head: ["queries", "precision", "recall", "F1", "TP", "FN", "FP", "TN"],
      rows: [
        row("all", t, t.queries.length),
        ...(t.train && t.holdout
          ? [row("train", t.train, t.train.queries), row("held-out", t.holdout, t.holdout.queries)]
          : []),
      ],
    },
  ];
  if (t.matrix) {
    const { labels, rows } = t.matrix;
    const target = labels[0]!;
    // A run that should trigger the target and triggered another, or should not and did.
    const wrong = (positive: boolean, label: string, n: number): ReportMark | null =>
      n === 0 ? null : positive === (label === target) ? "pass" : "fail";
    blocks.push({
      type: "table",
      title: "Confusion matrix",
      caption: "runs; rows: what the query should trigger, columns: what it triggered first",
      head: ["", ...labels],
      rows: (["positive", "negative"] as const).map((side) => ({
        cells: [
          side === "positive" ? target : `not ${target}`,
          ...labels.map((l) => String(rows[side][l] ?? 0)),
        ],
        marks: [null, ...labels.map((l) => wrong(side === "positive", l, rows[side][l] ?? 0))],
      })),
    });
  }
  blocks.push({
    type: "lines",
    title: "Queries",
    lines: t.queries.map((q) => {
      const decided = q.status === "passed" || q.status === "failed";
      const rate =
        q.runs > 0
          ? `triggered ${q.triggered}/${q.runs} (${pct(q.trigger_rate)}, 95% CI ${percent(q.interval[0])}–${percent(q.interval[1])})`
          : q.status;
      const detail = q.status === "passed" ? undefined : (q.evidence ?? q.reason);
      return {
        text: `${q.should_trigger ? "+" : "−"} ${JSON.stringify(q.query)} ${rate}${q.split === "holdout" ? " (held out)" : ""}${decided ? "" : ` — ${q.status}${q.reason ? `: ${q.reason}` : ""}`}${q.cached ? ` — cached (from ${q.cached.from})` : ""}`,
        ...(decided ? { mark: mark(q.status === "passed") } : {}),
        ...(detail && decided ? { detail } : {}),
      };
    }),
  });
  return blocks;
}

function scenarioBlocks(s: ScenarioReport): ReportBlock[] {
  const head = `Scenario: ${s.scenario} — ${s.status}${s.trials_planned > 1 ? ` (${s.passes}/${s.trials} trials)` : ""}`;
  if (s.status === "skipped")
    return [{ type: "lines", title: head, lines: [{ text: s.reason ?? "skipped" }] }];
  const blocks: ReportBlock[] = [
    {
      type: "lines",
      title: head,
      lines: [
        ...(s.reason ? [{ text: s.reason }] : []),
        ...(s.cached ? [{ text: `cached (from ${s.cached.from}): the recorded run` }] : []),
        {
          text: `Trajectory: ${s.trajectory.length ? s.trajectory.map((c) => c.tool_name).join(" → ") : "(no tool calls)"}`,
        },
        ...s.outcomes.map((o) => ({
          text: `[${o.type}] ${o.description}`,
          mark: mark(o.passed),
          ...(o.passed ? {} : { detail: o.evidence }),
        })),
      ],
    },
  ];
  const w = s.workflow;
  if (w) {
    const list = (v: string[]) => (v.length ? v.join("; ") : "none");
    blocks.push({
      type: "table",
      title: `Workflow: ${s.scenario}`,
      head: ["check", "result", "details"],
      rows: [
        ["tool_match", w.tool_match.passed, w.tool_match.reason],
        [
          "forbidden_check",
          w.forbidden_check.passed,
          `violations: ${list(w.forbidden_check.violations)}`,
        ],
        [
          "ordering_check",
          w.ordering_check.passed,
          `violations: ${list(w.ordering_check.violations)}`,
        ],
      ].map(([name, passed, details]) => ({
        cells: [String(name), passed ? "PASS" : "FAIL", String(details)],
        marks: [null, mark(Boolean(passed)), null],
      })),
    });
  }
  return blocks;
}
