import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CALL_LOG_ENV,
  callsToJsonl,
  parseCallLog,
  readCalls,
  writeShims,
} from "../src/run/shims.js";
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

  it("writes calls.jsonl one JSON object a line", () => {
    const text = callsToJsonl([{ bin: "a", argv: ["x y"], cwd: "/w", time: 1, exit: 0 }]);
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
