// The Action's plan mode plans with the traffic the shard jobs will run with (record, replay), so
// the reusable workflow's plan job and its shards agree; a replay folder that is not there fails
// the plan, before any shard starts.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionInputs } from "../../src/github/inputs.js";

/** What planMode hands planEvals, as far as this test reads it. */
interface PlanOptions {
  projectRoot: string;
  traffic?: { mode: "record" } | { mode: "replay"; from: string };
}

// The engine stands in whole (a unit test loads none of it): planEvals only records its options.
const planned: PlanOptions[] = [];
vi.mock("../../src/engine/index.js", () => ({
  planEvals: async (options: PlanOptions) => {
    planned.push(options);
    return {
      projectRoot: options.projectRoot,
      specs: [],
      plan: { units: [], agentUnits: 0 },
      notes: [],
      cache: { history: new Map() },
      skippedForCredentials: 0,
    };
  },
  mergeRuns: () => Promise.reject(new Error("not in plan mode")),
  writeEmptyRun: () => Promise.reject(new Error("not in plan mode")),
}));

const { planMode } = await import("../../src/github/publish/modes.js");
const { InputError } = await import("../../src/github/inputs.js");

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
beforeEach(() => {
  planned.length = 0;
  // The outputs and the summary go nowhere a test reads.
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

async function project(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-plan-traffic-"));
  dirs.push(dir);
  await fs.mkdir(path.join(dir, "evals/recordings"), { recursive: true });
  return dir;
}

function inputs(traffic: Partial<ActionInputs>): ActionInputs {
  return { evals: [], agents: [], shards: 2, force: false, record: false, ...traffic } as never;
}

describe("plan mode's traffic", () => {
  it("replay: the plan is made as the replaying shards will run it", async () => {
    const root = await project();
    await planMode(inputs({ replay: "evals/recordings" }), root, {});
    expect(planned[0]!.traffic).toEqual({
      mode: "replay",
      from: path.join(root, "evals/recordings"),
    });
  });

  it("record: the plan is made as the recording shards will run it", async () => {
    await planMode(inputs({ record: true }), await project(), {});
    expect(planned[0]!.traffic).toEqual({ mode: "record" });
  });

  it("neither: no traffic", async () => {
    await planMode(inputs({}), await project(), {});
    expect(planned[0]!.traffic).toBeUndefined();
  });

  it("a replay folder that is not there fails the plan, before anything is planned", async () => {
    const run = planMode(inputs({ replay: "evals/cassettes" }), await project(), {});
    await expect(run).rejects.toBeInstanceOf(InputError);
    await expect(run).rejects.toThrow(/input replay: evals\/cassettes does not exist/);
    expect(planned).toEqual([]);
  });
});
