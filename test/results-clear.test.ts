// A run leaves in its results folder only what it wrote: trial folders of an eval no longer
// selected, a trial-3 from a run with more trials, stray files: gone before the first trial. A
// history folder placed inside the results folder stays, and so does the result cache beside it.

import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { makeProject, writeFiles } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const evalYaml = (name: string, trials: number) => `name: ${name}
agents: [literal]
trials: ${trials}
prompt: |
  \`\`\`sh
  echo hi > out.txt
  \`\`\`
assertions:
  files: [out.txt]
`;

async function list(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true });
  return entries.map((e) => e.split(path.sep).join("/")).sort();
}

describe("the results folder after a run", () => {
  it("holds only this run's files, the history folder inside it kept", async () => {
    const root = await makeProject({
      "evals/kept.eval.yaml": evalYaml("kept", 3),
      "evals/gone.eval.yaml": evalYaml("gone", 1),
    });
    dirs.push(root);
    const results = path.join(root, ".copybook/results");
    const historyDir = ".copybook/results/history";
    const base = { projectRoot: root, env: { ...process.env, CI: "true" }, historyDir };

    const first = await runEvals({ ...base, allTrials: true });
    expect(first.exitCode).toBe(0);
    expect(existsSync(path.join(results, "evals/kept/literal/trial-3"))).toBe(true);
    expect(existsSync(path.join(results, "evals/gone/literal/trial-1"))).toBe(true);
    await writeFiles(root, { ".copybook/results/stray/notes.txt": "left by hand\n" });
    const history = await fs.readFile(path.join(root, historyDir, "kept.jsonl"), "utf8");

    await fs.rm(path.join(root, "evals/gone.eval.yaml"));
    const second = await runEvals({ ...base, trials: 1, force: true });
    expect(second.exitCode).toBe(0);

    const left = (await list(results)).filter((p) => !p.startsWith("history"));
    expect(left.filter((p) => p.startsWith("evals/") && p.split("/").length === 4)).toEqual([
      "evals/kept/literal/trial-1",
    ]);
    expect(left.filter((p) => !p.startsWith("evals/"))).toEqual([
      "evals",
      "junit.xml",
      "report.html",
      "run.json",
    ]);
    // The history folder stays and grows: the second run appended its line to the first's.
    const after = await fs.readFile(path.join(root, historyDir, "kept.jsonl"), "utf8");
    expect(after.startsWith(history)).toBe(true);
    expect(after.trim().split("\n")).toHaveLength(history.trim().split("\n").length + 1);
    expect(existsSync(path.join(root, historyDir, "gone.jsonl"))).toBe(true);
  });
});
