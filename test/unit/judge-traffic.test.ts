// A judge call's model traffic in a run that records or replays (src/check/judge.ts, with a
// stand-in adapter and proxy: no process, no server): each call opens a proxy of its own named
// after it, gets that proxy as its base URL and the stand-in login, closes it after; a replayed
// call costs nothing; a replay miss ends the trial as AE303, not retried, not reworded. The
// cassettes' names: the agent's and its judge calls' (src/run/trial-traffic.ts).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runJudgeCheck, type OpenJudgeTraffic } from "../../src/check/index.js";
import {
  InfraError,
  type AgentAdapter,
  type JudgeCallContext,
  type JudgeCallResult,
  type JudgeSpec,
} from "../../src/model/index.js";
import { isCassetteFile, judgeCassetteFile } from "../../src/run/index.js";
import { writeCassette } from "../../src/run/replay/cassette.js";
import {
  copyCassettes,
  readRecording,
  replayRoot,
  ReplayMissError,
} from "../../src/run/trial-traffic.js";

const PASS: JudgeCallResult = {
  structured: { verdict: "pass", reason: "it says so", quotes: [] },
  costUsd: 0.02,
  transcripts: [],
};

function judgeAgent(answer: (ctx: JudgeCallContext) => JudgeCallResult) {
  const calls: JudgeCallContext[] = [];
  const adapter: AgentAdapter = {
    name: "stand-in",
    available: async () => true,
    version: async () => "1",
    run: () => Promise.reject(new Error("not an agent")),
    judge: async (ctx) => {
      calls.push(ctx);
      return answer(ctx);
    },
  };
  return { adapter, calls };
}

const spec = (agent: AgentAdapter, samples = 1): JudgeSpec => ({
  rubric: "The README says how to run it.",
  files: [],
  agent,
  samples,
  always: false,
  examples: [],
});

/** A stand-in proxy opener: what it was asked to open, and what closing it does. */
function traffic(mode: "record" | "replay", close: () => Promise<void> = async () => {}) {
  const opened: string[] = [];
  const closed: string[] = [];
  const open: OpenJudgeTraffic = async ({ name }) => {
    opened.push(name);
    return {
      baseUrl: `http://127.0.0.1:9/${name}`,
      env: mode === "replay" ? { ANTHROPIC_API_KEY: "stand-in" } : ({} as Record<string, string>),
      replay: mode === "replay",
      close: async () => {
        closed.push(name);
        await close();
      },
    };
  };
  return { open, opened, closed };
}

const run = (judge: JudgeSpec, open?: OpenJudgeTraffic, index = 2) =>
  runJudgeCheck(judge, index, {
    material: async () => ({ workspace: os.tmpdir(), changed: [] }),
    env: { HOME: "/home/trial" },
    outDir: os.tmpdir(),
    timeoutMs: 10_000,
    spend: { spentUsd: 0 },
    ...(open ? { traffic: open } : {}),
  });

describe("a judge call's traffic", () => {
  it("goes through a proxy of its own per call, named after it, as the judge's base URL", async () => {
    const { adapter, calls } = judgeAgent(() => PASS);
    const t = traffic("record");
    const verdict = await run(spec(adapter, 2), t.open);
    expect(verdict.ok).toBe(true);
    expect(t.opened).toEqual(["judge-2-1", "judge-2-2"]);
    expect(t.closed).toEqual(["judge-2-1", "judge-2-2"]);
    expect(calls.map((c) => c.modelBaseUrl)).toEqual([
      "http://127.0.0.1:9/judge-2-1",
      "http://127.0.0.1:9/judge-2-2",
    ]);
    // Recorded: a real call, paid.
    expect(verdict.judge.costUsd).toBeCloseTo(0.04, 9);
  });

  it("is not moved when the run neither records nor replays", async () => {
    const { adapter, calls } = judgeAgent(() => PASS);
    await run(spec(adapter));
    expect(calls[0]!.modelBaseUrl).toBeUndefined();
  });

  it("replayed: the stand-in login on top of the trial's env, and no cost", async () => {
    const { adapter, calls } = judgeAgent(() => PASS);
    const verdict = await run(spec(adapter), traffic("replay").open);
    expect(calls[0]!.env).toEqual({ HOME: "/home/trial", ANTHROPIC_API_KEY: "stand-in" });
    expect(verdict.judge.verdict).toBe("pass");
    expect(verdict.judge.costUsd).toBe(0);
    expect(verdict.judge.samples[0]!.costUsd).toBe(0);
  });

  it("a replay miss wins over the CLI's error and is thrown as it is: AE303, never retried", async () => {
    const miss = new ReplayMissError("judge judge-2-1: replay miss: turn 1 matches nothing");
    const { adapter, calls } = judgeAgent(() => {
      // What the CLI makes of the proxy's 400: a retryable infra error of its own.
      throw new InfraError("API error 400");
    });
    const t = traffic("replay", () => Promise.reject(miss));
    const error = await run(spec(adapter), t.open).catch((e: unknown) => e);
    expect(error).toBe(miss);
    expect(calls).toHaveLength(1);
  });

  it("a miss found on closing fails a call that answered: no pass from a partial replay", async () => {
    const miss = new ReplayMissError("judge judge-2-1: replay miss: turn 2 matches nothing");
    const { adapter } = judgeAgent(() => PASS);
    await expect(
      run(spec(adapter), traffic("replay", () => Promise.reject(miss)).open),
    ).rejects.toBe(miss);
  });

  it("a missing recording (the opener's miss) is thrown before the judge runs", async () => {
    const miss = new ReplayMissError("judge judge-2-1: replay miss: no recording");
    const { adapter, calls } = judgeAgent(() => PASS);
    await expect(run(spec(adapter), () => Promise.reject(miss))).rejects.toBe(miss);
    expect(calls).toHaveLength(0);
  });
});

describe("a trial's cassette files", () => {
  it("are the agent's cassette.json.gz (or a plain cassette.json) and judge-<check>-<sample>.cassette.json.gz", () => {
    expect(judgeCassetteFile("judge-2-1")).toBe("judge-2-1.cassette.json.gz");
    expect(isCassetteFile("cassette.json.gz")).toBe(true);
    expect(isCassetteFile("cassette.json")).toBe(true);
    expect(isCassetteFile(judgeCassetteFile("judge-12-3"))).toBe(true);
    for (const other of [
      "judge-2-1.stdout",
      "judge-x-1.cassette.json",
      "judge-2-1.cassette.json.bak",
      "other.cassette.json",
      "run.json",
    ])
      expect(isCassetteFile(other), other).toBe(false);
  });
});

describe("a trial recorded with judge calls", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const temp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ae-judge-traffic-"));
    made.push(dir);
    return dir;
  };

  it("has its judges' cassettes copied aside with the agent's, nothing else", () => {
    const from = temp();
    const trial = path.join(from, "evals", "deploy", "literal", "trial-1");
    fs.mkdirSync(trial, { recursive: true });
    for (const name of ["cassette.json.gz", "judge-1-1.cassette.json.gz", "judge-1-1.stdout"])
      fs.writeFileSync(path.join(trial, name), "{}");
    const to = temp();
    expect(copyCassettes(from, to)).toBe(2);
    expect(fs.readdirSync(path.join(to, "evals", "deploy", "literal", "trial-1")).sort()).toEqual([
      "cassette.json.gz",
      "judge-1-1.cassette.json.gz",
    ]);
  });

  it("replays in the folder its judges ran in when its agent recorded nothing (literal)", async () => {
    const trial = temp();
    const root = path.join(fs.realpathSync(os.tmpdir()), `agent-evals-judged-t1-${process.pid}`);
    made.push(root);
    await writeCassette(path.join(trial, "judge-1-1.cassette.json.gz"), {
      version: 1,
      upstream: "https://api.anthropic.com",
      trialRoot: root,
      exchanges: [],
    });
    const recording = await readRecording({
      mode: "replay",
      cassette: path.join(trial, "cassette.json.gz"),
    });
    // The agent's own recording is still a miss (a literal agent never asks for it).
    expect(recording && "miss" in recording && recording.miss).toBeInstanceOf(ReplayMissError);
    expect(replayRoot(recording)).toBe(root);
  });
});
