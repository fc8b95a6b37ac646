/**
 * Hostile agents, planted commands (docs/reliability.md): an agent leaves a program where a check will
 * start it (a git repository whose config names a core.fsmonitor command or a core.hooksPath, a
 * hook in .git/hooks), and the eval's `commands` check runs git in its workspace. Under bwrap and
 * docker that program must run inside the trial's sandbox, not on the host (so must a skill's
 * bash outcomes, and `recheck` over the stored outcome): each attack tries to
 * create a marker file in a host folder, which must not exist afterwards. The folder is under the
 * repository (not /tmp, which a jail hides), so only the sandbox's read-only view keeps it out.
 * Real bwrap, real Docker (where a daemon runs), real git.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptAgent } from "../src/agents/script.js";
import { recheckEvals, runEvals } from "../src/engine/index.js";
import { testImage } from "./helpers/docker-image.js";
import { makeProject, REPO_ROOT } from "./helpers/project.js";
import { BWRAP, DOCKER, requireTool } from "./helpers/requires-tool.js";

const bwrap = await requireTool(BWRAP);
const docker = await requireTool(DOCKER);

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** A folder on the host that a jail sees read-only (under the repository, not under /tmp). */
async function hostFolder(): Promise<string> {
  const parent = path.join(REPO_ROOT, "build");
  await fs.mkdir(parent, { recursive: true });
  const dir = await fs.mkdtemp(path.join(parent, "hostile-"));
  dirs.push(dir);
  return dir;
}

const COMMIT = "git -c user.name=a -c user.email=a@example.com commit -q --allow-empty -m check";

/** What the agent plants ($MARKER: the host file), and the check command that would trigger it. */
const ATTACKS = [
  {
    attack: "core.fsmonitor, triggered by `git status`",
    agent: `git init -q && git config core.fsmonitor "touch '$MARKER'; true"`,
    check: "git status",
  },
  {
    attack: "core.hooksPath, triggered by `git commit`",
    agent: `git init -q && mkdir planted && printf '#!/bin/sh\\ntouch "%s"\\n' "$MARKER" > planted/pre-commit && chmod +x planted/pre-commit && git config core.hooksPath planted`,
    check: COMMIT,
  },
  {
    attack: ".git/hooks/pre-commit, triggered by `git commit`",
    agent: `git init -q && printf '#!/bin/sh\\ntouch "%s"\\n' "$MARKER" > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`,
    check: COMMIT,
  },
];

/** The fsmonitor attack, kept a repository in the stored outcome (files only, no empty folders). */
const PLANTED_REPO = {
  ...ATTACKS[0]!,
  agent: `${ATTACKS[0]!.agent} && touch .git/refs/keep .git/objects/keep`,
};

async function plantAndCheck(
  sandbox: "bwrap" | "docker",
  attack: (typeof ATTACKS)[number],
  container?: { image: string },
) {
  const marker = path.join(await hostFolder(), "planted-ran");
  const root = await makeProject({
    "evals/hostile.eval.yaml": `name: hostile
prompt: Plant a command.
sandbox: { fixture: { "README.md": "# app\\n" } }
timeout: 120
assertions:
  commands: [${JSON.stringify(attack.check)}]
`,
  });
  dirs.push(root);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", MARKER: marker };
  const outcome = await runEvals({
    projectRoot: root,
    agents: [scriptAgent("planter", attack.agent)],
    env,
    sandbox,
    ...(container ? { container } : {}),
    maxRetries: 0,
  });
  return { marker, root, env, result: outcome.run.evals[0]! };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

bwrap.describe(
  "--sandbox bwrap: a check command runs what the agent planted inside the jail",
  () => {
    it.each(ATTACKS)(
      "$attack: no host file is written",
      async (attack) => {
        const { marker, result } = await plantAndCheck("bwrap", attack);
        // The trial ran to its check (not an infra error before it)...
        expect(result.trials[0]?.status, JSON.stringify(result, null, 2)).not.toBe("error");
        // ...and the planted command, if it ran at all, ran where the host folder is read-only.
        expect(await exists(marker)).toBe(false);
      },
      120_000,
    );
  },
);

bwrap.describe("agent-evals recheck of a bwrap run", () => {
  it("reruns the checks over the stored outcome (the planted .git/config too) inside the jail", async () => {
    const { marker, root, env, result } = await plantAndCheck("bwrap", PLANTED_REPO);
    expect(await exists(marker)).toBe(false);
    const outcome = await fs.readFile(
      path.join(root, result.trials[0]!.dir!, "outcome.json"),
      "utf8",
    );
    // The outcome holds the planted config: a recheck lays it over a fresh workspace.
    expect(outcome).toContain("fsmonitor");
    const again = await recheckEvals({ projectRoot: root, env });
    expect(again.run.evals[0]?.trials[0]?.status).not.toBe("error");
    expect(await exists(marker)).toBe(false);
  }, 120_000);
});

describe("--sandbox docker: a check command runs what the agent planted inside the container", () => {
  let image = "";
  docker.it(
    "the three attacks write no host file",
    async () => {
      image ||= await testImage();
      for (const attack of ATTACKS) {
        const { marker, result } = await plantAndCheck("docker", attack, { image });
        expect(result.trials[0]?.status, JSON.stringify(result, null, 2)).not.toBe("error");
        expect(await exists(marker), attack.attack).toBe(false);
      }
      // And a recheck of such a run, in the image the run recorded.
      const { marker, root, env } = await plantAndCheck("docker", PLANTED_REPO, { image });
      const again = await recheckEvals({ projectRoot: root, env });
      expect(again.run.evals[0]?.trials[0]?.status, JSON.stringify(again.run)).not.toBe("error");
      expect(await exists(marker)).toBe(false);
    },
    600_000,
  );
});

const SKILL_EVAL = (command: string) => `name: planted
type: skill
target: .claude/skills/planted/SKILL.md
e2e:
  - scenario: Plant a command
    fixture: { "README.md": "# app" }
    prompt: Plant a command.
    outcomes:
      - { type: bash-fails, command: ${JSON.stringify(command)} }
      - { type: bash-output-contains, command: ${JSON.stringify(command)}, value: x }
`;

/** The one line of claude's stream-json output a trial needs: its result. */
const RESULT_LINE = JSON.stringify({
  type: "result",
  subtype: "success",
  is_error: false,
  result: "planted",
  total_cost_usd: 0,
  num_turns: 1,
  session_id: "s",
});

bwrap.describe("--sandbox bwrap: a skill's bash outcomes", () => {
  it("bash-fails and bash-output-contains run the planted fsmonitor inside the jail", async () => {
    const marker = path.join(await hostFolder(), "planted-ran");
    const root = await makeProject({
      ".claude/skills/planted/SKILL.md": "---\nname: planted\ndescription: plants\n---\n# p\n",
      "_evals/skills/planted.eval.yaml": SKILL_EVAL("git status"),
    });
    dirs.push(root);
    // A stand-in `claude` that plants the fsmonitor wherever it is run (the trial's workspace).
    const bin = await hostFolder();
    await fs.writeFile(
      path.join(bin, "claude"),
      `#!/bin/bash\n[ "$1" = --version ] && { echo "2.0.0 (Claude Code)"; exit 0; }\n${ATTACKS[0]!.agent}\necho '${RESULT_LINE}'\n`,
      { mode: 0o755 },
    );
    const outcome = await runEvals({
      projectRoot: root,
      env: {
        PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
        CI: "true",
        MARKER: marker,
        ANTHROPIC_API_KEY: "sk-ant-test-not-used",
      },
      sandbox: "bwrap",
      maxRetries: 0,
    });
    const result = outcome.run.evals[0]!;
    expect(
      result.trials[0]?.checks.map((c) => c.name),
      JSON.stringify(result, null, 2),
    ).toEqual([expect.stringContaining("bash-fails"), expect.stringContaining("output of")]);
    expect(await exists(marker)).toBe(false);
  }, 120_000);
});
