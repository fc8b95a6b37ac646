// inert(): untrusted text shown on a terminal, its controls written visibly; and the lines the
// console and the Action's log print (trialLine) carry no control an agent put in a reason.
import { describe, expect, it } from "vitest";
import { trialLine, type Style } from "../../src/report/console.js";
import type { TrialResult } from "../../src/model/index.js";
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
      reason: "boom\n::warning::forged\r\x1b[2K✓ all passed",
      checks: [],
    } as unknown as TrialResult;
    const line = trialLine("e", "agent", 1, trial, plain);
    expect(line.split("\n")).toHaveLength(1);
    expect(line).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f]/);
    expect(line).toContain(String.raw`boom\n::warning::forged\r\x1b[2K✓ all passed`);
  });
});
