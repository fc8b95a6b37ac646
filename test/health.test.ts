// `agent-evals health` end to end: real runs recorded with --history-dir, then read back.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

// A checks-only eval whose check reads a file the test flips between runs.
const EVAL = `name: toggle
sandbox:
  fixture: { "a.txt": "x" }
assertions:
  commands: ["test -f \\"$FLAG\\""]
`;

describe("agent-evals health", () => {
  it("names a flaky eval after its verdict flips, and a broken one", async () => {
    const root = await makeProject({
      "evals/toggle.eval.yaml": EVAL,
      "evals/never.eval.yaml": `name: never
sandbox:
  fixture: { "a.txt": "x" }
assertions:
  files: [missing.txt]
`,
    });
    const flag = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "agent-evals-flag-")), "flag");
    dirs.push(root, path.dirname(flag));
    const history = path.join(root, "history");
    for (const on of [true, false, true, false]) {
      if (on) await fs.writeFile(flag, "");
      else await fs.rm(flag, { force: true });
      await runCli(["eval", "--history-dir", history, "--force"], {
        cwd: root,
        env: { FLAG: flag },
      });
    }
    const result = await runCli(["health", "--history-dir", "history"], { cwd: root });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^broken +never \[none\]: 4 run\(s\)/m);
    expect(result.stdout).toMatch(/^flaky +toggle \[none\]: 4 run\(s\), 3 flip\(s\) \(100%\)/m);
    const json = await runCli(["health", "--history-dir", "history", "--format", "json"], {
      cwd: root,
    });
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: "toggle", state: "flaky", flips: 3 })]),
    );
  });

  it("refuses to run without a history folder (exit 2)", async () => {
    const root = await makeProject({ "evals/toggle.eval.yaml": EVAL });
    dirs.push(root);
    const result = await runCli(["health"], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pass --history-dir DIR");
  });
});
