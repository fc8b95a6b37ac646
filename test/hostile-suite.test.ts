/**
 * The hostile-agent suite (issue 32): one table of attacks, run under each sandbox provider
 * (none, bwrap, docker; one the machine lacks is skipped with its reason, and fails under CI=true).
 * The agent-side attacks are the evals of one project, run by the literal agent through the real CLI
 * once per provider; each row is then judged from that run's run.json and console. The rows that
 * act on the CLI itself (signals at each phase, SIGKILL then a re-run) run a CLI each.
 * docs/reliability.md › Hostile-agent suite lists every row with its outcome per provider.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { cgroupHome } from "../src/util/cgroup.js";
import { shellQuote } from "../src/util/shell.js";
import { cliEntry } from "./helpers/bundle.js";
import { uniqueToken } from "./helpers/agent-run.js";
import { testImage } from "./helpers/docker-image.js";
import { eventually, leftovers } from "./helpers/procs.js";
import { makeProject, removedWithProjects, runCli } from "./helpers/project.js";
import { BWRAP, DOCKER, requireTool, type RequiredTool } from "./helpers/requires-tool.js";

/** The CLI as the package ships it, built from src/ for this run (test/helpers/bundle.ts). */
const CLI = await cliEntry();

const exec = promisify(execFile);

// ---------- providers ----------

interface Provider {
  name: "none" | "bwrap" | "docker";
  /** Undefined where it runs here; else the tool whose absence skips (or, under CI, fails) it. */
  tool?: RequiredTool;
}

const PROVIDERS: Provider[] = [
  { name: "none" },
  { name: "bwrap", tool: await requireTool(BWRAP) },
  { name: "docker", tool: await requireTool(DOCKER) },
];

let image = "";
beforeAll(async () => {
  if (PROVIDERS.some((p) => p.name === "docker" && p.tool?.problem === undefined))
    image = await testImage();
}, 600_000);

const sandboxArgs = (p: Provider) => [
  "--sandbox",
  p.name,
  ...(p.name === "docker" ? ["--image", image] : []),
];

/** `describe` for a provider: skipped with the reason where the machine lacks it. */
function forProvider(p: Provider, body: () => void): void {
  const title = `--sandbox ${p.name}`;
  if (p.tool) p.tool.describe(title, body);
  else describe(title, body);
}

// ---------- what runs leave ----------

/** The agent-evals temp entries (trial roots, run records, check folders) in a run's TMPDIR. */
async function tempEntries(tmp: string): Promise<string[]> {
  return (await fs.readdir(tmp)).filter((name) => /^(agent-evals|ae)-/.test(name));
}

/** The containers and images labelled with the harness process `pid`. */
async function labelled(
  pid: number | undefined,
): Promise<{ containers: string[]; images: string[] }> {
  if (pid === undefined) return { containers: [], images: [] };
  const filter = ["--filter", `label=agent-evals.pid=${pid}`];
  const lines = (text: string) => text.split("\n").filter(Boolean);
  const [containers, images] = await Promise.all([
    exec("docker", ["ps", "--all", "--quiet", ...filter]),
    exec("docker", ["images", "--quiet", ...filter]),
  ]);
  return { containers: lines(containers.stdout), images: lines(images.stdout) };
}

async function freshTmp(): Promise<string> {
  return removedWithProjects(
    await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "hostile-tmp-"))),
  );
}

// ---------- the agent-side attacks: one project, one run per provider ----------

/** A file outside every sandbox, standing for /etc/shadow; its last line would fake a finish. */
const SECRET = `top-secret-${uniqueToken("s")}`;

interface RunSeen {
  provider: Provider["name"];
  code: number;
  console: string;
  stdout: string;
  stderr: string;
  trials: Record<string, TrialSeen>;
}

interface TrialSeen {
  status: string;
  code?: string;
  reason?: string;
  retries?: number;
  warnings?: string[];
  checks: Array<{ name: string; ok: boolean; evidence: string }>;
  /** What the agent printed (its attack says `ATTACK planted` or `ATTACK blocked`). */
  agentStdout: string;
  /** Every file of the trial's results folder, joined: where a secret must not be. */
  stored: string;
}

interface AgentAttack {
  /** The eval's id and the row's name. */
  id: string;
  attack: string;
  holds: string;
  /** The literal agent's shell steps ($SECRET_FILE: the secret's path). */
  steps: string;
  /** The eval's assertions (YAML, indented under `assertions:`). */
  assertions: string;
  shims?: string;
  expect: (trial: TrialSeen, run: RunSeen) => void;
}

/** The trial is the agent's own result: judged once, never an infra error or a retry. */
function judged(trial: TrialSeen, status: "passed" | "failed"): void {
  expect(trial.status, JSON.stringify(trial)).toBe(status);
  expect(trial.retries, JSON.stringify(trial)).toBeUndefined();
  // AE302: an infra error (the harness's fault, retried); AE401/AE402: a check or the agent failed.
  expect(trial.code ?? "", JSON.stringify(trial)).not.toBe("AE302");
}

const planted = (trial: TrialSeen) => /ATTACK planted/.test(trial.agentStdout);

const PROGRESS = 'f=$(ls "$TMPDIR"/agent-evals-literal-*)';
const CALL_LOG = 'log="$(dirname "$TMPDIR")/calls.raw"';
/** Where docker's copy-out writes what changed, bound writable: beside the trial's TMPDIR. */
const OUTBOX = 'out="$(dirname "$TMPDIR")/out"';

const AGENT_ATTACKS: AgentAttack[] = [
  {
    id: "progress-fifo",
    attack: "the literal agent's progress file replaced by a FIFO it holds open",
    holds: "not opened: no progress, the trial fails once",
    steps: `${PROGRESS}
if rm "$f" && mkfifo "$f"; then echo "ATTACK planted"; else echo "ATTACK blocked"; fi
exec 3<>"$f"`,
    assertions: "  files: [README.md]",
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.reason).toMatch(/embedded command 0 of 1/);
    },
  },
  {
    id: "progress-zero",
    attack: "the progress file replaced by a link to /dev/zero",
    holds: "not followed: no progress, the trial fails once",
    steps: `${PROGRESS}
if rm "$f" && ln -s /dev/zero "$f"; then echo "ATTACK planted"; else echo "ATTACK blocked"; fi`,
    assertions: "  files: [README.md]",
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.reason).toMatch(/embedded command 0 of 1/);
    },
  },
  {
    id: "progress-secret",
    attack: "the progress file replaced by a link to a secret file (whose last line is `done`)",
    holds: "not followed: the fake finish is not read, the secret is nowhere",
    steps: `${PROGRESS}
if rm "$f" && ln -s "$SECRET_FILE" "$f"; then echo "ATTACK planted"; else echo "ATTACK blocked"; fi
false`,
    assertions: "  files: [README.md]",
    expect: (trial) => {
      // Followed, the file's `done` would make the steps finished and the trial pass.
      judged(trial, "failed");
      expect(trial.reason).toMatch(/embedded command 0 of 1/);
      expect(trial.stored).not.toContain(SECRET);
    },
  },
  {
    id: "calls-fifo",
    attack: "the call log (calls.raw) replaced by a FIFO held open, then a shimmed call",
    holds: "not opened: the trial is judged, a warning says so; unreachable under bwrap/docker",
    shims: "shims: { vendor: { stdout: ok } }",
    steps: `${CALL_LOG}
if rm "$log" 2>/dev/null && mkfifo "$log"; then echo "ATTACK planted"; else echo "ATTACK blocked"; fi
exec 3<>"$log"
vendor deploy`,
    assertions: "  files: [README.md]",
    expect: (trial) => {
      judged(trial, "passed");
      if (planted(trial)) expect(trial.warnings?.join("\n")).toMatch(/call log was a FIFO/);
    },
  },
  {
    id: "calls-zero",
    attack: "the call log replaced by a link to /dev/zero, then a shimmed call",
    holds: "not followed: the trial is judged, a warning says so; unreachable under bwrap/docker",
    shims: "shims: { vendor: { stdout: ok } }",
    steps: `${CALL_LOG}
if rm "$log" 2>/dev/null && ln -s /dev/zero "$log"; then echo "ATTACK planted"; else echo "ATTACK blocked"; fi
vendor deploy`,
    assertions: "  files: [README.md]",
    expect: (trial) => {
      judged(trial, "passed");
      if (planted(trial)) expect(trial.warnings?.join("\n")).toMatch(/call log was a symlink/);
    },
  },
  {
    id: "outcome-fifo",
    attack: "the checked file out.txt made a FIFO (fileContains, text in changed files)",
    holds: "never opened: the checks fail with what it is",
    steps: 'mkfifo out.txt && echo "ATTACK planted"',
    assertions: "  contains: [{ file: out.txt, text: hello }, hello]",
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.checks.every((c) => !c.ok)).toBe(true);
    },
  },
  {
    id: "outcome-zero",
    attack: "out.txt a link to /dev/zero",
    holds: "not followed: the checks fail, the link stored as a link",
    steps: 'ln -s /dev/zero out.txt && echo "ATTACK planted"',
    assertions: "  contains: [{ file: out.txt, text: hello }, hello]",
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.checks.every((c) => !c.ok)).toBe(true);
    },
  },
  {
    id: "outcome-secret",
    attack: "out.txt a link to a secret file outside the sandbox",
    holds: "not followed: the checks fail, the secret is nowhere",
    steps: 'ln -s "$SECRET_FILE" out.txt && echo "ATTACK planted"',
    assertions: `  contains: [{ file: out.txt, text: top-secret }, top-secret]`,
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.checks.every((c) => !c.ok)).toBe(true);
      expect(trial.stored).not.toContain(SECRET);
    },
  },
  {
    id: "outbox-links",
    attack:
      "docker's copy-out: its report files (out/r1.json …) planted as links to the secret file",
    holds: "not followed, inside or out: the trial is judged (none, bwrap: no outbox)",
    steps: `${OUTBOX}
if [ -d "$out" ]; then
  for i in 1 2 3 4; do ln -s "$SECRET_FILE" "$out/r$i.json"; done; echo "ATTACK planted"
else echo "ATTACK blocked: no outbox"; fi
echo changed > README.md`,
    assertions: "  contains: [{ file: README.md, text: changed }]",
    expect: (trial) => {
      judged(trial, "passed");
      expect(trial.stored).not.toContain(SECRET);
    },
  },
  {
    id: "outbox-taken",
    attack: "docker's copy-out: its round folders (out/r1 …) made before it runs",
    holds: "the trial is judged, never an infra error (none, bwrap: no outbox)",
    steps: `${OUTBOX}
if [ -d "$out" ]; then mkdir "$out"/r{1..4}; echo "ATTACK planted"
else echo "ATTACK blocked: no outbox"; fi
echo changed > README.md`,
    assertions: "  contains: [{ file: README.md, text: changed }]",
    expect: (trial) => judged(trial, "passed"),
  },
  {
    id: "deep-tree",
    attack: "a folder tree 400 deep (a path over PATH_MAX)",
    holds: "the trial fails once (AE402), never an infra error",
    steps:
      'for ((i = 0; i < 400; i++)); do mkdir dddddddddd && cd dddddddddd || exit 1; done; echo done > x; echo "ATTACK planted"',
    assertions: "  files: [README.md]",
    expect: (trial) => {
      judged(trial, "failed");
      expect(trial.reason).toMatch(/ENAMETOOLONG/);
      // The 4,000-character path is shown by its ends, not whole.
      expect(trial.reason).toMatch(/…\(\d+ characters\)…/);
      expect(trial.reason!.length).toBeLessThan(600);
    },
  },
  {
    id: "wide-tree",
    attack: "a wide tree: 20,000 files in 100 folders",
    holds: "judged (passed), no infra error",
    steps:
      'for d in w/d{1..100}; do mkdir -p "$d" && (cd "$d" && touch f{1..200}); done; echo "ATTACK planted"',
    assertions: "  files: [w/d100/f200]",
    expect: (trial) => judged(trial, "passed"),
  },
  {
    id: "escapes",
    attack: "a file named with OSC, CR and CSI; output and a check's output full of them",
    holds: "the console shows them escaped: no raw ESC, CR or BEL on stdout or stderr",
    steps: String.raw`touch "$(printf 'evil\033]0;pwned\007\rPASS forged\033[2J')"
printf 'out \033[31mred\r\033]8;;https://x.test/\033\\link\033]8;;\033\\\n\033[1A\033[2KPASS all good\n'
echo "ATTACK planted"`,
    assertions: String.raw`  files: [missing.txt]
  commands:
    - { run: 'printf "check \033[31mout\r\033]0;t\007 tail\n"; exit 3' }`,
    expect: (trial, run) => {
      judged(trial, "failed");
      // Positive control: the listing and the check's tail were printed, escaped.
      expect(run.stdout).toContain(String.raw`evil\x1b]0;pwned\x07\rPASS forged\x1b[2J`);
      expect(run.stdout).toContain(String.raw`check \x1b[31mout\r\x1b]0;t\x07 tail`);
      // NO_COLOR: any ESC, CR or BEL on the console came from an agent.
      for (const [name, out] of [
        ["stdout", run.stdout],
        ["stderr", run.stderr],
      ] as const) {
        expect(out.includes("\x1b"), `raw ESC on ${name}`).toBe(false);
        expect(out.includes("\r"), `raw CR on ${name}`).toBe(false);
        expect(out.includes("\x07"), `raw BEL on ${name}`).toBe(false);
      }
    },
  },
  {
    id: "parent-kill",
    attack:
      "the agent SIGKILLs each of its ancestors up to the harness, outermost first, then itself",
    holds:
      "the trial fails once, never an infra error (none: its parent is the harness, left alone)",
    steps: [
      // Up from its parent to the harness (the CLI this suite runs, its bundled cli/index.js), or
      // to pid 1 of its namespace where the harness is out of view (bwrap, docker). Under none the
      // harness is always in view: one not found there means the match is wrong, and what lies
      // above it is the test run itself, so nothing is killed (the test then fails: not planted).
      "chain=() p=$PPID found=",
      "while :; do",
      `  if tr '\\0' ' ' < /proc/$p/cmdline | grep -qF ${shellQuote(CLI)}; then found=1; break; fi`,
      '  chain+=("$p")',
      '  [ "$p" -le 1 ] && break',
      '  while read -r k v; do [ "$k" = PPid: ] && p=$v; done < /proc/$p/status',
      "done",
      'if [ -z "$found" ] && [ "$SUITE_PROVIDER" = none ]; then echo "harness not found"; exit 0; fi',
      'echo "ATTACK planted: ancestors ${chain[*]}"',
      'for ((i = ${#chain[@]} - 1; i >= 0; i--)); do kill -9 "${chain[i]}" || true; done',
      "kill -9 $$",
    ].join("\n"),
    assertions: "  files: [README.md]",
    expect: (trial) => {
      expect(planted(trial), trial.agentStdout).toBe(true);
      judged(trial, "failed");
    },
  },
  {
    id: "forwarder-kill",
    attack: "the agent SIGKILLs the sandbox's forwarder (the harness's node inside it)",
    holds: "the trial fails once, never an infra error (none: there is no forwarder)",
    steps: [
      // Under none the host's /proc shows other runs' forwarders: none of them is this trial's.
      'if [ "$SUITE_PROVIDER" = none ]; then echo "ATTACK blocked: no forwarder"; else',
      "for p in /proc/[0-9]*; do",
      '  mapfile -d "" argv < "$p/cmdline" 2>/dev/null || continue',
      '  case "${argv[0]}:${argv[1]}:${argv[2]}" in',
      // Said first: the forwarder may be an ancestor (bwrap), whose end ends the agent too.
      '    */node:-e:*"agent-evals sandbox"*) echo "ATTACK planted: ${p#/proc/}"; kill -9 "${p#/proc/}" ;;',
      "  esac",
      "done",
      "sleep 2; fi",
    ].join("\n"),
    assertions: "  files: [README.md]",
    expect: (trial, run) => {
      if (run.provider === "none") judged(trial, "passed");
      else {
        expect(planted(trial), trial.agentStdout).toBe(true);
        judged(trial, "failed");
      }
    },
  },
];

function evalYaml(a: AgentAttack): string {
  const fence = "```";
  return [
    `name: ${a.id}`,
    "agents: [literal]",
    "prompt: |",
    `  ${fence}sh`,
    ...a.steps.split("\n").map((line) => `  ${line}`),
    `  ${fence}`,
    'sandbox: { fixture: { "README.md": "# app" } }',
    "timeout: 120",
    ...(a.shims ? [a.shims] : []),
    "assertions:",
    a.assertions,
    "",
  ].join("\n");
}

/** Runs every agent-side attack under `p` in one CLI run, and reads what each trial left. */
async function runAttacks(
  p: Provider,
): Promise<RunSeen & { tmp: string; token: string; root: string }> {
  const secretDir = removedWithProjects(await fs.mkdtemp(path.join(os.tmpdir(), "ae-secret-")));
  const secretFile = path.join(secretDir, "shadow");
  await fs.writeFile(secretFile, `${SECRET}\n1\ndone\n`);
  const files: Record<string, string> = {};
  for (const a of AGENT_ATTACKS) files[`evals/${a.id}.eval.yaml`] = evalYaml(a);
  const root = await makeProject(files);
  const tmp = await freshTmp();
  const token = uniqueToken("suite");
  const cli = await runCli(["eval", "--cwd", root, ...sandboxArgs(p), "--concurrency", "2"], {
    env: {
      CI: "true",
      TMPDIR: tmp,
      SECRET_FILE: secretFile,
      SUITE_TOKEN: token,
      SUITE_PROVIDER: p.name,
    },
    timeoutMs: 900_000,
  });
  const results = path.join(root, ".copybook/results");
  const run = JSON.parse(await fs.readFile(path.join(results, "run.json"), "utf8")) as {
    evals: Array<{
      id: string;
      trials: Array<Omit<TrialSeen, "agentStdout" | "stored"> & { dir: string }>;
    }>;
  };
  const trials: Record<string, TrialSeen> = {};
  for (const e of run.evals) {
    const t = e.trials[0]!;
    const dir = path.join(root, t.dir);
    const names = await fs.readdir(dir, { recursive: true });
    let stored = "";
    for (const name of names) {
      const file = path.join(dir, name);
      if ((await fs.lstat(file)).isFile()) stored += await fs.readFile(file, "utf8");
    }
    const agentStdout = await fs.readFile(path.join(dir, "agent.stdout"), "utf8").catch(() => "");
    trials[e.id] = { ...t, agentStdout, stored };
  }
  return {
    provider: p.name,
    code: cli.code,
    console: cli.stdout + cli.stderr,
    stdout: cli.stdout,
    stderr: cli.stderr,
    trials,
    tmp,
    token,
    root,
  };
}

/**
 * Each provider's run of the attacks, all started together the first time one is wanted: three
 * runs with nothing in common but the machine, side by side instead of one after the other.
 */
let attackRuns: Map<Provider["name"], Promise<Awaited<ReturnType<typeof runAttacks>>>> | undefined;
function attacksUnder(p: Provider): Promise<Awaited<ReturnType<typeof runAttacks>>> {
  attackRuns ??= new Map(
    PROVIDERS.filter((q) => q.tool?.problem === undefined).map((q) => {
      const run = runAttacks(q);
      run.catch(() => undefined); // awaited (and failing) in that provider's beforeAll
      return [q.name, run];
    }),
  );
  return attackRuns.get(p.name) ?? runAttacks(p);
}

for (const p of PROVIDERS) {
  forProvider(p, () => {
    describe("agent-side attacks (one run of every attack)", () => {
      let seen: Awaited<ReturnType<typeof runAttacks>>;
      beforeAll(async () => {
        seen = await attacksUnder(p);
      }, 900_000);

      it("the run ends with the agents' verdicts (exit 1), no trial retried, nothing left", async () => {
        expect(seen.code, seen.console).toBe(1);
        expect(seen.console).not.toMatch(/infra error/);
        expect(Object.keys(seen.trials).sort()).toEqual(AGENT_ATTACKS.map((a) => a.id).sort());
        expect(await tempEntries(seen.tmp)).toEqual([]);
        expect(await leftovers(`SUITE_TOKEN=${seen.token}`)).toEqual([]);
      });

      for (const a of AGENT_ATTACKS) {
        it(`${a.id}: ${a.attack} → ${a.holds}`, () => {
          const trial = seen.trials[a.id];
          expect(trial, seen.console).toBeDefined();
          a.expect(trial!, seen);
        });
      }
    });
  });
}

// ---------- the CLI's own attacks: signals at each phase, SIGKILL then a re-run ----------

/** What a test started: its CLIs, and the tokens that mark its processes. */
interface Started {
  clis: ChildProcess[];
  tokens: string[];
}

/** A failing test's CLIs and sleepers are killed when it ends, not left for five minutes. */
async function killStarted(own: Started): Promise<void> {
  for (const cli of own.clis.splice(0)) cli.kill("SIGKILL");
  for (const token of own.tokens.splice(0)) {
    for (const p of await leftovers(`SUITE_TOKEN=${token}`)) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
}

/** The signal tests run concurrently: each kills only what it started, when it ends. */
function startedBy(onTestFinished: (fn: () => Promise<void>) => void): Started {
  const own: Started = { clis: [], tokens: [] };
  onTestFinished(() => killStarted(own));
  return own;
}

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCli(args: string[], env: Record<string, string>, own: Started): Cli {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", CI: "true", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  own.clis.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Live processes of the run (its token in their environment) whose command line holds `marker`. */
async function runningWith(token: string, marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const p of await leftovers(`SUITE_TOKEN=${token}`)) {
    const cmdline = await fs.readFile(`/proc/${p.pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.replaceAll("\0", " ").includes(marker)) found.push(p.pid);
  }
  return found;
}

/** The cgroups the harness process `pid` made (the CLI is born in this process's cgroup). */
async function cgroupsOf(pid: number): Promise<string[]> {
  const home = cgroupHome();
  if (!home) return [];
  return (await fs.readdir(home)).filter((name) => name.startsWith(`agent-evals-${pid}-`));
}

/** What a run (CLI process `pid`, marked `token`, temp folders in `tmp`) left: the suite's figures. */
async function leftBy(pid: number, token: string, tmp: string, docker: boolean) {
  const processes = await eventually(
    () => leftovers(`SUITE_TOKEN=${token}`),
    (l) => l.length === 0,
  );
  const { containers, images } = docker ? await labelled(pid) : { containers: [], images: [] };
  // A loaded machine may take a moment to let go of an emptied cgroup or folder: waited for as the
  // processes are, never past a few seconds.
  const cgroups = await eventually(
    () => cgroupsOf(pid),
    (c) => c.length === 0,
  );
  const temps = await eventually(
    () => tempEntries(tmp),
    (t) => t.length === 0,
  );
  return {
    processes: processes.length,
    cgroups: cgroups.length,
    containers: containers.length,
    images: images.length,
    temps: temps.length,
  };
}

const NOTHING = { processes: 0, cgroups: 0, containers: 0, images: 0, temps: 0 };

/** Each phase's eval blocks in a `sleep` of its own length: its command line tells the phase. */
const PHASES = [
  {
    phase: "setup",
    marker: "sleep 3001",
    yaml: `name: setup-phase
agents: [literal]
prompt: "\`\`\`sh\\ntrue\\n\`\`\`"
sandbox: { fixture: { "README.md": "# app" } }
setup: ["sleep 3001"]
assertions:
  files: [README.md]
`,
  },
  {
    phase: "agent",
    marker: "sleep 3002",
    yaml: `name: agent-phase
agents: [literal]
prompt: "\`\`\`sh\\nsleep 3002\\n\`\`\`"
sandbox: { fixture: { "README.md": "# app" } }
timeout: 3600
assertions:
  files: [README.md]
`,
  },
  {
    phase: "check",
    marker: "sleep 3003",
    yaml: `name: check-phase
agents: [literal]
prompt: "\`\`\`sh\\ntrue\\n\`\`\`"
sandbox: { fixture: { "README.md": "# app" } }
timeout: 3600
assertions:
  commands: ["sleep 3003"]
`,
  },
];

const QUICK = `name: quick
agents: [literal]
prompt: "\`\`\`sh\\necho done > done.txt\\n\`\`\`"
sandbox: { fixture: { "README.md": "# app" } }
assertions:
  files: [done.txt]
`;

/** A tree big enough (64 MiB) that baking it into the eval's image takes a while. */
const BAKE = `name: bake-phase
agents: [literal]
prompt: "\`\`\`sh\\ntrue\\n\`\`\`"
sandbox: { template: tree }
assertions:
  files: [big.bin]
`;

async function signalProject(own: Started, bake: boolean) {
  const token = uniqueToken("suite-sig");
  own.tokens.push(token);
  const files: Record<string, string> = {
    "evals/quick.eval.yaml": QUICK,
    "evals/bake.eval.yaml": BAKE,
  };
  for (const p of PHASES) files[`evals/${p.phase}.eval.yaml`] = p.yaml;
  const root = await makeProject(files);
  await fs.mkdir(path.join(root, "tree"));
  // Only a bake needs the tree to be big; the other phases never read it.
  await fs.writeFile(path.join(root, "tree/big.bin"), Buffer.alloc(bake ? 64 * 1024 * 1024 : 1, 1));
  return { token, root, tmp: await freshTmp() };
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

for (const p of PROVIDERS) {
  forProvider(p, () => {
    // Each case has its own project, TMPDIR, token and CLI, and waits mostly on processes: they run
    // side by side (vitest's maxConcurrency, 5 at a time).
    describe.concurrent("signals at every phase: exit 130, nothing left", () => {
      const cases = [
        ...PHASES.flatMap(({ phase, marker }) =>
          SIGNALS.map((signal) => ({ phase, signal, eval_: `${phase}-phase`, marker })),
        ),
        ...(p.name === "docker"
          ? SIGNALS.map((signal) => ({
              phase: "image bake",
              signal,
              eval_: "bake-phase",
              marker: "",
            }))
          : []),
      ];
      it.for(cases)(
        "$signal during $phase",
        { timeout: 300_000 },
        async ({ signal, eval_, marker, phase }, { expect, onTestFinished }) => {
          const own = startedBy(onTestFinished);
          const { token, root, tmp } = await signalProject(own, phase === "image bake");
          const cli = startCli(
            ["eval", eval_, "--cwd", root, ...sandboxArgs(p)],
            { TMPDIR: tmp, SUITE_TOKEN: token },
            own,
          );
          const pid = cli.child.pid!;
          // The phase has begun: its sleep runs, or (a bake) the image's container exists, not started.
          const reached = await eventually(
            async () =>
              marker
                ? (await runningWith(token, marker)).length > 0
                : (
                    await exec("docker", [
                      "ps",
                      "--all",
                      "--quiet",
                      "--filter",
                      `label=agent-evals.pid=${pid}`,
                      "--filter",
                      "status=created",
                    ])
                  ).stdout.trim() !== "",
            Boolean,
            1200,
          );
          expect(reached, cli.output()).toBe(true);
          cli.child.kill(signal);
          expect(await cli.exited, cli.output()).toBe(130);
          expect(cli.output()).toContain(`agent-evals: ${signal}: stopping agents`);
          expect(await leftBy(pid, token, tmp, p.name === "docker")).toEqual(NOTHING);
        },
      );
    });

    describe("SIGKILL mid-trial, then a re-run", () => {
      it("the re-run reaps everything the killed run left: processes, cgroups, containers, images, temp entries", async ({
        onTestFinished,
      }) => {
        const own = startedBy(onTestFinished);
        const { token, root, tmp } = await signalProject(own, false);
        const env = { TMPDIR: tmp, SUITE_TOKEN: token };
        const cli = startCli(["eval", "agent-phase", "--cwd", root, ...sandboxArgs(p)], env, own);
        const pid = cli.child.pid!;
        const reached = await eventually(
          async () => (await runningWith(token, "sleep 3002")).length > 0,
          Boolean,
          1200,
        );
        expect(reached, cli.output()).toBe(true);
        cli.child.kill("SIGKILL");
        await cli.exited;
        const docker = p.name === "docker";
        // What SIGKILL leaves (nothing ran the clean-up); bwrap's --die-with-parent takes its jail down.
        const before = {
          processes: (await leftovers(`SUITE_TOKEN=${token}`)).length,
          cgroups: (await cgroupsOf(pid)).length,
          ...(docker
            ? await labelled(pid).then((l) => ({
                containers: l.containers.length,
                images: l.images.length,
              }))
            : { containers: 0, images: 0 }),
          temps: (await tempEntries(tmp)).length,
        };
        expect(before.temps).toBeGreaterThanOrEqual(1);
        if (p.name !== "bwrap") expect(before.processes).toBeGreaterThanOrEqual(1);
        if (docker) expect(before.containers + before.images).toBeGreaterThanOrEqual(1);

        const rerun = await runCli(["eval", "quick", "--cwd", root, ...sandboxArgs(p)], {
          env: { CI: "true", ...env },
          timeoutMs: 300_000,
        });
        expect(rerun.code, rerun.stdout + rerun.stderr).toBe(0);
        expect(rerun.stdout + rerun.stderr).toMatch(/reaped what 1 killed run\(s\) left/);
        expect(await leftBy(pid, token, tmp, docker)).toEqual(NOTHING);
      }, 600_000);
    });
  });
}
