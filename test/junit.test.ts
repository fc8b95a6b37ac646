// junit.xml from a real CLI run: a testcase per eval × agent, trials as properties, failures with
// evidence, skips and errors mapped; parsed back to check it is well-formed and says the same.

import { promises as fs } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { renderJunit, stripInvalidXml, xmlAttr, xmlText } from "../src/report/junit.js";
import type { RunResult } from "../src/model/result.js";
import { emptyCounts } from "../src/model/result.js";
import { makeProject, runCli } from "./helpers/project.js";
import { comparisonRun } from "./helpers/comparison-run.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

// XML 1.0 cannot carry these at all, not even as character references.
const INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["testsuite", "testcase", "property"].includes(name),
});

interface Case {
  name: string;
  classname: string;
  file?: string;
  properties: { property: { name: string; value: string }[] };
  failure?: { "#text": string; message: string; type: string };
  error?: { message: string; type: string };
  skipped?: { message: string };
  "system-out"?: string;
}

function cases(xml: string): Case[] {
  const doc = parser.parse(xml) as {
    testsuites: { testsuite: { testcase: Case[] }[]; tests: string; failures: string };
  };
  return doc.testsuites.testsuite.flatMap((s) => s.testcase);
}

function prop(c: Case, name: string): string | undefined {
  return c.properties.property.find((p) => p.name === name)?.value;
}

describe("junit.xml", () => {
  it("is written with every run and maps pass, failure, skip and error", async () => {
    const root = await makeProject({
      "evals/ok.eval.yaml": `name: ok
prompt: "\`\`\`sh\\ntouch made.txt\\n\`\`\`"
agents: [literal]
trials: 2
sandbox: { fixture: { a: "" } }
assertions: { files: [made.txt] }
`,
      // Output with a control character, a CDATA end, markup and quotes: escaped or stripped.
      "evals/bad.eval.yaml": `name: bad
agents: [literal]
sandbox: { fixture: { a: "" } }
assertions:
  commands:
    - { run: "printf 'boom \\\\001 ]]> <tag a=\\"1\\"> & done\\\\n'; exit 4" }
`,
      "evals/skip.eval.yaml": `name: skip
prompt: hello
agents: ["no-such-agent-binary-ae8 {prompt}"]
assertions: { files: [x] }
`,
      "evals/broken-setup.eval.yaml": `name: broken-setup
setup: ["exit 7"]
sandbox: { fixture: { a: "" } }
assertions: { files: [a] }
`,
    });
    dirs.push(root);
    const run = await runCli(["eval", "--cwd", root], { env: { CI: "true" } });
    expect(run.code, run.stderr).toBe(1);
    const xml = await fs.readFile(path.join(root, ".copybook/results/junit.xml"), "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(INVALID);

    const all = cases(xml);
    expect(all.map((c) => c.name).sort()).toEqual([
      "bad [none]",
      "broken-setup [none]",
      "ok [literal]",
      "skip [no-such-agent-binary-ae8 {prompt}]",
    ]);
    const byId = Object.fromEntries(all.map((c) => [c.classname, c]));

    const ok = byId.ok!;
    expect(ok.failure ?? ok.error ?? ok.skipped).toBeUndefined();
    expect(prop(ok, "status")).toBe("passed");
    expect(prop(ok, "trial.1")).toMatch(/^passed /);
    expect(prop(ok, "trial.2")).toMatch(/^passed /);
    expect(ok.file).toBe("evals/ok.eval.yaml");

    const bad = byId.bad!;
    expect(bad.failure).toMatchObject({ type: "AE404" });
    expect(bad.failure!["#text"]).toContain('succeeds "printf');
    expect(bad.failure!["#text"]).toContain("exit 4, expected 0");
    // Parsed back, the evidence reads as it was printed, minus the control character.
    expect(bad.failure!["#text"]).toContain('boom  ]]> <tag a="1"> & done');
    expect(prop(bad, "trial.1")).toMatch(/^failed AE401 /);

    expect(byId.skip!.skipped?.message).toMatch(/no-such-agent-binary-ae8/);
    expect(prop(byId.skip!, "code")).toBe("AE409");

    expect(byId["broken-setup"]!.error).toMatchObject({ type: "AE301" });
    expect(byId["broken-setup"]!.error!.message).toContain("setup step 1");

    const doc = parser.parse(xml) as { testsuites: Record<string, string> };
    expect(doc.testsuites).toMatchObject({ tests: "4", failures: "1", errors: "1", skipped: "1" });
  });

  it("escapes text and attributes and drops what XML cannot carry", () => {
    expect(stripInvalidXml("a\u0000b\u0001c\u0008d\u000be\u001ff\uFFFEg\uFFFFh")).toBe("abcdefgh");
    expect(stripInvalidXml("lone \uD800 high, lone \uDC00 low")).toBe("lone  high, lone  low");
    expect(stripInvalidXml("pair \u{1F600} tab\tnl\ncr\r")).toBe("pair \u{1F600} tab\tnl\ncr\r");
    expect(xmlText("<a> & </b>")).toBe("&lt;a&gt; &amp; &lt;/b&gt;");
    expect(xmlAttr('say "hi"\nnext\ttab')).toBe("say &quot;hi&quot;&#10;next&#9;tab");
  });

  it("maps incomplete, inconclusive and a cached failure to failures, a cached pass to a pass", () => {
    const base = {
      file: "evals/x.eval.yaml",
      agent: "claude-code",
      passes: 0,
      trialsRun: 0,
      trialsPlanned: 3,
      passRate: 0,
      threshold: 1,
      interval: [0, 1] as [number, number],
      costUsd: 0,
      durationMs: 0,
      trials: [],
    };
    const cached = (status: "passed" | "failed") => ({
      status,
      time: "2026-01-01T00:00:00.000Z",
      passes: 3,
      trials: 3,
      passRate: 1,
      interval: [0.4, 1] as [number, number],
      costUsd: 1,
      source: "history" as const,
    });
    const run: RunResult = {
      schemaVersion: 1,
      tool: { name: "agent-evals", version: "t" },
      startedAt: "2026-01-01T00:00:00.000Z",
      durationMs: 0,
      costUsd: 0,
      counts: emptyCounts(),
      isolation: "",
      evals: [
        {
          ...base,
          id: "cut",
          status: "incomplete",
          code: "AE406",
          reason: "the budget ran out: 0 of up to 3",
        },
        { ...base, id: "unsure", status: "inconclusive" },
        { ...base, id: "old-fail", status: "cached", cachedFrom: cached("failed") },
        { ...base, id: "old-pass", status: "cached", cachedFrom: cached("passed") },
      ],
    };
    const xml = renderJunit(run);
    expect(XMLValidator.validate(xml)).toBe(true);
    const byId = Object.fromEntries(cases(xml).map((c) => [c.classname, c]));
    expect(byId.cut!.failure?.type).toBe("AE406");
    expect(byId.unsure!.failure?.type).toBe("AE408");
    expect(byId["old-fail"]!.failure?.type).toBe("AE405");
    expect(byId["old-pass"]!.failure).toBeUndefined();
    expect(prop(byId["old-pass"]!, "cached")).toMatch(/^passed at /);
  });

  it("has a testcase per comparison, failing on a regression, and names each arm's result", () => {
    const xml = renderJunit(comparisonRun());
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml) as {
      testsuites: Record<string, string> & {
        testsuite: ({ name: string; tests: string; failures: string } & { testcase: Case[] })[];
      };
    };
    // 4 results and 2 comparisons; the failures are the working tree's greet and the regression.
    expect(doc.testsuites).toMatchObject({ tests: "6", failures: "2" });

    const suite = doc.testsuites.testsuite.find((s) => s.name === "comparisons")!;
    expect(suite).toMatchObject({ tests: "2", failures: "1" });
    const [regression, same] = suite.testcase;
    expect(regression!.name).toBe("greet [literal] base@main → working tree");
    expect(regression!.failure).toMatchObject({
      type: "regression",
      message:
        "REGRESSION greet [literal] base@main 5/5 → working tree 0/4  Δ −100 pts (95% CI −100 to −35)  p=0.008",
    });
    expect(regression!.failure!["#text"]).toContain("decided after 4 pairs of up to 50");
    expect(regression!.failure!["#text"]).toContain("tokens 1200 → 2400, turns 3 → 5");
    expect(prop(regression!, "verdict")).toBe("regression");
    expect(prop(regression!, "pValue")).toBe("0.007937");

    expect(same!.name).toBe("build [literal] control → terse");
    expect(same!.failure).toBeUndefined();
    expect(same!["system-out"]).toContain(
      "NO CHANGE build [literal] control 19/20 → terse 19/20  Δ 0 pts (95% CI −8 to +8)  p=1.00",
    );

    // The arms' results: named apart from the primary's, compared and not judged.
    const names = cases(xml)
      .filter((c) => !c.name.includes("→"))
      .map((c) => c.name);
    expect(names).toEqual([
      "greet @ base@main [literal]",
      "greet [literal]",
      "build [literal]",
      "build @ terse [literal]",
    ]);
    const terse = cases(xml).find((c) => c.name === "build @ terse [literal]")!;
    expect(terse.failure).toBeUndefined();
    expect(prop(terse, "arm")).toBe("terse");
    expect(prop(terse, "status")).toBe("failed");
    expect(terse["system-out"]).toContain("a comparison arm, compared and not judged");
    expect(cases(xml).find((c) => c.name === "greet [literal]")!.failure?.type).toBe("AE404");
  });
});
