// src/agents: the literal agent, command templates, scriptAgent, and killing at the timeout. Real
// bash processes in real temp folders.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { commandAgent, renderCommandTemplate, UnsafeTemplateError } from "../src/agents/command.js";
import { literal } from "../src/agents/literal.js";
import { resolveAgent, UnknownAgentError } from "../src/agents/registry.js";
import { scriptAgent } from "../src/agents/script.js";
import { renderPrompt } from "../src/define/prompt.js";
import type { AgentAdapter, AgentRunContext, AgentRunResult } from "../src/model/eval.js";
import { planEvals } from "../src/engine/index.js";
import { DefinitionError } from "../src/model/errors.js";
import { makeProject, runCli } from "./helpers/project.js";

let cwd: string;
let outDir: string;
let home: string;
let controller: AbortController;
/** pids the tests started indirectly; killed afterwards so a failing test leaks nothing. */
let spawnedPids: number[];

beforeEach(async () => {
  const mk = async (label: string) =>
    fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), `ae-agents-${label}-`)));
  cwd = await mk("sandbox");
  outDir = await mk("out");
  home = await mk("home");
  controller = new AbortController();
  spawnedPids = [];
});

afterEach(async () => {
  controller.abort();
  for (const pid of spawnedPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone: the expected case
    }
  }
  for (const dir of [cwd, outDir, home]) await fs.rm(dir, { recursive: true, force: true });
});

function context(prompt: string, overrides: Partial<AgentRunContext> = {}): AgentRunContext {
  return {
    prompt,
    commands: renderPrompt({ text: prompt, params: {}, secrets: [] }, {}).commands,
    cwd,
    env: { PATH: process.env.PATH!, HOME: home },
    timeoutMs: 20_000,
    outDir,
    signal: controller.signal,
    ...overrides,
  };
}

const inSandbox = (rel: string) => path.join(cwd, rel);
const readSandbox = (rel: string) => fs.readFile(inSandbox(rel), "utf8");
const existsInSandbox = (rel: string) =>
  fs.lstat(inSandbox(rel)).then(
    () => true,
    () => false,
  );

const sh = (script: string) => "```sh\n" + script + "\n```\n";
const bashBlock = (script: string) => "```bash\n" + script + "\n```\n";

/** Alive means signalable and not a zombie (an orphan zombie waits for a possibly lazy reaper). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw err;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false; // vanished between the two looks
  }
}

async function waitUntilDead(pid: number, withinMs = 2000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return !isAlive(pid);
}

async function readPid(rel: string): Promise<number> {
  const text = await readSandbox(rel);
  expect(text).toMatch(/^\d+\n$/);
  const pid = Number(text.trim());
  spawnedPids.push(pid);
  return pid;
}

describe("literal agent", () => {
  it("runs the embedded commands in one bash session: cd and export carry over", async () => {
    await fs.mkdir(inSandbox("sub"));
    const prompt = [
      "# Set up",
      "First go to the folder:",
      sh("cd sub"),
      "Then set a variable and look around:",
      "```console",
      "$ export X=1",
      "some output that is not a command",
      "$ pwd > where",
      "```",
      bashBlock('echo "X=$X" > x.txt'),
    ].join("\n");
    const ctx = context(prompt);
    expect(ctx.commands).toEqual(["cd sub", "export X=1", "pwd > where", 'echo "X=$X" > x.txt']);

    const result = await literal().run(ctx);
    expect(result.agentFailure).toBeUndefined();
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    expect((await readSandbox("sub/where")).trim()).toBe(path.join(cwd, "sub"));
    expect(await readSandbox("sub/x.txt")).toBe("X=1\n");
    expect(await existsInSandbox("where")).toBe(false);
    expect(result.trajectory).toEqual(
      ctx.commands.map((command) => ({
        tool: "Bash",
        input: { command },
        exitCode: 0,
        isError: false,
      })),
    );
    // Each step's script is kept as a transcript; the steps printed nothing, so the agent's
    // streams left no files and are not listed.
    expect(result.transcripts).toEqual(ctx.commands.map((_, i) => `literal/step-${i + 1}.sh`));
    await expect(fs.stat(path.join(outDir, "agent.stdout"))).rejects.toThrow(/ENOENT/);
    await expect(fs.stat(path.join(outDir, "agent.stderr"))).rejects.toThrow(/ENOENT/);
    expect(await fs.readFile(path.join(outDir, "literal", "step-4.sh"), "utf8")).toBe(
      'echo "X=$X" > x.txt\n',
    );
  });

  it("sees the context's env and writes the steps' output to agent.stdout", async () => {
    const ctx = context(sh('echo "home=$HOME"\necho to-stderr >&2'));
    const result = await literal().run(ctx);
    expect(result.agentFailure).toBeUndefined();
    expect(await fs.readFile(path.join(outDir, "agent.stdout"), "utf8")).toBe(`home=${home}\n`);
    expect(await fs.readFile(path.join(outDir, "agent.stderr"), "utf8")).toBe("to-stderr\n");
  });

  it("stops at the first failing step and names it", async () => {
    const prompt = [
      sh("touch first"),
      sh("echo checking\ntest -f missing-config.json\necho after-the-failure > same-step"),
      sh("touch later"),
    ].join("\n");
    const ctx = context(prompt);
    const result = await literal().run(ctx);

    expect(await existsInSandbox("first")).toBe(true);
    expect(await existsInSandbox("same-step")).toBe(false);
    expect(await existsInSandbox("later")).toBe(false);
    expect(result.exitCode).toBe(1);
    expect(result.timedOut).toBe(false);
    expect(result.agentFailure).toBe("embedded command 2 of 3 failed (exit 1): echo checking");
    expect(result.trajectory).toEqual([
      { tool: "Bash", input: { command: "touch first" }, exitCode: 0, isError: false },
      { tool: "Bash", input: { command: ctx.commands[1] }, exitCode: 1, isError: true },
    ]);
  });

  it("reports a step's own exit code", async () => {
    const result = await literal().run(context(sh("true") + sh("exit 7") + sh("touch never")));
    expect(result.exitCode).toBe(7);
    expect(result.agentFailure).toBe("embedded command 2 of 3 failed (exit 7): exit 7");
    expect(result.trajectory.map((t) => t.exitCode)).toEqual([0, 7]);
    expect(await existsInSandbox("never")).toBe(false);
  });

  it("a failure in the first step runs nothing after it", async () => {
    const result = await literal().run(context(sh("no-such-command-xyz --flag") + sh("touch b")));
    expect(result.agentFailure).toBe(
      "embedded command 1 of 2 failed (exit 127): no-such-command-xyz --flag",
    );
    expect(result.trajectory).toHaveLength(1);
    expect(result.trajectory[0]).toMatchObject({ exitCode: 127, isError: true });
    expect(await existsInSandbox("b")).toBe(false);
  });

  it("a prompt with no embedded commands is an agent failure, and nothing runs", async () => {
    const ctx = context("Please run `touch x` yourself.\n```js\nconsole.log(1)\n```\n");
    expect(ctx.commands).toEqual([]);
    const result = await literal().run(ctx);
    expect(result.agentFailure).toContain("no embedded commands");
    expect(result.exitCode).toBeNull();
    expect(result.trajectory).toEqual([]);
    expect(await fs.readdir(outDir)).toEqual([]);
  });

  it("is always available and resolves by name", async () => {
    const agent = resolveAgent("literal");
    expect(agent.name).toBe("literal");
    expect(await agent.available()).toBe(true);
  });
});

describe("command template agent", () => {
  const HOSTILE = [
    "Fix the bug.",
    "'; touch pwned1; echo '",
    "$(touch pwned2)",
    "`touch pwned3`",
    '"; touch pwned4; "',
    "${HOME} $PATH * ?  \\n \\ trailing backslash \\",
    "tab\there, unicode ✓ é, 'single' \"double\"",
  ].join("\n");

  it("passes the prompt as one word, byte for byte: quotes, $(…) and backticks are text", async () => {
    const agent = commandAgent("printf '%s' {prompt} > got.txt");
    const result = await agent.run(context(HOSTILE));
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    expect(await fs.readFile(inSandbox("got.txt"))).toEqual(Buffer.from(HOSTILE, "utf8"));
    for (const name of ["pwned1", "pwned2", "pwned3", "pwned4"]) {
      expect(await existsInSandbox(name), name).toBe(false);
    }
    expect((await fs.readdir(cwd)).sort()).toEqual(["got.txt"]);
  });

  it("the prompt is one argument even when it would split or glob", async () => {
    await fs.writeFile(inSandbox("a-file"), "");
    const agent = commandAgent('bash -c \'printf "%s\\n" "$#" > argc.txt\' argv0 {prompt}');
    await agent.run(context("two words * and a glob"));
    expect(await readSandbox("argc.txt")).toBe("1\n");
  });

  it("$AGENT_EVALS_PROMPT and $AGENTFILE_EVAL_PROMPT hold the raw prompt, and the run happens in the sandbox", async () => {
    const agent = commandAgent(
      "printf '%s' \"$AGENT_EVALS_PROMPT\" > env.txt; printf '%s' \"$AGENTFILE_EVAL_PROMPT\" > agentfile.txt; pwd > pwd.txt",
    );
    const result = await agent.run(context(HOSTILE));
    expect(result.exitCode).toBe(0);
    expect(await readSandbox("env.txt")).toBe(HOSTILE);
    // The agentfile format's name for it: scripts written for agentfile keep working.
    expect(await readSandbox("agentfile.txt")).toBe(HOSTILE);
    expect((await readSandbox("pwd.txt")).trim()).toBe(cwd);
    expect(await existsInSandbox("pwned2")).toBe(false);
  });

  it("every {prompt} is replaced, and the exit code comes back", async () => {
    const agent = commandAgent("printf '%s|%s' {prompt} {prompt} > twice.txt; exit 4", "twice");
    expect(agent.name).toBe("twice");
    const result = await agent.run(context("it's"));
    expect(result.exitCode).toBe(4);
    expect(await readSandbox("twice.txt")).toBe("it's|it's");
  });

  it("renderCommandTemplate quotes the prompt as one single-quoted word", () => {
    expect(renderCommandTemplate("agent run {prompt}", "it's $(x)")).toBe(
      "agent run 'it'\\''s $(x)'",
    );
    expect(renderCommandTemplate("agent --flag", "ignored")).toBe("agent --flag");
  });

  it("available() looks the program up on PATH (or at its path)", async () => {
    expect(await commandAgent("printf '%s' {prompt}").available()).toBe(true);
    expect(await commandAgent("no-such-agent-cli-xyz run {prompt}").available()).toBe(false);
    const bash = await fs.realpath("/bin/sh");
    expect(await commandAgent(`${bash} -c {prompt}`).available()).toBe(true);
    // A path names one file: what is wrong with it is the reason (the plan reports it as the skip's).
    await expect(commandAgent("/no/such/dir/agent {prompt}").available()).rejects.toThrow(
      "/no/such/dir/agent does not exist",
    );
    await expect(commandAgent(`${cwd} {prompt}`).available()).rejects.toThrow(
      `${cwd} is not a file`,
    );
    const script = path.join(cwd, "not-executable.sh");
    await fs.writeFile(script, "#!/bin/sh\n");
    await expect(commandAgent(`${script} {prompt}`).available()).rejects.toThrow(
      `${script} is not executable: run \`chmod +x ${script}\``,
    );
  });

  it("resolveAgent turns a template into a command agent and rejects an unknown name", async () => {
    const agent = resolveAgent("printf '%s' {prompt} > via-registry.txt");
    await agent.run(context("hello"));
    expect(await readSandbox("via-registry.txt")).toBe("hello");
    expect(() => resolveAgent("nonesuch")).toThrow(UnknownAgentError);
  });
});

describe("command templates: a prompt never runs as shell, wherever {prompt} is written", () => {
  // Files a prompt's `$(…)`, backticks or a line break out of a comment would create, outside the
  // sandbox: if one exists, prompt text ran on the host.
  let pwned: string[];
  let attack: string;
  beforeEach(() => {
    const tag = randomBytes(6).toString("hex");
    pwned = ["dollar", "backtick", "newline"].map((how) =>
      path.join(os.tmpdir(), `pwned-${tag}-${how}`),
    );
    attack = [
      `$(touch ${pwned[0]})`,
      `\`touch ${pwned[1]}\``,
      `'"$(touch ${pwned[0]})"'`,
      `\\'$(touch ${pwned[0]})`,
      `\n touch ${pwned[2]} #`,
      `\nEOF\ntouch ${pwned[2]}\n`,
    ].join(" ");
  });
  afterEach(async () => {
    await Promise.all(pwned.map((file) => fs.rm(file, { force: true })));
  });
  const ranOnTheHost = () => pwned.filter((file) => existsSync(file));

  const SAFE = [
    "printf '%s' {prompt} > got.txt",
    "printf '%s' --prompt={prompt} > got.txt",
    "printf '%s' x{prompt}y > got.txt",
    "cat <<< {prompt} > got.txt",
    "printf '%s' 'quoted \"text\" around' {prompt} \"$(echo ok)\" > got.txt",
  ];
  const REFUSED: [template: string, where: string][] = [
    ["printf '%s' '{prompt}' > got.txt", "inside single quotes"],
    ["printf '%s' \"{prompt}\" > got.txt", "inside double quotes"],
    ["printf '%s' --prompt='{prompt}' > got.txt", "inside single quotes"],
    ["printf '%s' --prompt=\"{prompt}\" > got.txt", "inside double quotes"],
    ["printf '%s' \"before {prompt} after\" > got.txt", "inside double quotes"],
    ["printf '%s' \"\\{prompt}\" > got.txt", "inside double quotes"],
    ["printf '%s' \\{prompt} > got.txt", "right after a backslash"],
    ["printf '%s' ${prompt} > got.txt", "right after a `$`"],
    ["printf '%s' $'{prompt}' > got.txt", "inside $'…' quotes"],
    ["printf '%s' `echo {prompt}` > got.txt", "inside backticks"],
    ["printf '%s' \"$(echo {prompt})\" > got.txt", "inside $(…)"],
    ["printf '%s' ${X:-{prompt}} > got.txt", "inside ${…}"],
    ["printf '%s' ok > got.txt # {prompt}", "inside a # comment"],
    ["cat > got.txt <<EOF\n{prompt}\nEOF", "after a here-document"],
    ["(( {prompt} )); true > got.txt", "inside arithmetic"],
    ["[[ {prompt} -eq 1 ]]; true > got.txt", "inside [[ … ]]"],
  ];

  it.each(SAFE)(
    "%s: the prompt arrives as text, byte for byte, and nothing of it runs",
    async (template) => {
      const result = await commandAgent(template).run(context(attack));
      expect(result.exitCode).toBe(0);
      expect(await readSandbox("got.txt")).toContain(attack);
      expect(ranOnTheHost()).toEqual([]);
    },
  );

  it.each(REFUSED)("%s: refused before anything runs (%s)", (template, where) => {
    let thrown: unknown;
    try {
      commandAgent(template);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsafeTemplateError);
    const error = thrown as UnsafeTemplateError;
    expect(error.code).toBe("AE117");
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(where);
    expect(error.fix).toContain("write {prompt} bare: agent-evals quotes it");
  });

  it.each([
    "printf '%s' '{prompt}'",
    "printf '%s' --prompt='{prompt}'",
    "printf '%s' \"{prompt}\"",
    "printf '%s' --prompt=\"{prompt}\"",
  ])(
    "what the refusal prevents: %s, rendered anyway, runs the prompt's $(…) and backticks",
    (template) => {
      const simple = `$(touch ${pwned[0]}) \`touch ${pwned[1]}\``;
      spawnSync("bash", ["-c", renderCommandTemplate(template, simple)], { cwd, stdio: "ignore" });
      expect(ranOnTheHost()).toEqual([pwned[0], pwned[1]]);
    },
  );

  it("random templates (fast-check): every one is refused, or runs no part of the prompt", () => {
    const pieces = [
      "printf '%s' ",
      "echo ",
      "true ",
      "{prompt}",
      "{prompt}",
      "{prompt}",
      " ",
      "'",
      '"',
      "\\",
      "$",
      "$(",
      "${",
      "$'",
      "`",
      ")",
      "}",
      "(",
      "((",
      "))",
      "[[",
      "]]",
      "#",
      "\n",
      ";",
      "|",
      "<<E",
      "<<'E'",
      "\nE\n",
      "<<<",
      "<(",
      "=",
      "x",
      ":-",
      "case x in ",
      "x) ",
      ";; esac",
      "{a,",
      ",b}",
      " -eq 1 ",
      ">/dev/null ",
    ];
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 }),
        (parts) => {
          const template = parts.join("");
          try {
            commandAgent(template);
          } catch (error) {
            if (error instanceof UnsafeTemplateError) return;
            throw error;
          }
          accepted++;
          spawnSync("bash", ["-c", renderCommandTemplate(template, attack)], {
            cwd,
            stdio: "ignore",
            timeout: 10_000,
          });
          expect(ranOnTheHost(), template).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(20);
  });

  it("the CLI refuses a quoted {prompt} in --agent with exit 2, the fix, and nothing run", async () => {
    const root = await makeProject({
      "evals/e.eval.yaml": `name: e\nprompt: ${JSON.stringify(attack)}\nassertions:\n  files: [x]\n`,
    });
    try {
      const cli = await runCli(["eval", "--cwd", root, "--agent", 'printf %s "{prompt}"'], {
        env: { CI: "true" },
      });
      expect(cli.code).toBe(2);
      expect(cli.stderr).toContain("(command line): AE117 command template");
      expect(cli.stderr).toContain("inside double quotes");
      expect(cli.stderr).toContain("fix: write {prompt} bare: agent-evals quotes it");
      expect(cli.stderr).toContain("nothing was run");
      expect(await fs.readdir(root)).not.toContain(".copybook");
      expect(ranOnTheHost()).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it("an eval's own agents are checked the same way, at its file and line", async () => {
    const root = await makeProject({
      "evals/e.eval.yaml": `name: e\nprompt: hi\nagents: ["printf %s '{prompt}'"]\nassertions:\n  files: [x]\n`,
    });
    try {
      const error = await planEvals({ projectRoot: root, env: { PATH: process.env.PATH } }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DefinitionError);
      const problems = (error as DefinitionError).problems;
      // Relative to the project, on the line that holds the template.
      const shape = problems.map((p) => [p.code, p.file, p.line, p.key]);
      expect(shape).toEqual([["AE117", "evals/e.eval.yaml", 3, "agents"]]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe("scriptAgent", () => {
  it("a bash script gets the prompt as $1 and in $AGENT_EVALS_PROMPT (and $AGENTFILE_EVAL_PROMPT), runs in the sandbox", async () => {
    const agent = scriptAgent(
      "fake",
      [
        'printf "%s" "$1" > arg1.txt',
        'printf "%s" "$AGENT_EVALS_PROMPT" > env.txt',
        'printf "%s" "$AGENTFILE_EVAL_PROMPT" > agentfile.txt',
        'printf "%s" "$0" > name.txt',
        "pwd > pwd.txt",
        "echo working",
        "exit 3",
      ].join("\n"),
    );
    expect(agent.name).toBe("fake");
    expect(await agent.available()).toBe(true);
    const prompt = "do it: $(touch pwned) 'q' \"dq\"\nsecond line";
    const result = await agent.run(context(prompt));
    expect(result.exitCode).toBe(3);
    expect(result.timedOut).toBe(false);
    expect(await readSandbox("arg1.txt")).toBe(prompt);
    expect(await readSandbox("env.txt")).toBe(prompt);
    expect(await readSandbox("agentfile.txt")).toBe(prompt);
    expect(await readSandbox("name.txt")).toBe("fake");
    expect((await readSandbox("pwd.txt")).trim()).toBe(cwd);
    expect(await existsInSandbox("pwned")).toBe(false);
    expect(await fs.readFile(path.join(outDir, "agent.stdout"), "utf8")).toBe("working\n");
    // Only the stream it wrote to has a file.
    expect(result.transcripts).toEqual(["agent.stdout"]);
    await expect(fs.stat(path.join(outDir, "agent.stderr"))).rejects.toThrow(/ENOENT/);
  });

  it("a function gets the context and its partial result is completed", async () => {
    let seen: AgentRunContext | undefined;
    const agent = scriptAgent("fn", async (ctx) => {
      seen = ctx;
      await fs.writeFile(path.join(ctx.cwd, "made-by-fn.txt"), ctx.prompt);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { finalMessage: "all done", costUsd: 0.25 };
    });
    const ctx = context("write it");
    const result: AgentRunResult = await agent.run(ctx);
    expect(seen).toBe(ctx);
    expect(await readSandbox("made-by-fn.txt")).toBe("write it");
    expect(result).toMatchObject({
      exitCode: 0,
      timedOut: false,
      trajectory: [],
      transcripts: [],
      finalMessage: "all done",
      costUsd: 0.25,
    });
    // The function's own time is measured (it waits 50 ms), not left at 0.
    expect(result.durationMs).toBeGreaterThanOrEqual(45);
  });

  it("a function returning nothing passes with exit 0; one may report its own failure", async () => {
    const quiet = await scriptAgent("quiet", () => {}).run(context("x"));
    expect(quiet).toMatchObject({ exitCode: 0, timedOut: false, trajectory: [] });
    expect(quiet.agentFailure).toBeUndefined();

    const failing = await scriptAgent("failing", () => ({
      exitCode: 2,
      agentFailure: "ran out of turns",
      durationMs: 1234,
    })).run(context("x"));
    expect(failing).toMatchObject({
      exitCode: 2,
      agentFailure: "ran out of turns",
      durationMs: 1234,
    });
  });
});

describe("timeouts kill the whole process group", () => {
  const SPAWNS_GRANDCHILD = "sleep 300 &\necho $! > grandchild.pid\nsleep 30";

  const agents: [string, () => AgentAdapter, string][] = [
    ["scriptAgent", () => scriptAgent("sleeper", SPAWNS_GRANDCHILD), "ignored"],
    [
      "command template",
      () => commandAgent("sleep 300 & echo $! > grandchild.pid; sleep 30; : {prompt}"),
      "x",
    ],
    ["literal", () => literal(), sh("sleep 300 &\necho $! > grandchild.pid") + sh("sleep 30")],
  ];

  it.each(agents)(
    "%s: timedOut, and the grandchild is dead afterwards",
    async (_, make, prompt) => {
      const started = Date.now();
      const result = await make().run(context(prompt, { timeoutMs: 700 }));
      const elapsed = Date.now() - started;
      expect(result.timedOut).toBe(true);
      expect(result.exitCode).toBeNull();
      expect(elapsed).toBeLessThan(10_000);
      const pid = await readPid("grandchild.pid");
      expect(await waitUntilDead(pid)).toBe(true);
    },
  );

  it("literal: a timed-out step is the last of the trajectory, and is not an agent failure", async () => {
    const result = await literal().run(
      context(sh("touch one") + sh("sleep 30") + sh("touch three"), { timeoutMs: 500 }),
    );
    expect(result.timedOut).toBe(true);
    expect(result.agentFailure).toBeUndefined();
    expect(result.trajectory.map((t) => t.input)).toEqual([
      { command: "touch one" },
      { command: "sleep 30" },
    ]);
    expect(result.trajectory[1]!.isError).toBe(true);
    expect(await existsInSandbox("three")).toBe(false);
  });

  it("aborting the signal stops the agent early", async () => {
    const agent = scriptAgent("sleeper", SPAWNS_GRANDCHILD);
    const running = agent.run(context("x"));
    // Abort once the grandchild exists, well before the 20 s timeout.
    const deadline = Date.now() + 5000;
    while (!(await existsInSandbox("grandchild.pid")) && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 20));
    }
    const started = Date.now();
    controller.abort();
    const result = await running;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBeNull();
    expect(await waitUntilDead(await readPid("grandchild.pid"))).toBe(true);
  });
});
