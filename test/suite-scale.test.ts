// How a large suite uses the disk and memory: prepared sandboxes are made just in time and
// removed as soon as their eval is done, so a suite of many evals holds only a few at once.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { makeProject } from "./helpers/project.js";

const EVALS = 12;
const CONCURRENCY = 1;

let tmp: string;
let savedTmpdir: string | undefined;
const dirs: string[] = [];

beforeEach(async () => {
  // Our own temp root, so only this suite's prepared trees are counted (os.tmpdir() reads TMPDIR).
  tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-scale-")));
  dirs.push(tmp);
  savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
});
afterEach(async () => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

function evalYaml(i: number): string {
  // The agent counts the prepared trees that exist while it runs (their names end in -prepared-XXXXXX).
  return `name: scale-${i}
prompt: |
  \`\`\`sh
  ls -d "$AE_SCALE_ROOT"/agent-evals-*-prepared-* | wc -l
  echo hi > out.txt
  \`\`\`
agents: [literal]
trials: 2
sandbox: { fixture: { a: "" } }
assertions:
  files: [out.txt]
`;
}

describe("a suite of many evals", () => {
  it("keeps only a few prepared sandboxes at once, and none after the run", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < EVALS; i++) files[`evals/e${i}.eval.yaml`] = evalYaml(i);
    const root = await makeProject(files);
    dirs.push(root);

    const { run } = await runEvals({
      projectRoot: root,
      env: { ...process.env, CI: "true", TMPDIR: tmp, AE_SCALE_ROOT: tmp },
      concurrency: CONCURRENCY,
      allTrials: true,
    });
    expect(run.evals.map((e) => e.status)).toEqual(Array(EVALS).fill("passed"));

    const counts: number[] = [];
    for (const e of run.evals)
      for (const t of e.trials) {
        const out = await fs.readFile(path.join(root, t.dir, "agent.stdout"), "utf8");
        counts.push(Number(out.trim()));
      }
    expect(counts).toHaveLength(EVALS * 2);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(1); // its own
    expect(Math.max(...counts)).toBeLessThanOrEqual(2 * CONCURRENCY);
    const left = (await fs.readdir(tmp)).filter((n) => n.includes("-prepared-"));
    expect(left).toEqual([]);
  });
});
