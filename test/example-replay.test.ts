// `npm run example:skills`: the example's 8 Claude Code pairs (the changelog skill's and the
// build-check command's trigger and e2e evals) replayed from evals-example/recordings/ with the
// real `claude` binary, as a newcomer runs it: no key, no login, no model server anywhere. Every
// pair passes; none is skipped. The CLI is this checkout's build (test/helpers/bundle.ts), which
// `npm run bundle` commits as dist/: the recordings are gzip-compressed, which an older dist/
// cannot read.

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requireBin } from "./fakes/clis.js";
import { cliEntry } from "./helpers/bundle.js";
import { REPO_ROOT } from "./helpers/project.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe("the example's recordings", () => {
  it(
    "replay the skill and command evals with the real claude and no key",
    { timeout: 300_000 },
    async () => {
      // A copy, so this run holds no lock on the checkout's evals-example/.
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "ae-example-replay-"));
      dirs.push(root);
      await fs.cp(path.join(REPO_ROOT, "evals-example"), path.join(root, "evals-example"), {
        recursive: true,
        filter: (src) => !/[/\\](\.copybook|node_modules|results)$/.test(src),
      });
      const home = path.join(root, "home");
      await fs.mkdir(home);
      const env: NodeJS.ProcessEnv = {
        PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH}`,
        HOME: home,
        LANG: "C.UTF-8",
        NO_COLOR: "1",
      };
      const cli = await cliEntry();
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [cli, "eval", "--cwd", "evals-example", "--unsafe-local", "--replay", "recordings"],
          { cwd: root, env, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        ),
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^8 passed, 0 failed ·/m);
      expect(run.stdout).not.toMatch(/SKIP|replay miss/);
      for (const name of ["build-check", "changelog"])
        expect(run.stdout).toMatch(new RegExp(`PASS ${name}\\b`));
    },
  );
});
