/**
 * Where an agent works: its workspace, with PWD naming it whatever the caller's PWD was, and a
 * shimmed call made from a folder outside the sandbox said as such on the trial. Script agents
 * through the engine (real bash and node processes); opencode's own case is in opencode.test.ts.
 */
import { promises as fs } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { runAgentProcess } from "../src/agents/process-agent.js";
import { runEvals } from "../src/engine/index.js";
import { callsOutside } from "../src/run/trial-damage.js";
import {
  agentProject,
  engineEnv,
  onlyEval,
  removeAgentProjects,
  tempDir,
} from "./helpers/agent-run.js";
import { deployEval } from "./helpers/fake-agents.js";

afterEach(removeAgentProjects);

describe("an agent's working directory", () => {
  it("starts with PWD set to its workspace, not the PWD it was run with", async () => {
    const { root, home } = await agentProject(deployEval());
    const outside = await tempDir("ae-user-project-");
    const seen: Record<string, string | undefined> = {};
    // A program started without a shell between (a shell would correct PWD itself): node.
    const agent = scriptAgent("pwd-printer", async (ctx) => {
      seen.cwd = ctx.cwd;
      seen.ctxPwd = ctx.env.PWD;
      const run = await runAgentProcess(ctx, {
        command: process.execPath,
        args: [
          "-e",
          "require('fs').writeFileSync('deploy.txt', 'production\\n'); process.stdout.write(process.env.PWD)",
        ],
      });
      seen.printed = await fs.readFile(run.stdoutFile, "utf8");
      return run.result;
    });
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: { ...engineEnv(home), PWD: outside },
      maxRetries: 0,
    });
    const result = onlyEval(outcome.run);
    expect(result.trials[0]!.status, JSON.stringify(result.trials[0])).toBe("passed");
    expect(seen.cwd).not.toBe(outside);
    expect(seen.ctxPwd).toBe(seen.cwd);
    expect(seen.printed).toBe(seen.cwd);
  });

  it("warns, naming the folder, when a shimmed call runs from outside the sandbox", async () => {
    const { root, home } = await agentProject(deployEval());
    const outside = await tempDir("ae-user-project-");
    const agent = scriptAgent(
      "wanderer",
      `(cd ${JSON.stringify(outside)} && vendor deploy) && echo production > deploy.txt`,
    );
    const outcome = await runEvals({
      projectRoot: root,
      agents: [agent],
      env: engineEnv(home),
      maxRetries: 0,
    });
    const trial = onlyEval(outcome.run).trials[0]!;
    expect(trial.status).toBe("passed");
    expect(trial.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^the agent worked outside its sandbox: .*vendor in ${outside}`),
      ),
    ]);
  });

  it("a call in the workspace, its TMPDIR or HOME is inside; one elsewhere is not", () => {
    const inside = ["/t/work", "/t/tmp", "/t/home", undefined];
    expect(
      callsOutside(
        [
          { bin: "a", cwd: "/t/work" },
          { bin: "b", cwd: "/t/work/src" },
          { bin: "c", cwd: "/t/tmp/x" },
          { bin: "d", cwd: "/t/home" },
        ],
        inside,
      ),
    ).toEqual([]);
    expect(
      callsOutside(
        [
          { bin: "a", cwd: "/t/workshop" },
          { bin: "b", cwd: "/home/me/project" },
          { bin: "c", cwd: "/home/me/project" },
        ],
        inside,
      ),
    ).toEqual([
      "the agent worked outside its sandbox: shimmed calls ran from folders outside its workspace (a in /t/workshop; b, c in /home/me/project)",
    ]);
  });
});
