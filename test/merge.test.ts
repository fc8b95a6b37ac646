import { promises as fs } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { emptyCounts, type RunResult } from "../src/model/result.js";
import { assignShards } from "../src/plan/shard.js";
import { mergeRunResults } from "../src/store/merge.js";
import { runEvals, shardOf } from "../src/engine/index.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const evalYaml = (name: string, ok: boolean) => `name: ${name}
prompt: "\`\`\`sh\\n${ok ? "touch done" : "true"}\\n\`\`\`"
agents: [literal]
trials: 2
sandbox: { fixture: { a: "" } }
assertions:
  files: [done]
`;

describe("--shard and merge", () => {
  it("deals every eval × agent to exactly one shard, the same way every time", () => {
    const units = ["c", "a", "e", "b", "d"].map((id) => ({ spec: { id }, agentName: "x" }));
    const shards = [1, 2, 3].map((index) =>
      shardOf(units, { index, count: 3 }).map((u) => u.spec.id),
    );
    expect(shards.flat().sort()).toEqual(["a", "b", "c", "d", "e"]);
    expect(shards).toEqual(
      [1, 2, 3].map((index) =>
        shardOf([...units].reverse(), { index, count: 3 })
          .map((u) => u.spec.id)
          .sort(
            (a, b) =>
              units.findIndex((u) => u.spec.id === a) - units.findIndex((u) => u.spec.id === b),
          ),
      ),
    );
  });

  it("weighted split: every pair in one shard, whatever the input order, no shard above mean + heaviest", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.nat(10_000)), {
          selector: ([id]) => id,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 8 }),
        (pairs, count) => {
          const units = pairs.map(([id, w]) => ({ spec: { id }, agentName: "x", w }));
          const split = (list: typeof units) =>
            assignShards(list, count, (u) => u.w).map((b) => b.map((u) => u.spec.id).sort());
          const shards = split(units);
          expect(shards.flat().sort()).toEqual(units.map((u) => u.spec.id).sort());
          expect(split([...units].reverse())).toEqual(shards);
          const loads = assignShards(units, count, (u) => u.w).map((b) =>
            b.reduce((n, u) => n + u.w, 0),
          );
          const total = units.reduce((n, u) => n + u.w, 0);
          const heaviest = Math.max(0, ...units.map((u) => u.w));
          expect(Math.max(...loads)).toBeLessThanOrEqual(total / count + heaviest);
        },
      ),
    );
  });

  it("a merged run is interrupted when any of its shards was", () => {
    const run = (interrupted?: boolean): RunResult => ({
      schemaVersion: 2,
      tool: { name: "agent-evals", version: "0" },
      startedAt: new Date(0).toISOString(),
      durationMs: 1,
      costUsd: 0,
      counts: emptyCounts(),
      isolation: "",
      evals: [],
      ...(interrupted ? { interrupted } : {}),
    });
    expect(mergeRunResults([run(), run(true)]).interrupted).toBe(true);
    expect(mergeRunResults([run(true), run()]).interrupted).toBe(true);
    expect(mergeRunResults([run(), run()]).interrupted).toBeUndefined();
  });

  it("merging the shards' results gives the verdicts of one unsharded run", async () => {
    const root = await makeProject({
      "evals/a.eval.yaml": evalYaml("a", true),
      "evals/b.eval.yaml": evalYaml("b", false),
      "evals/c.eval.yaml": evalYaml("c", true),
      "evals/d.eval.yaml": evalYaml("d", true),
      "evals/e.eval.yaml": evalYaml("e", false),
    });
    dirs.push(root);
    const env = { ...process.env, CI: "true" };
    const shardDirs: string[] = [];
    for (const index of [1, 2]) {
      const { resultsDir } = await runEvals({ projectRoot: root, env, shard: { index, count: 2 } });
      const copy = path.join(root, `shard-${index}`);
      await fs.cp(resultsDir, copy, { recursive: true });
      shardDirs.push(copy);
    }
    const full = await runEvals({ projectRoot: root, env });
    const out = path.join(root, "merged");
    const merged = await runCli(["merge", ...shardDirs, "--out", out], { cwd: root });
    expect(merged.code).toBe(1); // b and e fail, as in the full run
    expect(merged.stdout, merged.stderr).toMatch(/3 passed, 2 failed/);
    const run = JSON.parse(await fs.readFile(path.join(out, "run.json"), "utf8"));
    const verdicts = (
      evals: Array<{
        id: string;
        agent: string;
        status: string;
        passes: number;
        trialsRun: number;
      }>,
    ) => evals.map((e) => [e.id, e.agent, e.status, e.passes, e.trialsRun]).sort();
    expect(verdicts(run.evals)).toEqual(verdicts(full.run.evals));
    expect(run.counts).toEqual(full.run.counts);
    // Every trial folder of both shards is there, and run.json points at it (not at the
    // .copybook/results the shards ran with, which the full run has since rewritten).
    for (const e of run.evals) {
      await expect(
        fs.stat(path.join(out, "evals", e.id, "literal", "trial-1")),
      ).resolves.toBeTruthy();
      for (const t of e.trials as Array<{ n: number; dir: string }>)
        expect(t.dir).toBe(path.join("merged", "evals", e.id, "literal", `trial-${t.n}`));
    }
    // report.html found the trials' files there: a prompt is only in a trial's prompt.md.
    expect(await fs.readFile(path.join(out, "report.html"), "utf8")).toContain("touch done");

    const twice = await runCli(
      ["merge", shardDirs[0]!, shardDirs[0]!, "--out", path.join(root, "m2")],
      { cwd: root },
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain("in more than one shard");
    const bad = await runCli(["merge", path.join(root, "nope")], { cwd: root });
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("run.json") });
  });
});
