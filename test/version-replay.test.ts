/**
 * Qualifying a new agent CLI version without paying: one real gemini version's recorded model
 * traffic replayed to the other pinned version (.agent-clis/: gemini and gemini-0.60.0), with the
 * fake model gone and no key. Gemini names its own install folder in its requests (its built-in
 * skills' paths), which differs between the two versions' folders: it is a placeholder in the
 * cassette, so the two versions' requests match, and `diverge` says they do.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
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

const TRIAL = path.join("evals", "deploy", "gemini", "trial-1");

/** A folder holding `gemini`: the given version's program, to put first on PATH. */
async function geminiOnPath(bin: string): Promise<string> {
  const dir = await tempDir("ae-gemini-bin-");
  await fs.symlink(bin, path.join(dir, "gemini"));
  return dir;
}

async function runJson(root: string): Promise<{ evals: Array<Record<string, unknown>> }> {
  return JSON.parse(
    await fs.readFile(path.join(root, ".copybook", "results", "run.json"), "utf8"),
  ) as { evals: Array<Record<string, unknown>> };
}

describe("a recording of one gemini version replayed to another", { timeout: 240_000 }, () => {
  it("0.61's recording answers 0.60 turn by turn: the replay passes, each run names its version, diverge finds none", async () => {
    const { root, home } = await agentProject(
      `agents: [gemini]\n${deployEval("", { model: "gemini-2.5-pro" })}`,
    );
    const fake = await startFakeGemini([
      {
        call: {
          name: "run_shell_command",
          args: { command: "vendor deploy --prod && echo production > deploy.txt" },
        },
      },
      { text: "Deployed to production." },
    ]);
    fakes.push(fake);
    const env = (binDir: string) => ({
      CI: "true",
      HOME: home,
      PATH: `${binDir}${path.delimiter}${process.env.PATH}`,
    });

    const recorded = await runCli(["eval", "--record"], {
      cwd: root,
      env: {
        ...env(await geminiOnPath(requireBin("gemini"))),
        GOOGLE_GEMINI_BASE_URL: fake.url,
        GEMINI_API_KEY: "fake-gemini-key",
      },
    });
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    expect((await runJson(root)).evals[0]).toMatchObject({ agentVersion: "0.61.0" });
    const recordings = await tempDir("ae-recordings-");
    await fs.cp(path.join(root, ".copybook", "results"), recordings, { recursive: true });
    await fake.close();

    // The install folder is stored as a placeholder, not as this machine's path.
    const cassette = gunzipSync(
      await fs.readFile(path.join(recordings, TRIAL, "cassette.json.gz")),
    ).toString("utf8");
    expect(cassette).toContain("<agent-install>/bundle/builtin/");
    expect(cassette).not.toContain(path.join(".agent-clis", "gemini", "node_modules"));

    const replayed = await runCli(["eval", "--replay", recordings], {
      cwd: root,
      env: env(await geminiOnPath(requireBin("gemini-0.60.0"))),
    });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect((await runJson(root)).evals[0]).toMatchObject({
      agentVersion: "0.60.0",
      status: "passed",
    });

    const diverge = await runCli(
      ["diverge", path.join(recordings, TRIAL), path.join(root, ".copybook", "results", TRIAL)],
      { cwd: root },
    );
    expect(diverge.code, diverge.stderr).toBe(0);
    expect(diverge.stdout).toMatch(/^no divergence: the 2 exchange\(s\) match/);
  });
});
