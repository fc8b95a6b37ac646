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
  it("keeps a 10/10 eval that now always fails running until the comparison says regression", () => {
    const policy = againstBaseline(fixedPolicy(3, 1, false), { passes: 10, trials: 10 });
    // The eval's own verdict is failed at the first failure; the comparison is not decided yet.
    expect(policy.verdict(0, 1)).toBe("undecided");
    expect(policy.wanted(0, 1, 1)).toBe(1);
    // 0/2 against 10/10: a regression whatever the third trial does.
    expect(policy.verdict(0, 2)).toBe("failed");
    expect(policy.decision()?.stats.verdict).toBe("regression");
    expect(policy.decision()?.stats.pValue).toBeLessThan(0.05);
    expect(policy.wanted(0, 2, 2)).toBe(0);
  });

  it("stops at the eval's maximum when the comparison is still open", () => {
    const policy = againstBaseline(fixedPolicy(3, 1, false), { passes: 2, trials: 3 });
    expect(policy.verdict(2, 1)).toBe("failed");
    expect(policy.decision()?.stats.verdict).toBe("inconclusive");
  });
});
