/**
 * Hostile agents and what their trials record, through the real CLI under each sandbox provider
 * (none; bwrap and docker where the machine has them): a symlink the agent made is stored as a
 * link and made again by `recheck`, every provider records the same changed and deleted lists for
 * the same actions, and what an agent does inside its sandbox (stopping its container, a folder
 * tree too deep to walk) is its trial's failure, never an infra error retried, with no temp folder
 * left behind. docs/reliability.md › Hostile agents: outcomes and infra errors.
 */
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { dockerProblem, testImage } from "./helpers/docker-image.js";
import { makeProject, runCli } from "./helpers/project.js";

const problem = await dockerProblem();
const hasDocker = problem === undefined;
const hasBwrap = (() => {
  try {
    execFileSync("bwrap", ["--ro-bind", "/", "/", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
let image = "";

beforeAll(async () => {
  if (hasDocker) image = await testImage();
}, 600_000);

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

const providers = [
  { sandbox: "none", args: [] as string[], ready: true },
  { sandbox: "bwrap", args: [] as string[], ready: hasBwrap },
  { sandbox: "docker", args: () => ["--image", image], ready: hasDocker },
].filter((p) => p.ready);

function argsOf(p: (typeof providers)[number]): string[] {
  return typeof p.args === "function" ? p.args() : p.args;
}

/** A project with one eval whose agent is `bash -c <prompt>`; TMPDIR of its own, to see leaks. */
async function project(yaml: string): Promise<{ root: string; tmp: string }> {
  const root = await makeProject({ "evals/task.eval.yaml": yaml });
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "ae-hostile-tmp-"));
  dirs.push(root, tmp);
  return { root, tmp };
}

async function cli(root: string, tmp: string, args: string[]) {
  return runCli(["--cwd", root, ...args], {
    env: { CI: "true", TMPDIR: tmp },
    timeoutMs: 240_000,
  });
}

/** The outcome.json of the run's only trial. */
async function outcomeOf(root: string): Promise<{
  files: Array<{ path: string; link?: string; text?: string }>;
  deleted: string[];
}> {
  const found = (await fs.readdir(path.join(root, ".copybook"), { recursive: true })).filter((f) =>
    f.endsWith("outcome.json"),
  );
  expect(found).toHaveLength(1);
  return JSON.parse(await fs.readFile(path.join(root, ".copybook", found[0]!), "utf8"));
}

/** What the harness left in the run's TMPDIR (the agent's temp files are its trial's own). */
async function leftInTmp(tmp: string): Promise<string[]> {
  return (await fs.readdir(tmp)).filter((name) => name.startsWith("agent-evals-"));
}

const LINKS = `name: links
prompt: >-
  rm -rf dir && ln -s target.txt dir && ln -s target.txt link.txt && rm gone.txt &&
  rm keep.txt && ln -s target.txt keep.txt && echo new > new.txt
sandbox:
  fixture: { "target.txt": "hello", "keep.txt": "kept", "gone.txt": "x", "dir/a.txt": "a", "dir/sub/b.txt": "b" }
timeout: 60
assertions:
  commands: ['test "$(cat link.txt)" = hello', 'test -L dir', 'test "$(readlink keep.txt)" = target.txt']
`;

describe("links the agent made", () => {
  it.each(providers)(
    "under $sandbox: stored as links (never followed), the same lists, and the run's verdict again in recheck",
    async (p) => {
      const { root, tmp } = await project(LINKS);
      const run = await cli(root, tmp, [
        "eval",
        "--agent",
        "bash -c {prompt}",
        "--sandbox",
        p.sandbox,
        ...argsOf(p),
      ]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const outcome = await outcomeOf(root);
      // A folder replaced by a link: its files are deleted, the link is changed.
      expect(outcome.deleted).toEqual(["dir/a.txt", "dir/sub/b.txt", "gone.txt"]);
      expect(outcome.files.map(({ path, link, text }) => ({ path, link, text }))).toEqual([
        { path: "dir", link: "target.txt", text: undefined },
        { path: "keep.txt", link: "target.txt", text: undefined },
        { path: "link.txt", link: "target.txt", text: undefined },
        { path: "new.txt", link: undefined, text: "new\n" },
      ]);
      const again = await cli(root, tmp, ["recheck", "--sandbox", p.sandbox, ...argsOf(p)]);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(await leftInTmp(tmp)).toEqual([]);
    },
    300_000,
  );
});

/** A path of 400 folders, longer than any path the kernel takes (PATH_MAX 4096). */
const DEEP = `name: deep
prompt: >-
  for ((i = 0; i < 400; i++)); do mkdir dddddddddd && cd dddddddddd || exit 1; done; echo done > x
sandbox: { fixture: { "README.md": "# app" } }
timeout: 60
assertions:
  commands: ["true"]
`;

/** Stops the container's first process (the forwarder, the harness's node). */
const KILLER = `name: killer
prompt: >-
  for p in /proc/[0-9]*; do
  read -r -d '' first < "$p/cmdline";
  if [ "$first" = /.agent-evals/node ]; then kill -9 "\${p#/proc/}"; fi;
  done; sleep 5
sandbox: { fixture: { "README.md": "# app" } }
timeout: 60
assertions:
  commands: ["true"]
`;

const hostile = [
  ...providers.map((p) => ({
    attack: "a folder tree too deep to walk",
    p,
    yaml: DEEP,
    reason: /ENAMETOOLONG/,
  })),
  ...providers
    .filter((p) => p.sandbox === "docker")
    .map((p) => ({
      attack: "the container's forwarder killed",
      p,
      yaml: KILLER,
      reason: /the agent stopped its container/,
    })),
];

describe("what an agent does inside its sandbox is its trial's failure", () => {
  it.each(hostile)(
    "$attack under $p.sandbox: failed once with the evidence, exit 1, no temp folder left",
    async ({ p, yaml, reason }) => {
      const { root, tmp } = await project(yaml);
      const run = await cli(root, tmp, [
        "eval",
        "--agent",
        "bash -c {prompt}",
        "--sandbox",
        p.sandbox,
        ...argsOf(p),
        "--format",
        "json",
      ]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      const result = JSON.parse(run.stdout) as {
        evals: Array<{ status: string; trials: Array<Record<string, unknown>> }>;
      };
      const [evalResult] = result.evals;
      expect(evalResult!.status).toBe("failed");
      expect(evalResult!.trials).toHaveLength(1);
      const [trial] = evalResult!.trials;
      expect(trial).toMatchObject({ status: "failed", code: "AE402" });
      expect(trial!.retries).toBeUndefined();
      expect(String(trial!.reason)).toMatch(reason);
      expect(await leftInTmp(tmp)).toEqual([]);
    },
    300_000,
  );
});
