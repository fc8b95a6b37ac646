/**
 * An eval's `sandbox.kind`: loaded from both formats, checked against the providers' registry when
 * the evals load (an unknown kind: exit 2 through the bundled CLI, nothing run), and obeyed per
 * eval in one run — an eval naming `bwrap` runs under bubblewrap beside one that runs with none.
 * Needs bwrap (installed here and in CI) and `npm run bundle` for dist/.
 */
import { promises as fs } from "node:fs";
import { execFile } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { planEvals, runEvals } from "../src/engine/index.js";
import { makeProject, REPO_ROOT, runCli } from "./helpers/project.js";
import { BWRAP, requireTool } from "./helpers/requires-tool.js";

const bwrap = await requireTool(BWRAP);

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(files: Record<string, string> = {}): Promise<string> {
  const dir = await makeProject(files);
  dirs.push(dir);
  return dir;
}

const evalYaml = (name: string, kind?: string) => `name: ${name}
prompt: Write outside.
sandbox: { fixture: { "README.md": "# app\\n" }${kind ? `, kind: ${kind}` : ""} }
timeout: 60
assertions:
  files: [README.md]
`;

/** Writes $OUTSIDE_DIR/<eval id>: possible with none, refused under bwrap (a read-only view). */
const WRITE_OUTSIDE = `echo x > "$OUTSIDE_DIR/$AGENT_EVALS_EVAL" 2>/dev/null || true`;

function runBundledCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, "dist/cli/index.js"), ...args],
      { env: { ...env, NO_COLOR: "1" } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === "number" ? error.code : 1) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

describe("sandbox.kind", () => {
  it("loads from YAML and TypeScript, alone or beside the tree", async () => {
    const root = await tempDir({
      "evals/a.eval.yaml": evalYaml("a", "bwrap"),
      "evals/b.eval.yaml": `name: b\nprompt: Hi.\nsandbox: { kind: none }\nassertions:\n  files: [x]\n`,
      "evals/c.eval.ts": `import { defineEval, fileExists } from "agent-evals";
export const c = defineEval("Hi.", {
  sandbox: { fixture: { "x": "1" }, kind: "bwrap" },
  assert: [fileExists("x")],
});
`,
    });
    const { specs } = await planEvals({ projectRoot: root });
    const byId = Object.fromEntries(specs.map((s) => [s.id, s]));
    expect(byId.a).toMatchObject({
      workspace: { kind: "fixture" },
      isolation: { provider: "bwrap" },
    });
    expect(byId.b).toMatchObject({ workspace: { kind: "repo" }, isolation: { provider: "none" } });
    expect(byId.c).toMatchObject({
      workspace: { kind: "fixture" },
      isolation: { provider: "bwrap" },
    });
  });

  it("an unknown kind is a definition error with file, line and fix: exit 2 from the bundled CLI, nothing run", async () => {
    const root = await tempDir({ "evals/d.eval.yaml": evalYaml("d", "podman") });
    const result = await runBundledCli(["eval", "--cwd", root, "--agent", "literal"], {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      CI: "true",
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain("evals/d.eval.yaml:1");
    expect(result.stderr).toContain('unknown sandbox kind "podman", known: none, bwrap, docker');
    expect(result.stderr).toContain("set `sandbox.kind` to one of none, bwrap, docker");
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });

  it("an eval asking for a provider that cannot run here stops the run (exit 2) with the reason and fix", async () => {
    const root = await tempDir({ "evals/a.eval.yaml": evalYaml("a", "bwrap") });
    // A PATH with bash but no bwrap: what a machine without bubblewrap looks like.
    const bin = await tempDir();
    await fs.symlink("/bin/bash", path.join(bin, "bash"));
    const result = await runCli(["eval", "--cwd", root, "--agent", "literal"], {
      env: { PATH: bin, CI: "true" },
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain("asks for sandbox.kind bwrap: bwrap is not installed");
    expect(result.stderr).toContain("Nothing was run: make bubblewrap work here");
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });

  it("refuses --real-home with an eval whose kind gives each trial its own HOME (exit 2), running nothing", async () => {
    const root = await tempDir({ "evals/a.eval.yaml": evalYaml("a", "bwrap") });
    const result = await runCli(["eval", "--cwd", root, "--agent", "literal", "--real-home"], {
      env: { CI: "true" },
    });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toContain(
      "--real-home cannot be used with eval a, whose sandbox.kind bwrap",
    );
    expect(await fs.readdir(root)).not.toContain(".copybook");
  });

  bwrap.it(
    "runs each eval under its own kind in one run when it asks for more: bwrap beside none; never less",
    async () => {
      const root = await tempDir({
        "evals/jailed.eval.yaml": evalYaml("jailed", "bwrap"),
        "evals/plain.eval.yaml": evalYaml("plain"),
        "evals/loose.eval.yaml": evalYaml("loose", "none"),
      });
      const outside = await tempDir();
      const notes: string[] = [];
      const run = (sandbox: "none" | "bwrap", names: string[]) =>
        runEvals({
          events: {
            onPlan: (planned) => {
              notes.push(...planned.notes);
            },
          },
          projectRoot: root,
          names,
          agents: [scriptAgent("writer", WRITE_OUTSIDE)],
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", OUTSIDE_DIR: outside },
          sandbox,
          maxRetries: 0,
        });
      const first = await run("none", ["jailed", "plain"]);
      expect(await fs.readdir(outside)).toEqual(["plain"]);
      const sandboxOf = (outcome: typeof first) =>
        Object.fromEntries(outcome.run.evals.map((r) => [r.id, r.sandbox]));
      expect(sandboxOf(first)).toEqual({ jailed: "bwrap", plain: "none" });
      expect(first.run.isolation).toMatch(/^sandbox: a fresh temp directory per trial/);
      // The run says what the eval's own provider protects.
      expect(notes).toContainEqual(
        expect.stringMatching(/^jailed \(sandbox.kind bwrap\): sandbox: bubblewrap/),
      );
      const written = JSON.parse(
        await fs.readFile(path.join(first.resultsDir, "run.json"), "utf8"),
      ) as { evals: Array<{ id: string; sandbox?: string }> };
      expect(Object.fromEntries(written.evals.map((r) => [r.id, r.sandbox]))).toEqual({
        jailed: "bwrap",
        plain: "none",
      });

      // `kind: none` in a bwrap run cannot opt out: it runs under bwrap too, and the run says so.
      await fs.rm(path.join(outside, "plain"));
      const second = await run("bwrap", ["loose", "plain"]);
      expect(await fs.readdir(outside)).toEqual([]);
      expect(sandboxOf(second)).toEqual({ loose: "bwrap", plain: "bwrap" });
      expect(second.run.isolation).toMatch(/^sandbox: bubblewrap per trial/);
      expect(notes).toContainEqual(
        expect.stringMatching(/^loose \(sandbox.kind none\): run under bwrap like the rest/),
      );
    },
  );
});
