// Issue 32, rule 5: what reaches a person's terminal is inert, for the plain-text commands and the
// CLI's error handler too. Each case feeds the real CLI a file name, an eval id or a YAML value
// holding a clear-screen CSI, a title-setting OSC (ended by BEL) and a carriage return; NO_COLOR is
// set, so any ESC, CR or BEL on stdout or stderr came from that input.

import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeProject, runCli, type CliResult } from "./helpers/project.js";

/** ESC [2J (clear the screen), OSC 0 (set the title) ended by BEL, a CR: raw, and as shown. */
const EVIL = "x\x1b[2J\x1b]0;pwned\x07\ry";
const SHOWN = String.raw`x\x1b[2J\x1b]0;pwned\x07\ry`;
/** As a message that quotes the text as JSON shows it. */
const QUOTED = String.raw`x\u001b[2J\u001b]0;pwned\u0007\ry`;
/** The same, written inside a YAML double-quoted string. */
const EVIL_YAML = String.raw`x\e[2J\e]0;pwned\a\ry`;

const goodEval = (name: string) => `name: ${name}
sandbox: { fixture: { a: "" } }
assertions:
  files: [a]
`;

interface Case {
  name: string;
  run: () => Promise<CliResult>;
  code: number;
}

const cases: Case[] = [
  {
    name: "list: an eval file's name, in its output",
    run: async () => {
      const root = await makeProject({ [`evals/${EVIL}.eval.yaml`]: goodEval("fine") });
      return runCli(["list", "--cwd", root]);
    },
    code: 0,
  },
  {
    name: "plan: an eval file's name in a bad-input message (exit 2)",
    run: async () => {
      const root = await makeProject({ [`evals/${EVIL}.eval.yaml`]: "name: [unclosed\n" });
      return runCli(["plan", "--cwd", root]);
    },
    code: 2,
  },
  {
    name: "list: a YAML key in a bad-input message (exit 2)",
    run: async () => {
      const root = await makeProject({
        "evals/a.eval.yaml": `${goodEval("a")}"${EVIL_YAML}": 1\n`,
      });
      return runCli(["list", "--cwd", root]);
    },
    code: 2,
  },
  {
    name: "plan: a YAML value (an agent's name), in its output",
    run: async () => {
      const root = await makeProject({
        "evals/a.eval.yaml": `name: a\nprompt: hi\nagents: ["${EVIL_YAML}"]\nassertions:\n  files: [a]\n`,
      });
      return runCli(["plan", "--cwd", root]);
    },
    code: 0,
  },
  {
    name: "plan: an eval name given on the command line that matches nothing (exit 2)",
    run: async () => {
      const root = await makeProject({ "evals/a.eval.yaml": goodEval("a") });
      return runCli(["plan", "--cwd", root, EVIL]);
    },
    code: 2,
  },
  {
    name: "health: an agent's name recorded in a history line, in its output",
    run: async () => {
      const root = await makeProject({});
      const line = {
        time: "2025-01-01T00:00:00.000Z",
        id: "a",
        agent: EVIL,
        definitionHash: "h",
        trials: 1,
        trialsPlanned: 1,
        passes: 0,
        passRate: 0,
        threshold: 1,
        costUsd: 0,
        durationMs: 1,
        interval: [0, 1],
        status: "failed",
      };
      await fs.mkdir(path.join(root, "history"));
      await fs.writeFile(path.join(root, "history/a.jsonl"), `${JSON.stringify(line)}\n`);
      return runCli(["health", "--history-dir", "history"], { cwd: root });
    },
    code: 0,
  },
  {
    name: "merge: a results folder's name in a bad-input message (exit 2)",
    run: async () => {
      const root = await makeProject({ "evals/a.eval.yaml": goodEval("a") });
      return runCli(["merge", path.join(root, EVIL)], { cwd: root });
    },
    code: 2,
  },
  {
    name: "an unknown command's name (exit 2)",
    run: () => runCli([EVIL]),
    code: 2,
  },
];

describe("hostile text reaches the terminal inert, through each command", () => {
  for (const c of cases) {
    it(c.name, { timeout: 120_000 }, async () => {
      const cli = await c.run();
      const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
      expect(cli.code, why).toBe(c.code);
      // Positive control: the hostile text was printed, escaped.
      const all = cli.stdout + cli.stderr;
      expect(all.includes(SHOWN) || all.includes(QUOTED), `not shown escaped\n${why}`).toBe(true);
      for (const [name, out] of [
        ["stdout", cli.stdout],
        ["stderr", cli.stderr],
      ] as const) {
        expect(out.includes("\x1b"), `raw ESC on ${name}\n${why}`).toBe(false);
        expect(out.includes("\r"), `raw CR on ${name}\n${why}`).toBe(false);
        expect(out.includes("\x07"), `raw BEL on ${name}\n${why}`).toBe(false);
      }
    });
  }
});
