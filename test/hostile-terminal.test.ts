/**
 * What reaches a person's terminal is inert. The real CLI runs an agent (a bash script) that names
 * a file with ESC, CR and an OSC sequence, prints output full of them, and prints a declared secret
 * split by `\e[0m` (a terminal shows it whole). Then: the console carries no raw ESC or CR from the
 * agent (it shows them as `\x1b`, `\r`), and the secret reaches no file the run wrote, in any
 * split: agent.stdout, run.json, report.html.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentProject, removeAgentProjects } from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";

afterEach(removeAgentProjects);

const ACME_TOKEN = `acme-${randomBytes(12).toString("hex")}`;

// The file name: a title-setting OSC, a carriage return, a clear-screen CSI and a forged line.
// The output: a colour, a CR that would overwrite the line, a hyperlink (OSC 8), a forged PASS.
// The secret: cut by an SGR reset, and by a hyperlink's empty OSC 8.
const SCRIPT = String.raw`#!/bin/bash
touch "$(printf 'evil\033]0;pwned\007\rPASS forged\033[2J')"
printf 'out \033[31mred\r\033]8;;https://x.test/\033\\link\033]8;;\033\\\n\033[1A\033[2KPASS all good\n'
printf 'key: %s\033[0m%s\n' "${"${ACME_TOKEN:0:8}"}" "${"${ACME_TOKEN:8}"}"
printf 'link: %s\033]8;;\033\\%s\n' "${"${ACME_TOKEN:0:5}"}" "${"${ACME_TOKEN:5}"}"
echo done > done.txt
`;

const EVAL = String.raw`name: hostile
prompt: write done.txt
secrets: [ACME_TOKEN]
timeout: 60
assertions:
  files: [missing.txt]
  commands:
    - { run: 'printf "check \033[31mout\r\033]0;t\007 tail\n"; exit 3' }
`;

describe("a hostile agent's terminal escapes", () => {
  it("reach the console shown, not sent, and cannot hide a secret from redaction", async () => {
    const { root, home } = await agentProject(EVAL, { "agent.sh": SCRIPT });
    const cli = await runCli(
      ["eval", "--cwd", root, "--agent", `bash ${path.join(root, "agent.sh")}`],
      { env: { CI: "true", HOME: home, ACME_TOKEN } },
    );
    const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
    expect(cli.code, why).toBe(1);

    // Positive control: the file listing and the check's tail were printed, escaped.
    expect(cli.stdout, why).toContain("the sandbox has:");
    expect(cli.stdout, why).toContain(String.raw`evil\x1b]0;pwned\x07\rPASS forged\x1b[2J`);
    expect(cli.stdout, why).toContain(String.raw`check \x1b[31mout\r\x1b]0;t\x07 tail`);
    // NO_COLOR is set: any ESC, CR or BEL on the console came from the agent.
    for (const [name, out] of [
      ["stdout", cli.stdout],
      ["stderr", cli.stderr],
    ] as const) {
      expect(out.includes("\x1b"), `raw ESC on ${name}\n${why}`).toBe(false);
      expect(out.includes("\r"), `raw CR on ${name}\n${why}`).toBe(false);
      expect(out.includes("\x07"), `raw BEL on ${name}\n${why}`).toBe(false);
    }

    const results = path.join(root, ".copybook", "results");
    const [trialDir] = (await fs.readdir(results, { recursive: true }))
      .filter((rel) => rel.endsWith("agent.stdout"))
      .map((rel) => path.join(results, path.dirname(rel)));
    expect(trialDir, why).toBeDefined();
    const stdout = await fs.readFile(path.join(trialDir!, "agent.stdout"), "utf8");
    // The agent really printed its escapes (they are kept in the transcript), the secret it cut
    // with them is gone.
    expect(stdout).toContain("\x1b[31mred\r");
    expect(stdout).toContain("key: ***\n");
    expect(stdout).toContain("link: ***\n");
    const stored: Array<[string, string]> = [
      ["agent.stdout", stdout],
      ["run.json", await fs.readFile(path.join(results, "run.json"), "utf8")],
      ["report.html", await fs.readFile(path.join(results, "report.html"), "utf8")],
      ["console", cli.stdout + cli.stderr],
    ];
    for (const [name, text] of stored) {
      // What a terminal would show: the text without its escape sequences.
      const shown = text
        .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, "")
        .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, "")
        .replace(/\\u001b\[[0-?]*[ -/]*[@-~]/gi, "")
        .replace(/\\u001b\][^\\]*(\\u0007|\\u001b\\\\)/gi, "");
      expect(shown.includes(ACME_TOKEN), `the secret in ${name}`).toBe(false);
      expect(shown.includes(ACME_TOKEN.slice(8)), `its second part in ${name}`).toBe(false);
    }
  });
});
