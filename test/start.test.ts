// The entry points keep V8's young generation at its first size (src/start/index.ts): the shipped
// dist/ entries, run by a real Node, with a probe that makes surviving objects at exit and reads the
// new space's size. Without the flag, the same probe grows it to 32 MiB on Node 20.

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT } from "./helpers/project.js";

const run = promisify(execFile);
const PROBE = path.join(REPO_ROOT, "test/fixtures/start/young-generation-probe.mjs");
// An empty project (removed by test/integration-setup.ts): the Action finds no evals there and
// fails before it runs anything.
let emptyProject = "";
beforeAll(async () => {
  emptyProject = await makeProject({});
});

async function newSpaceMb(
  entry: string,
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  const child = await run(
    process.execPath,
    [...nodeArgs, "--import", PROBE, path.join(REPO_ROOT, entry), "--version"],
    {
      cwd: emptyProject,
      env: { PATH: process.env.PATH, ...env },
    },
  ).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? "" }));
  const found = /new_space_mb=([\d.]+) rounds=150/.exec(child.stderr);
  expect(found, child.stderr).not.toBeNull();
  return Number(found![1]);
}

describe("the entry points keep the young generation small", () => {
  it("the CLI (dist/cli/index.js) does not grow it", async () => {
    expect(await newSpaceMb("dist/cli/index.js")).toBeLessThanOrEqual(4);
  });

  it("the Action (dist/index.js) does not grow it, also when the run fails", async () => {
    expect(await newSpaceMb("dist/index.js")).toBeLessThanOrEqual(4);
  });

  it("a semi-space flag given to Node wins: the user's growth is kept", async () => {
    expect(await newSpaceMb("dist/cli/index.js", ["--semi-space-growth-factor=2"])).toBeGreaterThan(
      8,
    );
    expect(
      await newSpaceMb("dist/cli/index.js", [], { NODE_OPTIONS: "--max-semi-space-size=16" }),
    ).toBeGreaterThan(8);
  });
});
