import { describe, expect, it } from "vitest";
import { shimBypassReasons, shimNotFoundReasons } from "../../src/check/bypass.js";
import { evalExitCode } from "../../src/cli/commands/eval.js";
import { compareArms, fisherExact } from "../../src/model/comparison.js";
import { parityFails, parityRows } from "../../src/model/parity.js";
import type { EvalResult, RunResult, TrialResult } from "../../src/model/result.js";
import { makeStyle } from "../../src/report/console.js";
import { renderRunMarkdown } from "../../src/report/markdown.js";
import { parityLines } from "../../src/report/parity.js";

const NOT_FOUND = {
  kind: "shim-not-found" as const,
  tool: "neon",
  source: "agent output" as const,
  evidence: 'agent.stderr says "bash: line 1: neon: command not found"',
};

function trials(passes: number, n: number, harness = false): TrialResult[] {
  return Array.from({ length: n }, (_, i) => ({
    n: i + 1,
    status: i < passes ? ("passed" as const) : ("failed" as const),
    durationMs: 1,
    checks: [],
    dir: `r/${i}`,
    ...(i >= passes && harness ? { harness: [NOT_FOUND] } : {}),
  }));
}

function result(agent: string, passes: number, n: number, harness = false): EvalResult {
  return {
    id: "deploy",
    file: "evals/deploy.eval.yaml",
    agent,
    status: passes === n ? "passed" : "failed",
    passes,
    trialsRun: n,
    trialsPlanned: n,
    passRate: passes / n,
    threshold: 1,
    interval: [0, 1],
    costUsd: 0,
    durationMs: 1,
    trials: trials(passes, n, harness),
  };
}

describe("parityRows", () => {
  it("compares each agent with the first, by the comparison rule", () => {
    const rows = parityRows([
      result("claude-code", 5, 5),
      result("codex", 5, 5),
      result("gemini", 0, 5, true),
    ]);
    expect(rows.map((r) => [r.agent, r.reference, r.verdict])).toEqual([
      ["codex", "claude-code", "inconclusive"],
      ["gemini", "claude-code", "behind"],
    ]);
    const gemini = rows[1]!;
    const stats = compareArms({ passes: 5, trials: 5 }, { passes: 0, trials: 5 });
    expect(gemini.delta).toBe(-1);
    expect(gemini.interval).toEqual(stats.interval);
    expect(gemini.pValue).toBe(fisherExact({ passes: 5, trials: 5 }, { passes: 0, trials: 5 }));
    expect(gemini.pValue).toBeLessThan(0.05);
    expect(gemini.interval[1]).toBeLessThan(-0.1);
    expect(gemini.beyondMargin).toBe(true);
    expect(gemini.referenceInterval[0]).toBeCloseTo(0.566, 2);
    expect(gemini).toMatchObject({ failedTrials: 5, explained: 5, flagged: true });
    expect(gemini.reasons).toEqual([{ ...NOT_FOUND, trials: 5 }]);
    expect(rows[0]).toMatchObject({ flagged: false, failedTrials: 0, beyondMargin: false });
    expect(parityFails(rows)).toBe(true);
  });

  it("takes --reference-agent, and leaves evals without it or with one agent alone", () => {
    const rows = parityRows(
      [
        result("claude-code", 5, 5),
        result("codex", 1, 5),
        { ...result("codex", 5, 5), id: "solo" },
      ],
      { referenceAgent: "codex" },
    );
    expect(rows.map((r) => [r.id, r.agent, r.reference, r.verdict])).toEqual([
      ["deploy", "claude-code", "codex", "ahead"],
    ]);
    expect(parityRows([result("a", 5, 5), result("b", 0, 5)], { referenceAgent: "c" })).toEqual([]);
  });

  it("is behind but not beyond a margin the interval reaches past", () => {
    // 20/20 against 14/20: Δ −30, interval −52 to −8, p = 0.02: behind, not by more than 30 points.
    const [row] = parityRows([result("a", 20, 20), result("b", 14, 20)], { margin: 0.3 });
    expect(row!.verdict).toBe("behind");
    expect(row!.interval[1]).toBeGreaterThan(-0.3);
    expect(row!.beyondMargin).toBe(false);
  });

  it("does not flag failures that no evidence puts on the harness", () => {
    const [row] = parityRows([result("a", 5, 5), result("b", 0, 5)]);
    expect(row).toMatchObject({ verdict: "behind", flagged: false, explained: 0 });
    expect(row!.reasons).toBeUndefined();
  });

  it("leaves out comparison arms, skipped and errored results", () => {
    const skipped = { ...result("b", 0, 0), status: "skipped" as const, trials: [] };
    expect(parityRows([result("a", 5, 5), skipped])).toEqual([]);
    expect(parityRows([result("a", 5, 5), { ...result("b", 0, 5), arm: "v2" }])).toEqual([]);
  });
});

describe("harness reasons from evidence", () => {
  const out = (text: string) => [{ file: "agent.stderr", text }];

  it("names a shimmed tool the agent's shell did not find, when the shim log has no call of it", () => {
    expect(
      shimNotFoundReasons(out("bash: line 3: neon: command not found\n"), [], ["neon"]),
    ).toEqual([
      {
        kind: "shim-not-found",
        tool: "neon",
        source: "agent output",
        evidence:
          'agent.stderr says "bash: line 3: neon: command not found" and the shim recorded no neon call',
      },
    ]);
    expect(shimNotFoundReasons(out("sh: 1: neon: not found"), [], ["neon"])).toHaveLength(1);
  });

  it("says nothing without that evidence", () => {
    expect(
      shimNotFoundReasons(out("neon: command not found"), [{ bin: "neon" }], ["neon"]),
    ).toEqual([]);
    expect(shimNotFoundReasons(out("xneon: command not found"), [], ["neon"])).toEqual([]);
    expect(shimNotFoundReasons(out("deploy failed"), [], ["neon"])).toEqual([]);
  });

  it("reads a bypass and an unrecorded command from the trajectory", () => {
    const bash = (command: string) => ({ tool: "Bash", input: { command } });
    const reasons = shimBypassReasons(
      [bash("/usr/local/bin/neon deploy"), bash("cd app && neon status")],
      [],
      ["neon"],
    );
    expect(reasons.map((r) => [r.kind, r.tool, r.source])).toEqual([
      ["shim-bypassed", "neon", "trajectory"],
      ["shim-unrecorded", "neon", "trajectory"],
    ]);
  });
});

describe("parity output and gate", () => {
  const rows = parityRows([result("literal", 5, 5), result("miss", 0, 5, true)]);
  const run = { parity: rows } as RunResult;

  it("prints the section with the reason and its evidence", () => {
    const text = parityLines(rows, makeStyle({ isTTY: false } as NodeJS.WriteStream, {})).join(
      "\n",
    );
    expect(text).toContain("Parity (reference: literal):");
    expect(text).toContain(
      "BEHIND ⚑ harness deploy [miss] 0/5 (0%, 95% CI 0%–43%) vs [literal] 5/5",
    );
    expect(text).toContain("Δ −100 pts (95% CI −100 to −39)  p=0.008; behind by more than 10 pts");
    expect(text).toContain("harness: the shimmed tool neon was never found (5 of 5 failed trials)");
    expect(text).toContain("agent output: agent.stderr says");
  });

  it("gates eval's exit code with --fail-on parity only", () => {
    expect(evalExitCode(0, run, "failure")).toBe(0);
    expect(evalExitCode(0, run, "parity")).toBe(1);
    expect(evalExitCode(0, { parity: [] } as unknown as RunResult, "parity")).toBe(0);
    expect(evalExitCode(2, run, "parity")).toBe(2);
  });

  it("puts a parity table in the PR comment", () => {
    const md = renderRunMarkdown({
      rows: [],
      run: {
        schemaVersion: 2,
        tool: { name: "agent-evals", version: "0" },
        startedAt: new Date(0).toISOString(),
        durationMs: 1,
        costUsd: 0,
        counts: {
          passed: 1,
          failed: 1,
          skipped: 0,
          cached: 0,
          error: 0,
          incomplete: 0,
          inconclusive: 0,
        },
        isolation: "none",
        evals: [result("literal", 5, 5), result("miss", 0, 5, true)],
        parity: rows,
      },
    });
    expect(md).toContain("**Parity across agents**");
    expect(md).toContain("| 🔻 **BEHIND** (beyond margin) | **deploy** |");
    expect(md).toContain("⚑ the shimmed tool neon was never found (5 of 5 failed trials)");
  });
});
