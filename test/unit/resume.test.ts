// `eval --resume`'s selection (src/run/resume.ts): which trials of the previous run are kept, which
// run again and why, and the line that says so. Pure: no files, no processes.
import { describe, expect, it } from "vitest";
import type { TrialResult } from "../../src/model/index.js";
import {
  resumeSummary,
  selectResumed,
  type PreviousUnit,
  type ResumeCandidate,
} from "../../src/run/resume.js";

const trial = (n: number, status: TrialResult["status"], code?: string): TrialResult => ({
  n,
  status,
  durationMs: 1,
  checks: [],
  dir: `.copybook/results/evals/e/literal/trial-${n}`,
  ...(code ? { code } : {}),
});

const unit = (over: Partial<ResumeCandidate> = {}): ResumeCandidate => ({
  id: "e",
  definitionHash: "def",
  promptHash: "prompt",
  max: 4,
  // passRate 1 with 4 trials: a failure decides, else all 4 must pass.
  decided: (p, f) => f > 0 || p === 4,
  ...over,
});

const previous = (
  trials: Array<[number, TrialResult | undefined]>,
  over: Partial<PreviousUnit> = {},
): PreviousUnit => ({
  definitionHash: "def",
  promptHash: "prompt",
  trials: new Map(trials.map(([n, result]) => [n, result ? { n, result } : { n }])),
  ...over,
});

describe("selectResumed", () => {
  it("keeps passed and failed trials, runs unfinished and infra-error ones under their numbers", () => {
    const s = selectResumed(
      unit({ decided: () => false }),
      previous([
        [1, trial(1, "passed")],
        [2, undefined],
        [3, trial(3, "error", "AE302")],
        [4, trial(4, "passed")],
      ]),
    );
    expect(s.kept.map((t) => t.n)).toEqual([1, 4]);
    expect(s.rerun).toEqual([
      { n: 2, why: "unfinished" },
      { n: 3, why: "infra error" },
    ]);
    expect(s.notStarted).toBe(0);
    expect(s.whole).toBeUndefined();
  });

  it("keeps a replay miss (AE303): running it again cannot help", () => {
    const s = selectResumed(
      unit(),
      previous([
        [1, trial(1, "error", "AE303")],
        [2, undefined],
      ]),
    );
    expect(s.kept.map((t) => `${t.n}:${t.code}`)).toEqual(["1:AE303"]);
    // The kept error settles the eval as it did: nothing more runs.
    expect(s.rerun).toEqual([]);
    expect(s.notStarted).toBe(0);
  });

  it("counts the trials not started that the verdict may still need", () => {
    const s = selectResumed(unit(), previous([[1, trial(1, "passed")]]));
    expect(s.notStarted).toBe(3);
  });

  it("runs nothing more once the kept trials decide the verdict", () => {
    const s = selectResumed(
      unit(),
      previous([
        [1, trial(1, "failed")],
        [2, undefined],
      ]),
    );
    expect(s.kept.map((t) => t.n)).toEqual([1]);
    expect(s.rerun).toEqual([]);
    expect(s.notStarted).toBe(0);
  });

  it("drops trials past this run's maximum", () => {
    const s = selectResumed(
      unit({ max: 2, decided: () => false }),
      previous([
        [1, trial(1, "passed")],
        [3, trial(3, "passed")],
      ]),
    );
    expect(s.kept.map((t) => t.n)).toEqual([1]);
    expect(s.notStarted).toBe(1);
  });

  it("runs an eval whole when its definition or prompt changed, or no hash was recorded", () => {
    const done = previous([[1, trial(1, "passed")]]);
    expect(selectResumed(unit({ definitionHash: "new" }), done)).toMatchObject({
      kept: [],
      notStarted: 4,
      whole: "e: its definition changed since the previous run: running it whole",
    });
    expect(selectResumed(unit({ promptHash: "new" }), done).whole).toMatch(/rendered prompt/);
    expect(
      selectResumed(unit(), previous([[1, trial(1, "passed")]], { definitionHash: undefined }))
        .whole,
    ).toMatch(/recorded no definition hash/);
  });

  it("runs a unit the previous run never reached in full, without calling it changed", () => {
    expect(selectResumed(unit(), undefined)).toEqual({ kept: [], rerun: [], notStarted: 4 });
  });
});

describe("resumeSummary", () => {
  it("says what it kept and what it runs", () => {
    const a = selectResumed(
      unit({ decided: () => false }),
      previous([
        [1, trial(1, "passed")],
        [2, undefined],
        [3, trial(3, "error", "AE302")],
        [4, trial(4, "passed")],
      ]),
    );
    const b = selectResumed(
      unit({ decided: () => false }),
      previous([
        [1, trial(1, "passed")],
        [2, trial(2, "failed")],
        [3, trial(3, "passed")],
        [4, undefined],
      ]),
    );
    expect(resumeSummary([a, b])).toBe(
      "resume: kept 5 of 8 trials, running 3 (2 unfinished, 1 infra error)",
    );
    const c = selectResumed(unit(), undefined);
    expect(resumeSummary([a, c])).toBe(
      "resume: kept 2 of 8 trials, running up to 6 (1 unfinished, 1 infra error, 4 not started)",
    );
  });
});
