/**
 * The soak's survivor case (docs/benchmarks.md, Soak), small: through the real CLI, many trials whose
 * programs fork `setsid` children that would sleep ten minutes, from every place a run starts a
 * program: the setup step, the literal agent, a command agent, a `commands` check. However fast
 * the program that forked them ends, none may be alive once the CLI has exited: with a cgroup per
 * program where cgroup v2 is usable, and with the marker scan alone (AGENT_EVALS_NO_CGROUP=1).
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { uniqueToken } from "./helpers/agent-run.js";
import { leftovers } from "./helpers/procs.js";
import { makeProject, runCli } from "./helpers/project.js";

const dirs: string[] = [];
const tags: string[] = [];
afterEach(async () => {
  // A failing test leaves its sleepers: they are killed here, not left for ten minutes.
  for (const tag of tags.splice(0)) {
    for (const p of await leftovers(tag)) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

// Two children in a session of their own (one an exec'd sleep, one a shell that forks it), then
// the forking program ends at once: the race the soak lost, a fork still under way as it ended.
const FORK = `setsid sleep 600 </dev/null >/dev/null 2>&1 & setsid sh -c 'sleep 600; :' </dev/null >/dev/null 2>&1 &`;
const TRIALS = 12;

const literalEval = `name: literal-forks
prompt: |
  Fork and write the file.

  \`\`\`sh
  ${FORK}
  echo hi > out.txt
  \`\`\`
agents: [literal]
trials: ${TRIALS}
timeout: 20
setup: ["${FORK.replace(/"/g, '\\"')}"]
sandbox: { fixture: { a: "" } }
assertions:
  files: [out.txt]
  commands: ["${FORK.replace(/"/g, '\\"')} test -f out.txt"]
`;

const commandEval = `name: command-forks
prompt: Fork and write the file.
trials: ${TRIALS}
timeout: 20
sandbox: { fixture: { a: "" } }
assertions:
  files: [out.txt]
  commands: ["${FORK.replace(/"/g, '\\"')} true"]
`;

const AGENT = `#!/bin/bash
${FORK}
echo hi > out.txt
`;

describe.skipIf(process.platform !== "linux")(
  "setsid children of every program a run starts",
  () => {
    it.each([
      { mode: "a cgroup per program where usable", env: {} },
      { mode: "the marker scan alone", env: { AGENT_EVALS_NO_CGROUP: "1" } },
    ])(
      "are all gone when the CLI exits ($mode)",
      async ({ env }) => {
        const tag = `ESCAPEE_TAG=${uniqueToken("escapees")}`;
        tags.push(tag);
        const root = await makeProject({
          "evals/literal.eval.yaml": literalEval,
          "evals/command.eval.yaml": commandEval,
          "agent.sh": AGENT,
        });
        const tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "escapees-tmp-")));
        dirs.push(root, tmp);
        const result = await runCli(
          [
            "eval",
            "--cwd",
            root,
            "--unsafe-local",
            "--all-trials",
            "--no-cache",
            "--concurrency",
            "4",
            "--agent",
            "literal",
            "--agent",
            `bash ${path.join(root, "agent.sh")} {prompt}`,
          ],
          {
            env: { ...env, TMPDIR: tmp, [tag.split("=")[0]!]: tag.split("=")[1] },
            timeoutMs: 120_000,
          },
        );
        expect(result.stderr).not.toMatch(/infra error/);
        const left = await leftovers(tag);
        expect(left, `left running: ${JSON.stringify(left)}`).toEqual([]);
        const run = JSON.parse(
          await fs.readFile(path.join(root, ".copybook/results/run.json"), "utf8"),
        ) as { evals: { trials: unknown[] }[] };
        // Every trial ran (setup, agent and checks each forked the sleepers every time).
        expect(run.evals.reduce((n, e) => n + e.trials.length, 0)).toBeGreaterThanOrEqual(
          3 * TRIALS,
        );
      },
      180_000,
    );
  },
);
