import { describe, expect, it } from "vitest";
import { shimBypassWarnings } from "../../src/check/bypass.js";
import type { ShimCall, ToolCall } from "../../src/model/eval.js";

function bash(command: string): ToolCall {
  return { tool: "Bash", input: { command } };
}

function logged(bin: string, ...argv: string[]): ShimCall {
  return { bin, argv, cwd: "/sandbox", time: 0, exit: 0 };
}

const SHIM_DIR = "/tmp/agent-evals-trial/shims";

describe("shimBypassWarnings", () => {
  it("warns when a shimmed binary is run by its absolute path", () => {
    const warnings = shimBypassWarnings([bash("/usr/local/bin/neon deploy")], [], ["neon"]);
    expect(warnings).toContainEqual(
      expect.stringContaining(
        "the agent ran /usr/local/bin/neon by its absolute path, bypassing the neon shim",
      ),
    );
  });

  it("warns on an absolute path after another command", () => {
    const warnings = shimBypassWarnings(
      [bash("cd x && /opt/bin/neon init")],
      [logged("neon", "init")],
      ["neon"],
    );
    expect(warnings).toEqual([
      "the agent ran /opt/bin/neon by its absolute path, bypassing the neon shim: that call was not recorded",
    ]);
  });

  it("warns on an absolute path inside $(…), backticks and pipes", () => {
    for (const command of [
      "echo $(/opt/bin/neon connection-string)",
      "echo `/opt/bin/neon whoami`",
      "cat x | /opt/bin/neon import",
      "true;/opt/bin/neon init",
      "/opt/bin/neon",
    ]) {
      const warnings = shimBypassWarnings([bash(command)], [logged("neon")], ["neon"]);
      expect(warnings, command).toHaveLength(1);
      expect(warnings[0], command).toContain("/opt/bin/neon by its absolute path");
    }
  });

  it("does not warn for a call through PATH that the shim logged", () => {
    const trajectory = [bash("neon deploy --prod"), bash("cd app && neon init")];
    const calls = [logged("neon", "deploy", "--prod"), logged("neon", "init")];
    expect(shimBypassWarnings(trajectory, calls, ["neon"])).toEqual([]);
  });

  it("warns when the transcript shows a call but the shim logged none", () => {
    const warnings = shimBypassWarnings([bash("neon deploy")], [], ["neon"]);
    expect(warnings).toEqual([
      "the transcript shows a neon command (neon deploy) but the shim recorded no neon call",
    ]);
  });

  it("a logged call of another shimmed binary does not count", () => {
    const warnings = shimBypassWarnings(
      [bash("npm i && neon init")],
      [logged("npm", "i")],
      ["npm", "neon"],
    );
    expect(warnings).toEqual([
      "the transcript shows a neon command (npm i && neon init) but the shim recorded no neon call",
    ]);
  });

  it("shows only the first line of a long command, cut at 80 characters", () => {
    const long = `neon ${"x".repeat(100)}\nsecond line`;
    const [warning] = shimBypassWarnings([bash(long)], [], ["neon"]);
    expect(warning).toContain(`(neon ${"x".repeat(75)}…)`);
    expect(warning).not.toContain("second line");
  });

  it("does not warn for names that merely contain the binary's name", () => {
    for (const command of [
      "neonate --version",
      "my-neon deploy",
      "/usr/bin/neonate",
      "/usr/bin/my-neon deploy",
      "./neon deploy",
      "cat neon.config.json",
      "ls src/neon/",
    ]) {
      expect(shimBypassWarnings([bash(command)], [], ["neon"]), command).toEqual([]);
    }
  });

  it("does not warn for the shim folder's own path", () => {
    const trajectory = [bash(`${SHIM_DIR}/neon deploy`)];
    const calls = [logged("neon", "deploy")];
    expect(shimBypassWarnings(trajectory, calls, ["neon"], SHIM_DIR)).toEqual([]);
    expect(shimBypassWarnings(trajectory, calls, ["neon"], `${SHIM_DIR}/`)).toEqual([]);
    // Without the shim folder, the same path is an absolute-path call.
    expect(shimBypassWarnings(trajectory, calls, ["neon"])).toHaveLength(1);
  });

  it("still warns for a folder whose name only starts like the shim folder", () => {
    const warnings = shimBypassWarnings(
      [bash(`${SHIM_DIR}-real/neon deploy`)],
      [logged("neon", "deploy")],
      ["neon"],
      SHIM_DIR,
    );
    expect(warnings).toEqual([
      `the agent ran ${SHIM_DIR}-real/neon by its absolute path, bypassing the neon shim: that call was not recorded`,
    ]);
  });

  it("reads codex's commands, which come wrapped in `bash -lc '…'`", () => {
    const codex = (command: string): ToolCall => ({
      tool: "Bash",
      agentTool: "command_execution",
      input: { command },
    });
    expect(
      shimBypassWarnings([codex("/bin/bash -lc '/usr/local/bin/neon deploy'")], [], ["neon"]),
    ).toContainEqual(expect.stringContaining("ran /usr/local/bin/neon by its absolute path"));
    expect(shimBypassWarnings([codex(`/bin/bash -lc "neon deploy"`)], [], ["neon"])).toEqual([
      `the transcript shows a neon command (/bin/bash -lc "neon deploy") but the shim recorded no neon call`,
    ]);
    expect(
      shimBypassWarnings([codex("/bin/bash -lc 'neon deploy'")], [logged("neon")], ["neon"]),
    ).toEqual([]);
  });

  it("reads codex's exec_command `cmd` input and shell aliases", () => {
    const call: ToolCall = { tool: "exec_command", input: { cmd: "/opt/neon/bin/neon init" } };
    expect(shimBypassWarnings([call], [logged("neon")], ["neon"])).toHaveLength(1);
  });

  it("ignores tools other than Bash and inputs without a command", () => {
    const trajectory: ToolCall[] = [
      { tool: "Read", input: { file_path: "/usr/local/bin/neon" } },
      { tool: "Write", input: { command: "/usr/local/bin/neon deploy" } },
      { tool: "Bash", input: { command: ["/usr/local/bin/neon", "deploy"] } },
      { tool: "Bash", input: undefined },
    ];
    expect(shimBypassWarnings(trajectory, [], ["neon"])).toEqual([]);
  });

  it("says each thing once, however often the agent did it", () => {
    const trajectory = [bash("/opt/bin/neon a"), bash("/opt/bin/neon b")];
    expect(shimBypassWarnings(trajectory, [logged("neon")], ["neon"])).toHaveLength(1);
  });

  it("escapes regex characters in binary names", () => {
    expect(shimBypassWarnings([bash("g++ main.cc")], [], ["g++"])).toHaveLength(1);
    expect(shimBypassWarnings([bash("gxx main.cc")], [], ["g.+"])).toEqual([]);
  });

  it("has nothing to say without shims", () => {
    expect(shimBypassWarnings([bash("/usr/local/bin/neon deploy")], [], [])).toEqual([]);
  });
});
