/**
 * The record-and-replay faces of the CLI, with the real `claude` binary against the fake Anthropic
 * API: `eval --record`, then with the fake gone and no key `replay <trial>` (one trial again, its
 * workspace kept) and `diverge A B` (none between a recording and its replay; the first differing
 * turn after the prompt changed).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropic, type FakeAnthropic } from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, removeAgentProjects, tempDir } from "./helpers/agent-run.js";
import { deployEval } from "./helpers/fake-agents.js";
import { runCli } from "./helpers/project.js";

const fakes: FakeAnthropic[] = [];

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close().catch(() => undefined)));
  await removeAgentProjects();
});

const TRIAL = path.join(".copybook", "results", "evals", "deploy", "claude-code", "trial-1");

describe("replay and diverge on the command line", { timeout: 240_000 }, () => {
  it("records, replays one trial with no key and the fake gone, and names where a changed prompt diverges", async () => {
    const { root, home } = await agentProject(`agents: [claude-code]\n${deployEval()}`);
    const fake = await startFakeAnthropic([
      {
        toolUse: {
          name: "Bash",
          input: { command: "vendor deploy --prod && echo production > deploy.txt" },
        },
      },
      { text: "Deployed to production." },
    ]);
    fakes.push(fake);
    const env = {
      CI: "true",
      HOME: home,
      PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH}`,
      CLAUDE_CODE_MAX_RETRIES: "0",
    };

    const recorded = await runCli(["eval", "--record"], {
      cwd: root,
      env: { ...env, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: "sk-ant-fake-key" },
    });
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const recordings = await tempDir("ae-recordings-");
    await fs.cp(path.join(root, ".copybook", "results"), recordings, { recursive: true });
    const recording = path.join(recordings, "evals", "deploy", "claude-code", "trial-1");
    await fake.close();

    // One trial again: no key, no fake; the workspace kept and named.
    const replayed = await runCli(["replay", TRIAL], {
      cwd: root,
      env: { ...env, ANTHROPIC_API_KEY: "" },
    });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);
    expect(replayed.stdout).toMatch(/1 passed/);
    const kept = /workspace kept at (\S+)/.exec(replayed.stdout)?.[1];
    expect(kept, replayed.stdout).toBeDefined();
    // The kept workspace holds what the replayed agent wrote.
    expect(await fs.readFile(path.join(kept!, "deploy.txt"), "utf8")).toMatch(/production/);
    await fs.rm(path.dirname(kept!), { recursive: true, force: true });
    const replayCassette = path.join(root, TRIAL, "cassette.json.gz");
    await expect(fs.stat(replayCassette)).resolves.toBeTruthy();

    // A recording and its replay do not diverge.
    const same = await runCli(["diverge", recording, TRIAL], { cwd: root });
    expect(same.code, same.stdout + same.stderr).toBe(0);
    expect(same.stdout).toMatch(/no divergence/);

    // A plain cassette.json (an older recording, or one unpacked to edit) is read as well: by
    // diverge, given as a file or as its trial folder, and by replay <trial>.
    const plain = await tempDir("ae-plain-");
    const plainTrial = path.join(plain, "evals", "deploy", "claude-code", "trial-1");
    await fs.mkdir(plainTrial, { recursive: true });
    await fs.writeFile(
      path.join(plainTrial, "cassette.json"),
      gunzipSync(await fs.readFile(path.join(recording, "cassette.json.gz"))),
    );
    for (const given of [path.join(plainTrial, "cassette.json"), plainTrial]) {
      const plainSame = await runCli(["diverge", given, replayCassette], { cwd: root });
      expect(plainSame.code, plainSame.stdout + plainSame.stderr).toBe(0);
      expect(plainSame.stdout).toMatch(/no divergence/);
    }
    const plainReplay = await runCli(["replay", plainTrial], {
      cwd: root,
      env: { ...env, ANTHROPIC_API_KEY: "" },
    });
    expect(plainReplay.code, plainReplay.stdout + plainReplay.stderr).toBe(0);
    expect(plainReplay.stdout).toMatch(/1 passed/);
    const plainKept = /workspace kept at (\S+)/.exec(plainReplay.stdout)?.[1];
    if (plainKept) await fs.rm(path.dirname(plainKept), { recursive: true, force: true });

    // A changed prompt: the replay misses at turn 1, and diverge says so.
    const evalFile = path.join(root, "evals", "task.eval.yaml");
    await fs.writeFile(
      evalFile,
      (await fs.readFile(evalFile, "utf8")).replace("Deploy the app", "Deploy the whole app"),
    );
    const missed = await runCli(["eval", "--replay", recordings], {
      cwd: root,
      env: { ...env, ANTHROPIC_API_KEY: "" },
    });
    expect(missed.code).not.toBe(0);
    expect(missed.stdout + missed.stderr).toMatch(/AE303|replay miss/);
    const differ = await runCli(["diverge", recording, TRIAL], { cwd: root });
    expect(differ.code, differ.stdout + differ.stderr).toBe(1);
    expect(differ.stdout).toMatch(/turn 1/);
    expect(differ.stdout).toContain("Deploy the whole app");
  });
});
