// One `compare --base` run through the real CLI, and every face of it saying the same rows:
// `--format json` prints run.json with its comparisons, junit.xml has the comparison's testcase
// (failing: a regression) with the console's row, report.html embeds the same words.

import { promises as fs } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import type { RunResult } from "../src/model/index.js";
import { repoWith } from "./helpers/git-repo.js";
import { runCli, writeFiles } from "./helpers/project.js";
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

function greetEval(word: string): string {
  return `name: greet
agents: [literal]
trials: 10
prompt: |
  \`\`\`sh
  echo ${word} > out.txt
  \`\`\`
assertions:
  contains:
    - file: out.txt
      text: hello
`;
}

describe("compare --base, every face", () => {
  it("prints run.json with its comparisons for --format json, and junit.xml and report.html say the same", async () => {
    const dir = await repoWith({ "evals/greet.eval.yaml": greetEval("hello") });
    dirs.push(dir);
    await writeFiles(dir, { "evals/greet.eval.yaml": greetEval("bye") });

    const result = await runCli(["compare", "--base", "main", "--cwd", dir, "--format", "json"], {
      env: { CI: "true" },
    });
    expect(result.code, result.stderr).toBe(1);
    const printed = JSON.parse(result.stdout) as RunResult;
    const results = path.join(dir, ".copybook/results");
    const runJson = JSON.parse(
      await fs.readFile(path.join(results, "run.json"), "utf8"),
    ) as RunResult;
    expect(printed.schemaVersion).toBe(2);
    expect(printed.comparisons).toEqual(runJson.comparisons);
    expect(printed.comparisons).toHaveLength(1);
    const c = printed.comparisons![0]!;
    expect(c).toMatchObject({ id: "greet", control: "base@main", verdict: "regression" });
    expect(printed.evals.map((e) => e.arm ?? null)).toEqual(["base@main", null]);

    const row = `REGRESSION greet [literal] base@main ${c.controlPasses}/${c.controlTrials} → working tree 0/${c.treatmentTrials}`;
    const xml = await fs.readFile(path.join(results, "junit.xml"), "utf8");
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (name) => ["testsuite", "testcase"].includes(name),
    }).parse(xml) as {
      testsuites: {
        testsuite: { name: string; testcase: { name: string; failure?: { message: string } }[] }[];
      };
    };
    const names = doc.testsuites.testsuite.flatMap((s) => s.testcase.map((t) => t.name));
    expect(names).toEqual([
      "greet @ base@main [literal]",
      "greet [literal]",
      "greet [literal] base@main → working tree",
    ]);
    const suite = doc.testsuites.testsuite.find((s) => s.name === "comparisons")!;
    expect(suite.testcase[0]!.failure!.message.startsWith(row)).toBe(true);

    const html = await fs.readFile(path.join(results, "report.html"), "utf8");
    expect(html).toContain(JSON.stringify(row.replace("REGRESSION ", "")));
    expect(html).toContain('"label":"REGRESSION"');
  });
});
