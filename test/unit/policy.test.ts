import { describe, expect, it } from "vitest";
import {
  adaptivePolicy,
  fixedPolicy,
  type TrialPolicy,
  againstBaseline,
} from "../../src/run/policy.js";

/**
 * Drives a policy the way the suite does (launch while `inFlight < wanted`, look again after each
 * trial ends), with trials that end one at a time, oldest first; returns the most ever in flight.
 */
function mostInFlight(policy: TrialPolicy, pass: (n: number) => boolean): number {
  let passes = 0;
  let failures = 0;
  let launched = 0;
  const running: number[] = [];
  let most = 0;
  const launch = () => {
    while (
      policy.verdict(passes, failures) === "undecided" &&
      launched < policy.max &&
      running.length < policy.wanted(passes, failures, launched)
    )
      running.push(++launched);
    most = Math.max(most, running.length);
  };
  launch();
  while (running.length) {
    if (pass(running.shift()!)) passes++;
    else failures++;
    launch();
  }
  return most;
}

describe("trial policies: how many trials run at once", () => {
  it("all trials (--all-trials, --trials N) may all run at once", () => {
    // It used to count launched trials twice (remaining = trials − launched, compared with those
    // in flight), so an eval never had more than half of its trials running.
    expect(mostInFlight(fixedPolicy(8, 1, true), () => true)).toBe(8);
    expect(mostInFlight(fixedPolicy(5, 0.6, true), (n) => n % 2 === 0)).toBe(5);
  });

  it("curtailed trials run only those certainly needed; adaptive ones start `min` together", () => {
    // pass rate 1 of 8: any failure decides it, so one at a time.
    expect(mostInFlight(fixedPolicy(8, 1, false), () => true)).toBe(1);
    // pass rate 0.5 of 4: two passes decide it, so only two are certainly needed at first.
    expect(mostInFlight(fixedPolicy(4, 0.5, false), () => true)).toBe(2);
    expect(mostInFlight(adaptivePolicy(3, 10, 0.8), () => true)).toBe(3);
  });
});

describe("againstBaseline (issue 33, item 1: a history baseline)", () => {
  /** Run trials with the given outcomes as runUnit drives the policy; the counts at the end. */
  function drive(policy: ReturnType<typeof againstBaseline>, pass: (n: number) => boolean) {
    let p = 0;
    let f = 0;
    while (policy.verdict(p, f) === "undecided" && p + f < policy.max) {
      if (pass(p + f + 1)) p++;
      else f++;
    }
    return { p, f, verdict: policy.verdict(p, f) };
  }

  it("keeps a 10/10 eval that now always fails running until the comparison says regression", () => {
    const policy = againstBaseline(
      fixedPolicy(3, 1, false),
      { passes: 10, trials: 10 },
      { passRate: 1 },
    );
    // The eval's own verdict is failed at the first failure; the comparison is not decided yet.
    expect(policy.verdict(0, 1)).toBe("undecided");
    expect(policy.wanted(0, 1, 1)).toBe(1);
    const end = drive(policy, () => false);
    expect(end.verdict).toBe("failed");
    expect(policy.decision()?.stats.verdict).toBe("regression");
    expect(policy.decision()?.stats.pValue).toBeLessThan(0.05);
    expect(end.f).toBeLessThan(10);
    expect(policy.wanted(end.p, end.f, end.f)).toBe(0);
  });

  it("runs past the eval's own trials, up to a comparison's, while this run does worse", () => {
    // 40/50 pooled in history; this run at 1 in 2: its own 10 trials cannot decide a −30 drop.
    const policy = againstBaseline(
      fixedPolicy(10, 0.5, false),
      { passes: 40, trials: 50 },
      {
        passRate: 0.5,
      },
    );
    expect(policy.max).toBe(50);
    const end = drive(policy, (n) => n % 2 === 1);
    expect(end.p + end.f).toBeGreaterThan(10);
    expect(policy.decision()?.stats.verdict).toBe("regression");
    // Past its own trials the eval's verdict is read from all of them: 1 in 2 meets 0.5.
    expect(end.verdict).toBe("passed");
  });

  it("stops at the eval's own trials when this run does better than its history (futility)", () => {
    const policy = againstBaseline(
      fixedPolicy(3, 1, false),
      { passes: 1, trials: 3 },
      { passRate: 1 },
    );
    expect(policy.verdict(2, 1)).toBe("failed");
    expect(policy.wanted(2, 1, 3)).toBe(0);
    expect(policy.decision()).toBeUndefined();
  });

  it("stops at the eval's own trials when no regression can be reached (a history at 0/5)", () => {
    const policy = againstBaseline(
      fixedPolicy(1, 1, false),
      { passes: 0, trials: 5 },
      { passRate: 1 },
    );
    expect(policy.verdict(0, 1)).toBe("failed");
    expect(policy.wanted(0, 1, 1)).toBe(0);
  });

  it("an eval that keeps passing every trial stops at its own trials (a history at 50/50)", () => {
    const policy = againstBaseline(
      fixedPolicy(10, 1, false),
      { passes: 50, trials: 50 },
      {
        passRate: 1,
      },
    );
    expect(policy.verdict(10, 0)).toBe("passed");
    expect(policy.wanted(10, 0, 10)).toBe(0);
    // One failure in ten, against 50/50: this run does worse, and goes on.
    expect(policy.verdict(9, 1)).toBe("undecided");
  });

  it("reads the eval's status from all its trials once past its own", () => {
    const policy = againstBaseline(
      fixedPolicy(10, 0.8, false),
      { passes: 50, trials: 50 },
      {
        passRate: 0.8,
      },
    );
    // 8/10 passed on its own; 8 of 20 does not meet 0.8.
    expect(policy.finalStatus(8, 2)).toBe("passed");
    expect(policy.finalStatus(8, 12)).toBe("failed");
  });
});
