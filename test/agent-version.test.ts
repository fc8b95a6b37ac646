/**
 * Qualifying a new agent CLI version (docs/agents.md › Another version of an agent CLI): `compare
 * --agent-version gemini@0.60.0` runs the gemini on PATH (0.61.0, the control) against 0.60.0 (the
 * treatment, found in the version cache as an earlier run installed it), trials interleaved,
 * against the fake Gemini API. The comparison is read by the usual rule; each arm's trials record
 * their own version. A version npm does not have is exit 2 with the fix, before anything runs.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeGemini, type FakeGemini } from "./fakes/gemini.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import { deployEval } from "./helpers/fake-agents.js";
import { runCli } from "./helpers/project.js";

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  await removeAgentProjects();
});

const TRIALS = 2;

interface Run {
  evals: Array<{
    id: string;
    arm?: string;
    agentVersion?: string;
    status: string;
    trialsRun: number;
  }>;
  comparisons?: Array<{ control: string; treatment: string; verdict: string; maxTrials: number }>;
}

describe("compare --agent-version", { timeout: 300_000 }, () => {
  it("runs the installed gemini against another version, interleaved, and compares them", async () => {
    const { root, home } = await agentProject(
      `agents: [gemini]\n${deployEval("", { model: "gemini-2.5-pro" })}`,
    );
    // The script answers trial after trial (one at a time: --concurrency 1).
    const deploy = [
      {
        call: {
          name: "run_shell_command",
          args: { command: "vendor deploy --prod && echo production > deploy.txt" },
        },
      },
      { text: "Deployed to production." },
    ];
    const fake = await startFakeGemini(Array.from({ length: 2 * TRIALS }, () => deploy).flat());
    fakes.push(fake);
    // The version cache as an earlier run left it: 0.60.0's program in its own folder.
    const cache = await tempDir("ae-cli-cache-");
    const binDir = path.join(cache, "clis", "@google+gemini-cli@0.60.0", "node_modules", ".bin");
    await fs.mkdir(binDir, { recursive: true });
    await fs.symlink(requireBin("gemini-0.60.0"), path.join(binDir, "gemini"));
    const pathDir = await tempDir("ae-gemini-bin-");
    await fs.symlink(requireBin("gemini"), path.join(pathDir, "gemini"));

    const result = await runCli(
      [
        "compare",
        "--agent-version",
        "gemini@0.60.0",
        "--trials",
        String(TRIALS),
        "--concurrency",
        "1",
      ],
      {
        cwd: root,
        env: {
          CI: "true",
          HOME: home,
          PATH: `${pathDir}${path.delimiter}${process.env.PATH}`,
          AGENT_EVALS_CACHE_DIR: cache,
          GOOGLE_GEMINI_BASE_URL: fake.url,
          GEMINI_API_KEY: "fake-gemini-key",
        },
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("gemini as installed against gemini@0.60.0");
    const run = JSON.parse(
      await fs.readFile(path.join(root, ".copybook", "results", "run.json"), "utf8"),
    ) as Run;
    const control = run.evals.find((e) => e.arm === undefined)!;
    const treatment = run.evals.find((e) => e.arm === "gemini@0.60.0")!;
    expect(control).toMatchObject({ agentVersion: "0.61.0", status: "passed", trialsRun: TRIALS });
    expect(treatment).toMatchObject({
      agentVersion: "0.60.0",
      status: "passed",
      trialsRun: TRIALS,
    });
    expect(run.comparisons).toHaveLength(1);
    expect(run.comparisons![0]).toMatchObject({
      control: "gemini@0.61.0",
      treatment: "gemini@0.60.0",
      maxTrials: TRIALS,
    });
    // Two trials each cannot say more than that: the usual rule, inconclusive.
    expect(run.comparisons![0]!.verdict).toBe("inconclusive");
    expect(result.stdout).toMatch(
      /INCONCLUSIVE deploy \[gemini\] gemini@0\.61\.0 2\/2 → gemini@0\.60\.0 2\/2/,
    );
  });

  it("a version npm cannot install is exit 2 with the fix; bad text too; not with --base", async () => {
    const { root, home } = await agentProject(`agents: [gemini]\n${deployEval()}`);
    const cache = await tempDir("ae-cli-cache-");
    const env = {
      CI: "true",
      HOME: home,
      AGENT_EVALS_CACHE_DIR: cache,
      // npm against a registry on loopback that is not there: the install fails at once.
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_fetch_retries: "0",
    };
    const missing = await runCli(["compare", "--agent-version", "gemini@0.0.0-nope"], {
      cwd: root,
      env,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("npm could not install @google/gemini-cli@0.0.0-nope");
    expect(missing.stderr).toContain("npm view @google/gemini-cli versions");
    // The same through a variant: the eval's file, line and key are named.
    const pathDir = await tempDir("ae-gemini-bin-");
    await fs.symlink(requireBin("gemini"), path.join(pathDir, "gemini"));
    await fs.appendFile(
      path.join(root, "evals", "task.eval.yaml"),
      "variants:\n  - name: older\n    agentVersion: gemini@0.0.0-nope\n",
    );
    const variant = await runCli(["eval"], {
      cwd: root,
      env: { ...env, PATH: `${pathDir}${path.delimiter}${process.env.PATH}` },
    });
    expect(variant.code, variant.stdout).toBe(2);
    expect(variant.stderr).toMatch(
      /evals\/task\.eval\.yaml:\d+: AE201 agentVersion gemini@0\.0\.0-nope: npm could not install/,
    );
    expect(variant.stderr).toContain("(variants.older.agentVersion)");
    for (const [args, message] of [
      [["--agent-version", "gemini"], "--agent-version takes AGENT@VERSION"],
      [["--agent-version", "literal@1.0.0"], "is not an agent installed from npm"],
      [["--agent-version", "gemini@1.0.0", "--base", "main"], "not both"],
    ] as const) {
      const bad = await runCli(["compare", ...args], { cwd: root, env });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(message);
    }
  });
});
