// The comment's section for skill/command/hook evals, from their reports.
import { describe, expect, it } from "vitest";
import { claudeCodeMarkdown } from "../../src/kinds/skill/markdown.js";
import type { ClaudeCodeReport } from "../../src/kinds/skill/aggregate.js";

function report(overrides: Partial<ClaudeCodeReport>): ClaudeCodeReport {
  return {
    name: "ts-fixer",
    type: "skill",
    parts: [],
    target: ".claude/skills/ts-fixer/SKILL.md",
    file: "_evals/skills/ts-fixer.eval.yaml",
    timestamp: "2026-11-30T00:00:00.000Z",
    status: "passed",
    config: { trials: 1 },
    warnings: [],
    duration_ms: 1,
    ...overrides,
  };
}

const confusion = { truePositive: 3, falseNegative: 1, falsePositive: 0, trueNegative: 2 };
const side = { total: 0, passed: 0, rate: null };

describe("the skills section of the comment", () => {
  it("is empty without skill, command or hook evals", () => {
    expect(claudeCodeMarkdown([])).toEqual([]);
  });

  it("gives each eval's trigger metrics, scenarios, hook cases and verdict", () => {
    const lines = claudeCodeMarkdown([
      report({
        status: "failed",
        trigger: {
          mode: "observe",
          precision: 1,
          recall: 0.75,
          f1: 0.857143,
          confusion,
          positive: side,
          negative: side,
          queries: [],
          cost_usd: 0,
        },
        e2e: {
          scenarios: [
            { status: "passed", passed: true },
            { status: "failed", passed: false },
            { status: "skipped", passed: false },
          ] as NonNullable<ClaudeCodeReport["e2e"]>["scenarios"],
          pass_rate: 0.5,
          total_cost_usd: 0,
        },
      }),
      report({
        name: "deploy|prod",
        type: "command",
        target: ".claude/commands/deploy.md",
        status: "skipped",
        trigger: {
          mode: "ask",
          precision: null,
          recall: null,
          f1: null,
          confusion: { truePositive: 0, falseNegative: 0, falsePositive: 0, trueNegative: 0 },
          positive: side,
          negative: side,
          queries: [],
          cost_usd: 0,
        },
      }),
      report({
        name: "guard",
        type: "hook",
        target: ".claude/hooks/guard.sh",
        hook: {
          status: "passed",
          cases: [
            { scenario: "a", passed: true, evidence: "" },
            { scenario: "b", passed: true, evidence: "" },
          ],
        },
      }),
    ]);
    expect(lines).toContain(
      "| ts-fixer | skill: .claude/skills/ts-fixer/SKILL.md | 1.00 · 0.75 · 0.86 (TP 3 · FP 0 · FN 1 · TN 2) | 1/2 passed | — | ❌ failed |",
    );
    // Undefined metrics (no decided query) read n/a; a pipe in a name cannot break the table.
    expect(lines).toContain(
      "| deploy\\|prod | command: .claude/commands/deploy.md | n/a · n/a · n/a (TP 0 · FP 0 · FN 0 · TN 0) | — | — | ⏭️ skipped |",
    );
    expect(lines).toContain(
      "| guard | hook: .claude/hooks/guard.sh | — | — | 2/2 passed | ✅ passed |",
    );
  });
});
