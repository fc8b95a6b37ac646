// The package as a user gets it: `npm pack` of this checkout, installed with `npm install
// <tarball>` into a new project. Its bundles need nothing at run time, so the install adds one
// package and needs no registry; both bins run the same CLI; a TypeScript eval that imports Node
// built-ins loads from the bundle (jiti's native import survives bundling: scripts/bundle.mjs).
// It tests dist/ as built from src/ (`npm run check-dist` keeps the two equal).

import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject, REPO_ROOT } from "./helpers/project.js";

const run = promisify(execFile);
const dirs: string[] = [];
let project = "";

/** npm without the settings of an `npm test` around it (its prefix, its scripts' env). */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key)) env[key] = value;
  }
  return { ...env, NO_COLOR: "1", CI: "" };
}

beforeAll(async () => {
  const packs = await makeProject({});
  project = await makeProject({
    "package.json": JSON.stringify({ name: "newcomer", private: true, type: "module" }),
    "README.md": "# newcomer\n",
    "evals/builtins.eval.ts": [
      'import { existsSync } from "node:fs";',
      'import os from "os";',
      'import { createHash } from "node:crypto";',
      'import { pathToFileURL } from "node:url";',
      'import { execFileSync } from "child_process";',
      'import { defineEval, fileContains } from "agent-evals";',
      "",
      "// Each built-in is used, so none is dropped as an unused import.",
      'const facts = [existsSync("README.md"), os.EOL, createHash("sha256").update("x").digest("hex"),',
      '  pathToFileURL("README.md").protocol, execFileSync("echo", ["hi"], { encoding: "utf8" })];',
      "",
      "export const builtins = defineEval(null, {",
      '  assert: [fileContains("README.md", facts.length === 5 ? "# newcomer" : "missing")],',
      "});",
      "",
    ].join("\n"),
  });
  dirs.push(packs, project);
  const packed = await run("npm", ["pack", "--pack-destination", packs, "--silent"], {
    cwd: REPO_ROOT,
    env: npmEnv(),
  });
  const tarball = path.join(packs, packed.stdout.trim().split("\n").pop()!);
  await run("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], {
    cwd: project,
    env: npmEnv(),
  });
}, 180_000);

afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function bin(name: string, args: string[]) {
  return run(path.join(project, "node_modules/.bin", name), args, { cwd: project, env: npmEnv() });
}

describe("the packed package installed into a new project", () => {
  it("installs one package: the bundles import nothing but Node's built-ins", async () => {
    const installed = (await fs.readdir(path.join(project, "node_modules"))).filter(
      (name) => !name.startsWith("."),
    );
    expect(installed).toEqual(["agent-evals"]);
    const manifest = JSON.parse(
      await fs.readFile(path.join(project, "node_modules/agent-evals/package.json"), "utf8"),
    ) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it("`copybook` and `agent-evals` are the same CLI", async () => {
    const [copybook, agentEvals] = await Promise.all([
      bin("copybook", ["--version"]),
      bin("agent-evals", ["--version"]),
    ]);
    expect(copybook.stdout).toMatch(/\d+\.\d+\.\d+/);
    expect(copybook.stdout).toBe(agentEvals.stdout);
  });

  it("loads a TypeScript eval that imports node:fs, os, node:crypto, node:url and child_process", async () => {
    const result = await bin("copybook", ["eval", "--unsafe-local"]).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(result.stderr).not.toContain("AE108");
    expect(result.stdout).toContain("PASS builtins");
    expect(result.stdout).toContain("1 passed, 0 failed");
  });

  it("the library entry imports in plain Node", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'const m = await import("agent-evals"); console.log(typeof m.defineEval, typeof m.runEvals)',
      ],
      { cwd: project },
    );
    expect(stdout.trim()).toBe("function function");
  });

  it("type-checks a user's TypeScript against its declarations, strict and without skipLibCheck", async () => {
    // What a new TypeScript project has: typescript and @types/node (taken from this checkout, as
    // the install is offline), nothing else. The declarations must not reach zod, yaml or any
    // module the package does not ship.
    await fs.mkdir(path.join(project, "node_modules/@types"), { recursive: true });
    await fs.symlink(
      path.join(REPO_ROOT, "node_modules/@types/node"),
      path.join(project, "node_modules/@types/node"),
    );
    await fs.writeFile(
      path.join(project, "typed.ts"),
      [
        'import { defineEval, fileContains, runEvals, type EvalResult } from "agent-evals";',
        'export const typed = defineEval(null, { assert: [fileContains("README.md", "x")] });',
        "export const results = (r: EvalResult[]): number => r.length;",
        "export const run = runEvals;",
        "",
      ].join("\n"),
    );
    await fs.writeFile(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ["node"],
        },
        files: ["typed.ts"],
      }),
    );
    const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
    const checked = await run(process.execPath, [tsc, "-p", "."], { cwd: project }).catch(
      (error: { stdout: string }) => error,
    );
    expect(checked.stdout).toBe("");
  });
});
