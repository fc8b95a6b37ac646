// junit.xml for test reporters (GitHub test-reporter actions, GitLab, Jenkins): a <testsuite> per
// eval file, a <testcase> per eval × agent, the trials as <properties>, failures with evidence.
// Status mapping: failed, cached failure, incomplete and inconclusive fail the run (exit 1), so
// they are <failure>; error (setup or infra, exit 2) is <error>; skipped is <skipped>; a cached
// pass is a pass with a `cached` property. A comparison arm (`arm`: a variant, base@REF) is
// compared, not judged: its testcase names the arm, and only its errors are <error>. The run's
// comparisons form one more <testsuite name="comparisons">: a testcase per comparison, a <failure>
// for a regression.

import fs from "node:fs";
import path from "node:path";
import {
  type ComparisonRecord,
  countedTrials,
  thresholdPercent,
  type EvalResult,
  type RunResult,
  evalCode,
  trialCode,
} from "../model/index.js";
import { detailText, rowText, VERDICT_LABEL } from "./comparisons.js";

/** Per failure body: enough evidence to act on, never a whole transcript. */
const MAX_FAILURE_CHARS = 16_000;

// XML 1.0 allows tab, LF, CR, and U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF. Everything else
// (other control characters, lone surrogates, U+FFFE/U+FFFF) cannot be written even as an entity.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Removes the characters XML 1.0 cannot carry. */
export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, "");
}

/** Text content: `&`, `<`, `>` escaped; invalid characters dropped. */
export function xmlText(text: string): string {
  return stripInvalidXml(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value in double quotes; newlines and tabs kept as character references. */
export function xmlAttr(text: string | number): string {
  return xmlText(String(text))
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlAttr(v!)}"`)
    .join("");
}

const secs = (ms: number) => (ms / 1000).toFixed(3);

type Outcome = "pass" | "failure" | "error" | "skipped";

function outcomeOf(e: EvalResult): Outcome {
  // A comparison arm never fails the run: its verdict is the comparison's.
  if (e.arm !== undefined && e.status !== "error" && e.status !== "skipped") return "pass";
  switch (e.status) {
    case "passed":
      return "pass";
    case "cached":
      return e.cachedFrom?.status === "failed" ? "failure" : "pass";
    case "skipped":
      return "skipped";
    case "error":
      return "error";
    default:
      return "failure";
  }
}

/** The junit.xml of a run. Eval file paths are as in run.json (relative to the project). */
export function renderJunit(run: RunResult): string {
  const byFile = new Map<string, EvalResult[]>();
  for (const e of run.evals) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  const total = tally(run.evals);
  const comparisons = run.comparisons ?? [];
  const regressions = comparisons.filter((c) => c.verdict === "regression").length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({
      name: "agent-evals",
      tests: run.evals.length + comparisons.length,
      failures: total.failure + regressions,
      errors: total.error,
      skipped: total.skipped,
      time: secs(run.durationMs),
      timestamp: run.startedAt,
    })}>`,
  ];
  for (const [file, evals] of byFile) {
    const t = tally(evals);
    lines.push(
      `  <testsuite${attrs({
        name: file,
        tests: evals.length,
        failures: t.failure,
        errors: t.error,
        skipped: t.skipped,
        time: secs(evals.reduce((s, e) => s + e.durationMs, 0)),
        timestamp: run.startedAt,
        file,
      })}>`,
    );
    for (const e of evals) lines.push(...testcase(e));
    lines.push("  </testsuite>");
  }
  if (comparisons.length > 0) {
    lines.push(
      `  <testsuite${attrs({
        name: "comparisons",
        tests: comparisons.length,
        failures: regressions,
        errors: 0,
        skipped: 0,
        time: secs(0),
        timestamp: run.startedAt,
      })}>`,
    );
    for (const c of comparisons) lines.push(...comparisonCase(c));
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>", "");
  return lines.join("\n");
}

function tally(evals: EvalResult[]): Record<Outcome, number> {
  const t: Record<Outcome, number> = { pass: 0, failure: 0, error: 0, skipped: 0 };
  for (const e of evals) t[outcomeOf(e)]++;
  return t;
}

function testcase(e: EvalResult): string[] {
  const outcome = outcomeOf(e);
  const code = e.code ?? evalCode(e);
  const out = [
    `    <testcase${attrs({
      name: `${e.id}${e.arm !== undefined ? ` @ ${e.arm}` : ""} [${e.agent}]`,
      classname: e.id,
      file: e.file,
      line: e.line,
      time: secs(e.durationMs),
    })}>`,
  ];
  out.push("      <properties>");
  const prop = (name: string, value: string | number | undefined) => {
    if (value !== undefined) out.push(`        <property${attrs({ name, value })}/>`);
  };
  prop("status", e.status);
  prop("code", code);
  prop("agent", e.agent);
  prop("arm", e.arm);
  prop("agentVersion", e.agentVersion);
  prop("passes", e.passes);
  prop("trialsRun", e.trialsRun);
  prop("trialsPlanned", e.trialsPlanned);
  prop("passRate", e.passRate);
  prop("threshold", e.threshold);
  prop("interval", `${e.interval[0]}–${e.interval[1]}`);
  prop("costUsd", e.costUsd);
  if (e.cachedFrom) prop("cached", `${e.cachedFrom.status} at ${e.cachedFrom.time}`);
  for (const trial of e.trials) {
    const tc = trial.code ?? trialCode(trial);
    prop(
      `trial.${trial.n}`,
      `${trial.status}${tc ? ` ${tc}` : ""} ${secs(trial.durationMs)}s${trial.costUsd ? ` $${trial.costUsd}` : ""}${trial.reason ? `: ${trial.reason}` : ""} (${trial.dir})`,
    );
  }
  out.push("      </properties>");
  const message = e.reason ?? summary(e);
  if (outcome === "failure" || outcome === "error") {
    out.push(
      `      <${outcome}${attrs({ message, type: code })}>${xmlText(cap(evidence(e)))}</${outcome}>`,
    );
  } else if (outcome === "skipped") {
    out.push(`      <skipped${attrs({ message })}/>`);
  } else if (e.arm !== undefined && e.status !== "passed") {
    // A failed arm, shown but not failed: what it did is what the comparison compares.
    out.push(
      `      <system-out>${xmlText(cap(`a comparison arm, compared and not judged\n${evidence(e)}`))}</system-out>`,
    );
  }
  out.push("    </testcase>");
  return out;
}

/**
 * One comparison as a testcase: `greet [literal] base@main → working tree`, failing when the
 * verdict is a regression; the console's row (counts, Δ with its interval, p, decision) is the
 * failure's message, or the system-out of the others.
 */
function comparisonCase(c: ComparisonRecord): string[] {
  const row = `${VERDICT_LABEL[c.verdict]} ${rowText(c)}`;
  const detail = detailText(c);
  const out = [
    `    <testcase${attrs({
      name: `${c.id} [${c.agent}] ${c.control} → ${c.treatment}`,
      classname: c.id,
      time: secs(0),
    })}>`,
    "      <properties>",
  ];
  const prop = (name: string, value: string | number | undefined) => {
    if (value !== undefined) out.push(`        <property${attrs({ name, value })}/>`);
  };
  prop("verdict", c.verdict);
  prop("agent", c.agent);
  prop("control", c.control);
  prop("treatment", c.treatment);
  prop("controlPasses", c.controlPasses);
  prop("controlTrials", c.controlTrials);
  prop("treatmentPasses", c.treatmentPasses);
  prop("treatmentTrials", c.treatmentTrials);
  prop("delta", c.delta);
  prop("interval", `${c.interval[0]}–${c.interval[1]}`);
  prop("pValue", c.pValue);
  prop("margin", c.margin);
  prop("decidedAfter", c.decidedAfter);
  prop("maxTrials", c.maxTrials);
  prop("reason", c.reason);
  out.push("      </properties>");
  if (c.verdict === "regression") {
    out.push(
      `      <failure${attrs({ message: row, type: "regression" })}>${xmlText(`${row}\n${detail}`)}</failure>`,
    );
  } else {
    out.push(`      <system-out>${xmlText(`${row}\n${detail}`)}</system-out>`);
  }
  out.push("    </testcase>");
  return out;
}

function summary(e: EvalResult): string {
  return `${e.status}: ${e.passes}/${countedTrials(e)} trials passed (needs ${thresholdPercent(e.threshold)}%)`;
}

/** The failing trials with each failed check's evidence, as a reader of the CI log wants them. */
function evidence(e: EvalResult): string {
  const parts = [summary(e)];
  if (e.reason) parts.push(e.reason);
  for (const trial of e.trials) {
    if (trial.status === "passed") continue;
    parts.push(
      `trial ${trial.n}: ${trial.status}${trial.reason ? ` — ${trial.reason}` : ""} (${trial.dir})`,
    );
    for (const check of trial.checks) {
      if (check.ok || check.skipped) continue;
      const at = check.line ? ` at ${checkFile(check.file, e.file)}:${check.line}` : "";
      parts.push(`  ✗ ${check.name}${at}`, ...check.evidence.split("\n").map((l) => `      ${l}`));
    }
  }
  return parts.join("\n");
}

/** run.json keeps check files absolute; show the eval's relative path when it is the same file. */
function checkFile(file: string | undefined, evalFile: string): string {
  if (!file) return evalFile;
  return path.isAbsolute(file) && file.endsWith(`${path.sep}${evalFile}`) ? evalFile : file;
}

function cap(text: string): string {
  return text.length <= MAX_FAILURE_CHARS
    ? text
    : `${text.slice(0, MAX_FAILURE_CHARS)}\n… (${text.length - MAX_FAILURE_CHARS} more characters: see run.json)`;
}

export async function writeJunit(resultsDir: string, run: RunResult): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, "junit.xml");
  fs.writeFileSync(file, renderJunit(run));
  return file;
}
