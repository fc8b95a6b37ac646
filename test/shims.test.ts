import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CALL_LOG_ENV, writeShims } from "../src/run/shims.js";
import {
  CALL_LOG_CAPS,
  parseCallLog,
  readCallLog,
  readCalls,
  redactCall,
  writeCallsJsonl,
} from "../src/run/call-log.js";
import { Redactor } from "../src/util/redact.js";
import { shellQuote } from "../src/util/shell.js";

const run = promisify(execFile);

let dir: string;
let shimDir: string;
let log: string;
const originalPath = process.env.PATH ?? "";

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-shims-"));
  shimDir = path.join(dir, "shims");
  log = path.join(dir, "calls.raw");
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function sh(script: string, env: Record<string, string> = {}) {
  return run("bash", ["-c", script], {
    cwd: dir,
    env: { ...process.env, PATH: `${shimDir}:${originalPath}`, ...env },
  });
}

describe("shims", () => {
  it("stubs a call with fixed output and exit code, and logs argv exactly", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { neon: { mode: "stub", exitCode: 3, stdout: 'it\'s "ok"\n', stderr: "warn" } },
    });
    const out = await sh(`neon init --name 'a b' $'line1\\nline2' "q'uote"; echo "rc=$?"`);
    expect(out.stdout).toBe(`it's "ok"\nrc=3\n`);
    expect(out.stderr).toBe("warn");
    const calls = await readCalls(log);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      bin: "neon",
      argv: ["init", "--name", "a b", "line1\nline2", "q'uote"],
      cwd: dir,
      exit: 3,
    });
    // Start time is a real clock reading, within a few seconds of now.
    expect(Math.abs(calls[0]!.time - Date.now())).toBeLessThan(5_000);
  });

  it("runs a script stub with the call's arguments; its exit is the call's exit", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: {
        vendor: { mode: "script", script: 'echo "got $# args: $*"\n[ "$1" = ok ] || exit 7' },
      },
    });
    const ok = await sh("vendor ok two");
    expect(ok.stdout).toBe("got 2 args: ok two\n");
    await expect(sh("vendor bad")).rejects.toMatchObject({ code: 7 });
    const calls = await readCalls(log);
    expect(calls.map((c) => [c.argv.join(" "), c.exit])).toEqual([
      ["ok two", 0],
      ["bad", 7],
    ]);
  });

  it("passes through to the real binary found on the original PATH", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { git: { mode: "passthrough" } },
    });
    const out = await sh("git --version && command -v git");
    expect(out.stdout).toMatch(/^git version /);
    expect(out.stdout.trim().endsWith(path.join(shimDir, "git"))).toBe(true);
    const calls = await readCalls(log);
    expect(calls).toEqual([expect.objectContaining({ bin: "git", argv: ["--version"], exit: 0 })]);
  });

  it("a passthrough of a missing binary logs the call and exits 127", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { "no-such-bin-xyz": { mode: "passthrough" } },
    });
    await expect(sh("no-such-bin-xyz a")).rejects.toMatchObject({ code: 127 });
    expect((await readCalls(log))[0]).toMatchObject({ bin: "no-such-bin-xyz", exit: 127 });
  });

  it("orders nested calls by start and pairs exits correctly", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: {
        outer: { mode: "script", script: "inner one; inner two; exit 4" },
        inner: { mode: "stub", exitCode: 0, stdout: "", stderr: "" },
      },
    });
    await expect(sh("outer go")).rejects.toMatchObject({ code: 4 });
    const calls = await readCalls(log);
    expect(calls.map((c) => `${c.bin} ${c.argv.join(" ")} -> ${c.exit}`)).toEqual([
      "outer go -> 4",
      "inner one -> 0",
      "inner two -> 0",
    ]);
  });

  it("logs every call of many concurrent callers without tearing a record", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { tool: { mode: "stub", exitCode: 0, stdout: "", stderr: "" } },
    });
    const writers = 8;
    const perWriter = 40;
    const bigArg = "x".repeat(2000);
    await Promise.all(
      Array.from({ length: writers }, (_, w) =>
        sh(`for i in $(seq ${perWriter}); do tool w${w} "$i" ${shellQuote(bigArg)}; done`),
      ),
    );
    const calls = await readCalls(log);
    expect(calls).toHaveLength(writers * perWriter);
    for (let w = 0; w < writers; w++) {
      const mine = calls.filter((c) => c.argv[0] === `w${w}`);
      expect(mine.map((c) => Number(c.argv[1]))).toEqual(
        Array.from({ length: perWriter }, (_, i) => i + 1),
      );
      expect(mine.every((c) => c.argv[2] === bigArg && c.exit === 0)).toBe(true);
    }
  });

  it("logs to the override file while checks run", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { tool: { mode: "stub", exitCode: 0, stdout: "", stderr: "" } },
    });
    const other = path.join(dir, "check-calls.raw");
    await sh("tool from-check", { [CALL_LOG_ENV]: other });
    expect(await readCalls(log)).toEqual([]);
    expect((await readCalls(other)).map((c) => c.argv)).toEqual([["from-check"]]);
  });

  it("turns the shims' time fields into dates: seconds since boot, or `@` epoch seconds", () => {
    const raw = Buffer.from(
      ["S", "10", "100.25", "/w", "a", "0", "S", "11", "@1700000000", "/w", "b", "1", "x"]
        .concat(["E", "11", "0", "E", "10", "2", ""])
        .join("\0"),
    );
    const calls = parseCallLog(raw, 1_000_000);
    expect(calls.map((c) => [c.bin, c.argv, c.time, c.exit])).toEqual([
      ["a", [], 1_000_000 + 100_250, 2],
      ["b", ["x"], 1_700_000_000_000, 0],
    ]);
  });

  it("writes calls.jsonl one JSON object a line", async () => {
    const file = path.join(dir, "calls.jsonl");
    await writeCallsJsonl(file, {
      calls: [{ bin: "a", argv: ["x y"], cwd: "/w", time: 1, exit: 0 }],
    });
    const text = await fs.readFile(file, "utf8");
    expect(text.split("\n")).toHaveLength(2);
    expect(JSON.parse(text.split("\n")[0]!)).toEqual({
      bin: "a",
      argv: ["x y"],
      cwd: "/w",
      time: 1,
      exit: 0,
    });
  });
});

describe("the call log under caps", () => {
  const stub = { mode: "stub" as const, exitCode: 0, stdout: "", stderr: "" };
  const big = (bytes: number) => `HEAD${"x".repeat(bytes - 8)}TAIL`;

  it("cuts an argument over 4 KiB in the middle, marked; the other arguments are exact", async () => {
    await writeShims({ dir: shimDir, callLog: log, originalPath, shims: { tool: stub } });
    await sh(`tool ${shellQuote(big(122_880))} small`);
    const [call] = await readCalls(log);
    const arg = call!.argv[0]!;
    const marker = "[agent-evals: argument cut at 4096 bytes of 122880]";
    expect(arg).toContain(marker);
    expect(arg.startsWith("HEADxx")).toBe(true);
    expect(arg.endsWith("xxTAIL")).toBe(true);
    expect(Buffer.byteLength(arg)).toBe(4096 + marker.length);
    expect(call!.argv[1]).toBe("small");
    expect(call!.exit).toBe(0);
  });

  it("cuts between whole UTF-8 characters", () => {
    const euros = "€".repeat(3000); // 3 bytes each: 4096 / 2 falls inside a character
    const raw = Buffer.from(["S", "1", "1.0", "/w", "tool", "1", euros, ""].join("\0"));
    const arg = parseCallLog(raw, 0)[0]!.argv[0]!;
    expect(arg).toMatch(/^€+\[agent-evals: argument cut at 4096 bytes of 9000\]€+$/);
    expect(arg).not.toContain("\uFFFD");
  });

  it("records calls up to the cap, counts the rest, and still hands every call to the checks", async () => {
    await writeShims({ dir: shimDir, callLog: log, originalPath, shims: { tool: stub } });
    await sh("for i in 1 2 3 4 5 6 7 8; do tool n$i; done");
    const caps = { ...CALL_LOG_CAPS, calls: 5 };
    const calls = await readCallLog(log, caps);
    expect(calls.calls.map((c) => c.argv[0])).toEqual(["n1", "n2", "n3", "n4", "n5"]);
    expect(calls.calls.every((c) => c.exit === 0)).toBe(true);
    expect(calls).toMatchObject({
      total: 8,
      bins: ["tool"],
      cut: { recorded: 5, total: 8, by: "calls" },
    });
    const every: string[] = [];
    for await (const call of calls.each()) every.push(call.argv[0]!);
    expect(every).toEqual(["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"]);
    // calls.jsonl: the recorded calls, then a line that says what was cut.
    const file = path.join(dir, "calls.jsonl");
    await writeCallsJsonl(file, calls);
    const lines = (await fs.readFile(file, "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    expect(lines[5]).toEqual({
      cut: "[agent-evals: calls cut at 5 of 8: the record holds at most 10000 calls]",
      recorded: 5,
      calls: 8,
    });
  });

  it("caps the recorded bytes too: a flood of big arguments stops being recorded", async () => {
    await writeShims({ dir: shimDir, callLog: log, originalPath, shims: { tool: stub } });
    await sh(`for i in 1 2 3 4; do tool "$i" ${shellQuote(big(20_000))}; done`);
    const calls = await readCallLog(log, { ...CALL_LOG_CAPS, bytes: 3 * 4096 });
    expect(calls.calls.map((c) => c.argv[0])).toEqual(["1", "2"]);
    expect(calls.cut).toEqual({ recorded: 2, total: 4, by: "bytes" });
  });

  it("parses the same calls however the log is cut into chunks", async () => {
    await writeShims({
      dir: shimDir,
      callLog: log,
      originalPath,
      shims: { outer: { mode: "script", script: "inner a; inner b; exit 3" }, inner: stub },
    });
    await sh(`outer ${shellQuote(big(9000))} ''; inner $'l1\nl2' "€uro"`).catch(() => undefined);
    const raw = await fs.readFile(log);
    const whole = parseCallLog(raw, 0);
    expect(whole.map((c) => [c.bin, c.exit])).toEqual([
      ["outer", 3],
      ["inner", 0],
      ["inner", 0],
      ["inner", 0],
    ]);
    for (const chunk of [1, 2, 7, 4095, 4096, 65_536])
      expect(parseCallLog(raw, 0, CALL_LOG_CAPS, chunk), `chunks of ${chunk}`).toEqual(whole);
  });

  it("holds no more of a forged log than the caps: a billion arguments, a field with no end", () => {
    const many = Buffer.concat([
      Buffer.from(["S", "1", "1.0", "/w", "tool", "150000", ""].join("\0")),
      Buffer.alloc(150_000), // 150,000 empty arguments
      Buffer.from(["S", "2", "1.0", "/w", "tool", "1000000000", "a", "b", ""].join("\0")),
    ]);
    const calls = parseCallLog(many, 0);
    // The call that claims a billion arguments never ends: it is dropped, as a record cut short.
    expect(calls).toHaveLength(1);
    expect(calls[0]!.argv).toHaveLength(1001);
    expect(calls[0]!.argv.at(-1)).toBe("[agent-evals: 149000 more arguments cut]");
    const endless = Buffer.from(`S\0${"9".repeat(5_000_000)}`);
    expect(parseCallLog(endless, 0)).toEqual([]);
    const cwd = Buffer.from(["S", "1", "1.0", "/".repeat(100_000), "tool", "0", ""].join("\0"));
    expect(parseCallLog(cwd, 0)[0]!.cwd).toContain(
      "[agent-evals: value cut at 4096 bytes of 100000]",
    );
  });

  it("redacts a secret that the cut splits, on both sides of the marker", () => {
    const secret = "SECRETVALUE123456";
    // The head keeps the first 2048 bytes: the first secret starts 8 bytes before its end. The
    // tail keeps the last 2048: the second secret starts 5 bytes before it.
    const arg = `${"a".repeat(2040)}${secret}${"b".repeat(6000)}${secret}${"c".repeat(2048 - 12)}`;
    const raw = Buffer.from(["S", "1", "1.0", "/w", "tool", "1", arg, ""].join("\0"));
    const [call] = parseCallLog(raw, 0);
    expect(call!.argv[0]).toContain("SECRETVA[agent-evals:");
    const redactor = new Redactor([secret]);
    const redacted = redactCall(call!, (text) => redactor.text(text)).argv[0]!;
    expect(call!.argv[0]).toContain("]TVALUE123456ccc");
    expect(redacted).toMatch(
      /^a+\*\*\*\[agent-evals: argument cut at 4096 bytes of \d+\]\*\*\*c+$/,
    );
  });
});
