// The diffs a replay miss and a divergence show: only the differing hunks with a little context,
// multi-line strings shown line by line, long lines clipped around where they differ.

import { describe, expect, it } from "vitest";
import { requestDiff, type RecordedRequest } from "../../src/run/replay/index.js";
import { lineDiff, unifiedDiff } from "../../src/run/replay/diff.js";

const request = (body: unknown, path = "/v1/messages"): RecordedRequest => ({
  method: "POST",
  path,
  headers: {},
  body: JSON.stringify(body),
});

describe("line diffs", () => {
  it("finds a minimal diff", () => {
    const kinds = (a: string, b: string) =>
      lineDiff(a.split(""), b.split(""))
        .map((l) => `${l.kind}${l.text}`)
        .join(" ");
    expect(kinds("abc", "abc")).toBe(" a  b  c");
    expect(kinds("abcabba", "cbabac")).toBe("-a -b  c +b  a  b -b  a +c");
    expect(kinds("", "ab")).toBe("+a +b");
    expect(kinds("ab", "")).toBe("-a -b");
  });

  it("shows only the differing hunks with three lines of context, with line numbers", () => {
    const a = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const b = [...a];
    b[4] = "line five";
    b[30] = "line thirty-one";
    expect(unifiedDiff(a, b)).toBe(
      [
        "--- recorded",
        "+++ this run",
        "@@ -2,7 +2,7 @@",
        " line 2",
        " line 3",
        " line 4",
        "-line 5",
        "+line five",
        " line 6",
        " line 7",
        " line 8",
        "@@ -28,7 +28,7 @@",
        " line 28",
        " line 29",
        " line 30",
        "-line 31",
        "+line thirty-one",
        " line 32",
        " line 33",
        " line 34",
      ].join("\n"),
    );
    expect(unifiedDiff(a, a)).toBe("");
  });

  it("caps a long diff and says how much it left out", () => {
    const a = Array.from({ length: 500 }, (_, i) => `a ${i}`);
    const b = Array.from({ length: 500 }, (_, i) => (i % 10 === 0 ? `b ${i}` : `a ${i}`));
    const text = unifiedDiff(a, b, { maxLines: 40 });
    expect(text.split("\n").length).toBeLessThanOrEqual(41);
    expect(text).toMatch(/… \d+ more differing lines not shown$/);
  });

  it("shows the start of a first hunk too long to show whole", () => {
    const a = Array.from({ length: 300 }, (_, i) => `a ${i}`);
    const b = a.map((line) => line.replace("a", "b"));
    const lines = unifiedDiff(a, b, { maxLines: 40 }).split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "--- recorded",
      "+++ this run",
      "@@ -1,300 +1,300 @@",
      "-a 0",
    ]);
    expect(lines.length).toBeLessThanOrEqual(41);
    expect(lines.at(-1)).toBe(`… ${600 - (lines.length - 4)} more differing lines not shown`);
  });
});

describe("requestDiff", () => {
  it("diffs the normalized, pretty-printed bodies; a multi-line string line by line", () => {
    const system = Array.from({ length: 30 }, (_, i) => `Rule ${i + 1}.`).join("\n");
    const recorded = request({
      model: "m",
      system,
      messages: [{ role: "user", content: "Fix add.ts" }],
    });
    const changed = request({
      model: "m",
      system: system.replace("Rule 20.", "Rule twenty."),
      messages: [{ role: "user", content: "Fix sub.ts" }],
    });
    const diff = requestDiff(recorded, changed);
    expect(diff).toContain("-    Rule 20.\\n\n+    Rule twenty.\\n");
    expect(diff).toContain('-      "content": "Fix add.ts",\n+      "content": "Fix sub.ts",');
    expect(diff).not.toContain("Rule 10.");
    expect(diff.split("\n").length).toBeLessThan(30);
  });

  it("shows a differing method or path on the first line", () => {
    expect(requestDiff(request({}), request({}, "/v1/messages?beta=true"))).toContain(
      "-POST /v1/messages\n+POST /v1/messages?beta=true",
    );
  });

  it("is empty for requests that match under the rule, volatile literals included", () => {
    const a = request({ cwd: "/tmp/w1", when: "2026-12-06" });
    const b = request({ cwd: "/tmp/w1", when: "2027-01-01" });
    expect(requestDiff(a, b)).toBe("");
    expect(requestDiff(a, request({ cwd: "/tmp/w2" }), { "/tmp/w2": "/tmp/w1" })).toContain(
      '-  "when"',
    );
  });

  it("clips a long line around where it differs", () => {
    const long = "x".repeat(5000);
    const diff = requestDiff(
      request({ text: `${long} old end` }),
      request({ text: `${long} new end` }),
    );
    const [removed, added] = diff.split("\n").filter((l) => /^[-+] /.test(l) || /^[-+]…/.test(l));
    expect(removed).toMatch(/^-….* old end"$/);
    expect(added).toMatch(/^\+….* new end"$/);
    expect(removed!.length).toBeLessThan(260);
  });
});
