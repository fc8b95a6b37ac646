// The pure parts of judges: Cohen's κ and accuracy computed by hand for small sets, the samples'
// majority, the answer's validation, and the definitions of a judge in the YAML and TS formats.
import { describe, expect, it } from "vitest";
import { agreementOf } from "../../src/model/stats.js";
import { majorityOf, readAnswer } from "../../src/check/judge.js";
import { judge } from "../../src/define/ts/assertions.js";
import { loadYamlEval } from "../../src/kinds/task/load.js";
import { DefinitionError } from "../../src/model/errors.js";

describe("agreementOf (accuracy and Cohen's κ)", () => {
  it("matches a hand computation with an unknown answer", () => {
    // labels  pass pass pass fail fail; answers pass pass fail fail unknown
    // pₒ = 3/5; label shares pass .6 fail .4; answer shares pass .4 fail .4 unknown .2
    // pₑ = .6·.4 + .4·.4 + 0·.2 = .40; κ = (.6 − .4) / (1 − .4) = 1/3
    const r = agreementOf([
      { label: "pass", answer: "pass" },
      { label: "pass", answer: "pass" },
      { label: "pass", answer: "fail" },
      { label: "fail", answer: "fail" },
      { label: "fail", answer: "unknown" },
    ]);
    expect(r.n).toBe(5);
    expect(r.accuracy).toBeCloseTo(0.6, 12);
    expect(r.kappa).toBeCloseTo(1 / 3, 12);
  });

  it("gives κ 0 to a judge that always says pass, however accurate", () => {
    // 8 pass labels, 2 fail: accuracy .8; pₑ = .8·1 + .2·0 = .8; κ = (.8 − .8) / .2 = 0
    const pairs = [
      ...Array.from({ length: 8 }, () => ({ label: "pass" as const, answer: "pass" as const })),
      ...Array.from({ length: 2 }, () => ({ label: "fail" as const, answer: "pass" as const })),
    ];
    expect(agreementOf(pairs)).toEqual({ n: 10, accuracy: 0.8, kappa: 0 });
  });

  it("is 1 for perfect agreement, below 0 for systematic disagreement, null when undefined", () => {
    expect(
      agreementOf([
        { label: "pass", answer: "pass" },
        { label: "fail", answer: "fail" },
      ]).kappa,
    ).toBe(1);
    // pₒ = 0, pₑ = .5·.5 + .5·.5 = .5: κ = −1
    expect(
      agreementOf([
        { label: "pass", answer: "fail" },
        { label: "fail", answer: "pass" },
      ]).kappa,
    ).toBe(-1);
    expect(agreementOf([{ label: "pass", answer: "pass" }]).kappa).toBeNull();
    expect(agreementOf([])).toEqual({ n: 0, accuracy: 0, kappa: null });
  });
});

describe("majorityOf", () => {
  it("takes the answer of more than half the samples, else unknown", () => {
    expect(majorityOf(["pass", "fail", "pass"])).toEqual({ verdict: "pass", agreement: 2 / 3 });
    expect(majorityOf(["pass", "fail", "unknown"]).verdict).toBe("unknown");
    expect(majorityOf(["pass", "fail"]).verdict).toBe("unknown");
    expect(majorityOf(["fail"])).toEqual({ verdict: "fail", agreement: 1 });
  });
});

describe("readAnswer", () => {
  it("validates the structured answer, parses a fenced text one, refuses anything else", () => {
    const ok = { verdict: "pass", reason: "r", quotes: ["a:1: x"] };
    expect(readAnswer({ structured: ok, transcripts: [] })).toMatchObject(ok);
    expect(
      readAnswer({ text: "```json\n" + JSON.stringify(ok) + "\n```", transcripts: [] }),
    ).toMatchObject(ok);
    expect(readAnswer({ text: '{"verdict":"pass"}', transcripts: [] })).toMatchObject({
      verdict: "unknown",
      problem: expect.stringContaining("not the required JSON"),
    });
    expect(readAnswer({ structured: { ...ok, extra: 1 }, transcripts: [] }).verdict).toBe(
      "unknown",
    );
  });
});

describe("judge definitions", () => {
  it("loads a YAML judge with defaults and resolved example folders", () => {
    const spec = loadYamlEval(
      "/p/evals/a.eval.yaml",
      `name: a\nassertions:\n  judge:\n    - rubric: Clear.\n      samples: 3\n      examples:\n        - { label: pass, dir: ./good }\n        - { label: fail, files: { "README.md": "x" } }\n`,
      { projectRoot: "/p" },
    );
    expect(spec.checks[0]).toMatchObject({
      type: "judge",
      judge: {
        rubric: "Clear.",
        agent: "claude-code",
        samples: 3,
        always: false,
        files: [],
        examples: [
          { label: "pass", dir: "/p/evals/good" },
          { label: "fail", files: { "README.md": "x" } },
        ],
      },
      source: { line: 4 },
    });
  });

  it("refuses a YAML judge with a bad agent or sample count, naming the line", () => {
    let error: unknown;
    try {
      loadYamlEval(
        "a.eval.yaml",
        `name: a\nassertions:\n  judge:\n    - rubric: Clear.\n      agent: literal\n      samples: 0\n`,
        { projectRoot: "/p" },
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DefinitionError);
    const problems = (error as DefinitionError).problems;
    expect(problems.map((p) => p.line)).toEqual(expect.arrayContaining([5, 6]));
  });

  it("makes the same check from judge() in TypeScript", () => {
    expect(judge("Clear.", { samples: 3, agent: "codex", always: true })).toEqual({
      type: "judge",
      judge: {
        rubric: "Clear.",
        files: [],
        agent: "codex",
        samples: 3,
        always: true,
        examples: [],
      },
    });
  });
});
