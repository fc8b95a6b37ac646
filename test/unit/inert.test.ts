// inert(): untrusted text shown on a terminal, its controls written visibly; and the lines the
// console and the Action's log print (trialLine) carry no control an agent put in a reason.
import { describe, expect, it } from "vitest";
import { evalBlock, trialLine, type Style } from "../../src/report/console.js";
import type { EvalResult, TrialResult } from "../../src/model/index.js";
import { inert, inertLines } from "../../src/util/inert.js";

const plain: Style = {
  green: (s) => s,
  red: (s) => s,
  yellow: (s) => s,
  dim: (s) => s,
  bold: (s) => s,
};

describe("inert", () => {
  it("shows ESC, CR, BEL, OSC and CSI, DEL, C1 and bidi characters instead of sending them", () => {
    expect(inert("a\x1b]0;t\x07b\rc\x1b[2Jd\x7f\u009b\u202e\u200be")).toBe(
      String.raw`a\x1b]0;t\x07b\rc\x1b[2Jd\x7f\x9b\u202e\u200be`,
    );
  });

  it("keeps tab; a line break only in a block, where each line is indented by us", () => {
    expect(inert("a\tb\nc")).toBe(String.raw`a	b\nc`);
    expect(inertLines("a\tb\nc\r\n")).toBe("a\tb\nc\\r\n");
  });

  it("leaves ordinary text, emoji and joined emoji as they are", () => {
    const text = "ok — ünïcödé 👩‍💻 `code` \\x1b";
    expect(inert(text)).toBe(text);
  });

  it("a trial's reason cannot start a line of its own (no forged line, no `::` workflow command)", () => {
    const trial = {
      n: 1,
      status: "failed",
      durationMs: 10,
      reason: "boom\r\x1b[2K✓ all passed\n::warning::forged",
      checks: [],
    } as unknown as TrialResult;
    const line = trialLine("e", "agent", 1, trial, plain);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f]/);
    // The first line, made inert; the rest (shown whole in the eval's block) only announced.
    expect(line).toContain(String.raw`boom\r\x1b[2K✓ all passed (more below)`);
    expect(line).not.toContain("forged");
  });
});

describe("evalBlock", () => {
  const result = (over: Partial<EvalResult>): EvalResult => ({
    id: "e",
    file: "/p/evals/e.eval.yaml",
    agent: "literal",
    status: "error",
    passes: 1,
    trialsRun: 2,
    trialsPlanned: 3,
    passRate: 1,
    threshold: 1,
    interval: [0.2, 1],
    costUsd: 0,
    durationMs: 10,
    trials: [{ n: 1, status: "passed", durationMs: 5, checks: [], dir: "t1" }],
    ...over,
  });

  it("an ERROR never reads as a pass rate (issue 32: 'ERROR … 1/1 passed (100%)')", () => {
    const text = evalBlock(result({ reason: "the API answered 500" }), "/p", plain);
    expect(text).not.toMatch(/\d+\/\d+ passed/);
    expect(text).toContain("no verdict: 1 of 1 judged trial(s) passed before the error stopped it");
  });

  it("a reason of several lines keeps them, each behind our indent", () => {
    const text = evalBlock(
      result({
        trialsRun: 0,
        trials: [],
        reason: "setup failed: exit 3\nout-1\n✓ forged\r\x1b[2K",
      }),
      "/p",
      plain,
    );
    expect(text.split("\n").slice(1)).toEqual(["    out-1", String.raw`    ✓ forged\r\x1b[2K`]);
  });
});
