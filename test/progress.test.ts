// Progress: the live line on a terminal (driven through a fake TTY stream, and for real through a
// pseudo-terminal made by util-linux `script`), one line per trial elsewhere.

import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { makeStyle } from "../src/report/console.js";
import { clock, Progress, wantsLiveProgress } from "../src/report/progress.js";
import type { TrialResult } from "../src/model/result.js";
import { cliEntry } from "./helpers/bundle.js";
import { makeProject, runCli } from "./helpers/project.js";

/** The CLI as the package ships it, built from src/ for this run (test/helpers/bundle.ts). */
const CLI = await cliEntry();

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

function fakeTty(columns = 120) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY: true, columns, write: (s: string) => chunks.push(s) } };
}

const trial = (n: number, status: TrialResult["status"], costUsd = 0): TrialResult => ({
  n,
  status,
  durationMs: 1200,
  costUsd,
  checks: [],
  dir: `.copybook/results/evals/x/a/trial-${n}`,
  ...(status === "passed" ? {} : { reason: "1 of 1 checks failed" }),
});

describe("the live progress line", () => {
  it("redraws done/total, passing, failing, cost, elapsed and ETA in place", () => {
    let now = 0;
    const { chunks, stream } = fakeTty();
    const style = makeStyle(stream, { NO_COLOR: "1" });
    const progress = new Progress({ stream, style, live: true, now: () => now, tickMs: 1e9 });
    progress.start(4);
    expect(chunks.at(-1)).toBe(
      "\r\x1b[2K0/4 trials · 0 passing · 0 failing · $0.00 · 0.0s elapsed",
    );
    now = 10_000;
    progress.trialEnded("x", "a", 4, trial(1, "passed", 0.25));
    // A passing trial only moves the line; ETA = 10 s per trial × 3 left.
    expect(chunks.at(-1)).toBe(
      "\r\x1b[2K1/4 trials · 1 passing · 0 failing · $0.25 · 10s elapsed · ETA 30s",
    );
    now = 20_000;
    progress.trialEnded("x", "a", 4, trial(2, "failed", 0.5));
    // A failed trial is printed above the line (which is cleared first), then the line comes back.
    const failedLine = chunks.findIndex((c) => c.includes("trial 2/4 failed"));
    expect(chunks[failedLine]).toMatch(/^\r\x1b\[2K {2}✗ x \[a\] trial 2\/4 failed .*\n$/);
    expect(chunks.at(-1)).toBe(
      "\r\x1b[2K2/4 trials · 1 passing · 1 failing · $0.75 · 20s elapsed · ETA 20s",
    );
    // The unit stopped early: its last trial will not run, so the total shrinks.
    progress.unitEnded(4, 3);
    expect(progress.status()).toBe(
      "2/3 trials · 1 passing · 1 failing · $0.75 · 20s elapsed · ETA 10s",
    );
    progress.finish();
    expect(chunks.at(-1)).toBe("\r\x1b[2K");
    progress.line("summary");
    expect(chunks.at(-1)).toBe("summary\n");
  });

  it("fits the terminal's width and colours only without NO_COLOR", () => {
    const narrow = fakeTty(30);
    const plain = new Progress({
      stream: narrow.stream,
      style: makeStyle(narrow.stream, { NO_COLOR: "1" }),
      live: true,
      tickMs: 1e9,
    });
    plain.start(10);
    plain.trialEnded("x", "a", 10, trial(1, "passed"));
    plain.finish();
    const drawn = narrow.chunks.filter((c) => c.startsWith("\r\x1b[2K") && c.length > 5);
    for (const c of drawn) expect(c.length - "\r\x1b[2K".length).toBeLessThanOrEqual(29);
    expect(narrow.chunks.join("")).not.toContain("\x1b[32m");

    const wide = fakeTty();
    const colour = new Progress({
      stream: wide.stream,
      style: makeStyle(wide.stream, {}),
      live: true,
      tickMs: 1e9,
    });
    colour.start(2);
    colour.trialEnded("x", "a", 2, trial(1, "passed"));
    colour.finish();
    expect(wide.chunks.join("")).toContain("\x1b[32m1 passing\x1b[0m");
  });

  it("prints one line per trial when not live; --quiet prints none", () => {
    const { chunks, stream } = fakeTty();
    const lines = new Progress({ stream, style: makeStyle({}, {}), live: false });
    lines.start(2);
    lines.trialEnded("x", "a", 2, trial(1, "passed"));
    lines.trialEnded("x", "a", 2, trial(2, "failed"));
    expect(chunks).toEqual([
      expect.stringMatching(/^ {2}✓ x \[a\] trial 1\/2 passed 1\.2s\n$/),
      expect.stringMatching(/^ {2}✗ x \[a\] trial 2\/2 failed 1\.2s: 1 of 1 checks failed\n$/),
    ]);
    const quiet = fakeTty();
    const q = new Progress({
      stream: quiet.stream,
      style: makeStyle({}, {}),
      live: true,
      quiet: true,
    });
    q.start(2);
    q.trialEnded("x", "a", 2, trial(1, "failed"));
    q.finish();
    expect(quiet.chunks).toEqual([]);
  });

  it("is live only on a terminal outside CI", () => {
    expect(wantsLiveProgress({ isTTY: true, write: () => 0 }, {})).toBe(true);
    expect(wantsLiveProgress({ isTTY: true, write: () => 0 }, { CI: "true" })).toBe(false);
    expect(wantsLiveProgress({ isTTY: true, write: () => 0 }, { TERM: "dumb" })).toBe(false);
    expect(wantsLiveProgress({ write: () => 0 }, {})).toBe(false);
    expect(clock(75_000)).toBe("1m15s");
    expect(clock(3_725_000)).toBe("1h02m");
  });
});

const EVAL = (name: string) => `name: ${name}
prompt: "\`\`\`sh\\nsleep 0.2; touch made.txt\\n\`\`\`"
agents: [literal]
trials: 3
sandbox: { fixture: { a: "" } }
assertions: { files: [made.txt] }
`;

/** Runs the CLI inside a pseudo-terminal (util-linux `script`); returns what the terminal got. */
function inPty(args: string[], env: Record<string, string>): Promise<string> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, CLI, ...args].map(quote).join(" ");
  return new Promise((resolve, reject) =>
    execFile(
      "script",
      ["-qefc", command, "/dev/null"],
      { env: { ...process.env, CI: "", ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error && error.code !== 1 ? reject(error) : resolve(stdout)),
    ),
  );
}

describe.skipIf(!existsSync("/usr/bin/script"))("the CLI in a real pseudo-terminal", () => {
  it("draws the live line on a terminal, and a line per trial through a pipe", async () => {
    const root = await makeProject({
      "evals/a.eval.yaml": EVAL("a"),
      "evals/b.eval.yaml": EVAL("b"),
    });
    dirs.push(root);
    const tty = await inPty(["eval", "--cwd", root, "--unsafe-local", "--all-trials"], {
      NO_COLOR: "1",
    });
    expect(tty).toContain("\r\x1b[2K");
    expect(tty).toMatch(
      /\r\x1b\[2K6\/6 trials · 6 passing · 0 failing · \$0\.00 · [\d.]+s elapsed/,
    );
    expect(tty).toContain("2 passed, 0 failed");
    expect(tty).not.toContain("trial 1/3 passed"); // passing trials only move the line
    expect(tty).not.toMatch(/\x1b\[3\dm/); // NO_COLOR

    const piped = await runCli(["eval", "--cwd", root, "--unsafe-local", "--all-trials"]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain("\r");
    expect(piped.stdout.match(/trial \d\/3 passed/g)).toHaveLength(6);

    // CI=true on a terminal: lines, as in a CI log.
    const ci = await inPty(["eval", "--cwd", root], { CI: "true", NO_COLOR: "1" });
    expect(ci).not.toContain("\x1b[2K");
    expect(ci.match(/trial \d\/3 passed/g)).toHaveLength(6);
  });
});
