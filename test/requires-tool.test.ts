// test/helpers/requires-tool.ts in a real vitest run of its own: a test that needs a missing tool
// is skipped with the reason printed, fails with it under CI=true, and runs where the tool works.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const HELPER = path.join(REPO_ROOT, "test/helpers/requires-tool.ts");
const SUITE = `import { requireTool } from ${JSON.stringify(HELPER)};
const absent = await requireTool({ name: "Gizmo", probe: () => "gizmo is not installed", install: "apt-get install gizmo" });
const present = await requireTool({ name: "Widget", probe: async () => undefined, install: "nothing" });
present.it("widget test", () => undefined);
absent.it("gizmo test", () => undefined);
absent.describe("gizmo group", () => present.it("inside the gizmo group", () => undefined));
`;

interface Report {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
}

async function runSuite(ci: string) {
  const dir = await makeProject({ "tools.test.ts": SUITE });
  dirs.push(dir);
  const out = path.join(dir, "report.json");
  const env = { ...process.env, CI: ci, NO_COLOR: "1" };
  const args = [path.join(REPO_ROOT, "node_modules/vitest/vitest.mjs"), "run", "--root", dir];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${out}`);
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, args, { cwd: dir, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  const report = JSON.parse(await fs.readFile(out, "utf8")) as Report;
  const statuses = Object.fromEntries(
    report.testResults.flatMap((f) => f.assertionResults).map((t) => [t.title, t.status]),
  );
  return { code, output, statuses };
}

describe("requireTool", () => {
  it("skips the tests of a missing tool and prints why; runs the rest", async () => {
    const { code, output, statuses } = await runSuite("");
    expect(code, output).toBe(0);
    expect(output).toContain(
      "skipping the tests that need Gizmo; Gizmo cannot run here: gizmo is not installed. apt-get install gizmo. Under CI=true they fail instead.",
    );
    expect(statuses).toEqual({
      "widget test": "passed",
      "gizmo test (needs Gizmo)": "skipped",
      "inside the gizmo group": "skipped",
    });
  });

  it("under CI=true, fails them with the reason", async () => {
    const { code, output, statuses } = await runSuite("true");
    expect(code, output).toBe(1);
    expect(output).toContain(
      "CI=true but Gizmo cannot run here: gizmo is not installed. apt-get install gizmo.",
    );
    expect(statuses).toEqual({
      "widget test": "passed",
      "gizmo test": "failed",
      "inside the gizmo group": "failed",
    });
  });
});
