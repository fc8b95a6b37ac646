// The README's example output is what `npm run example` prints: the committed CLI runs a copy of
// evals-example/ as a newcomer would (no key, no `claude` on PATH), and every line of the README's
// example block (scripts/check-docs.ts › exampleMismatches: in order, times and costs aside) must
// be in its output, the summary line included.

import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exampleBlock, exampleMismatches } from "../scripts/check-docs.js";
import { REPO_ROOT } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** The environment of a fresh machine: no Claude key or login, no `claude` on PATH, no colours. */
function newcomerEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "", NO_COLOR: "1", HOME: home };
  for (const key of ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"])
    delete env[key];
  env.PATH = (env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !existsSync(path.join(dir, "claude")))
    .join(path.delimiter);
  return env;
}

describe("the README's example output", () => {
  it("is what `npm run example` prints", { timeout: 300_000 }, async () => {
    const block = exampleBlock(await fs.readFile(path.join(REPO_ROOT, "README.md"), "utf8"));
    expect(block, "README.md has a code block with the example's summary line").toBeDefined();

    // A copy, so this run holds no lock on the checkout's evals-example/ (test/cli.test.ts runs it).
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "ae-docs-example-"));
    dirs.push(root);
    await fs.cp(path.join(REPO_ROOT, "evals-example"), path.join(root, "evals-example"), {
      recursive: true,
      filter: (src) => !/[/\\](\.copybook|node_modules|results)$/.test(src),
    });
    const home = path.join(root, "home");
    await fs.mkdir(home);

    // package.json's `example` script, run where a newcomer runs it.
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [
          path.join(REPO_ROOT, "dist/cli/index.js"),
          "eval",
          "--cwd",
          "evals-example",
          "--unsafe-local",
        ],
        { cwd: root, env: newcomerEnv(home), maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(exampleMismatches(block!, run.stdout), run.stdout).toEqual([]);
  });

  it("is the `example` script of package.json", async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.example).toBe(
      "node dist/cli/index.js eval --cwd evals-example --unsafe-local",
    );
  });
});
