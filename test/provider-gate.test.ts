// One gate per model provider on an ordinary run (docs/reliability.md › Rate limits): the real
// `claude` CLI, 6 trials at concurrency 3, against the fake Anthropic API limited to 2 requests a
// second (429 with retry-after: 1 beyond that). Through the gate every trial passes, run.json counts
// the 429s the gate absorbed, and after a 429 no request of any trial reached the fake before its
// retry-after had passed. With the gate turned off (`--no-provider-gate`) the agents talk to the
// fake directly and the 429s reach them.

import { afterEach, describe, expect, it } from "vitest";
import { claudeCode } from "../src/agents/claude-code.js";
import { runEvals } from "../src/engine/index.js";
import {
  requestText,
  startFakeAnthropic,
  type AnthropicRequestBody,
  type AnthropicTurn,
  type FakeAnthropic,
} from "./fakes/anthropic.js";
import { requireBin } from "./fakes/clis.js";
import { agentProject, engineEnv, onlyEval, removeAgentProjects } from "./helpers/agent-run.js";
import { BWRAP, requireTool } from "./helpers/requires-tool.js";

const bwrap = await requireTool(BWRAP);

const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await removeAgentProjects();
});

const EVAL = `name: gated
prompt: Record the release in released.txt.
sandbox: { fixture: { "README.md": "# app\\n" } }
trials: 6
timeout: 120
assertions:
  files: [released.txt]
`;

/** The agent's loop writes the file with Bash, then says it is done; any other call gets "done". */
function respond(body: AnthropicRequestBody): AnthropicTurn {
  const looping = (body.tools ?? []).some((tool) => tool.name === "Bash");
  if (looping && !requestText(body).includes("tool_result"))
    return { toolUse: { name: "Bash", input: { command: "echo v1 > released.txt" } } };
  return { text: "Released." };
}

async function run(providerGate: boolean, sandbox?: "bwrap") {
  const fake = await startFakeAnthropic([], { respond, rateLimit: { perSecond: 2 } });
  fakes.push(fake);
  const { root, home } = await agentProject(EVAL);
  const started = Date.now();
  const outcome = await runEvals({
    projectRoot: root,
    agents: [
      claudeCode({ bin: requireBin("claude"), env: { ANTHROPIC_BASE_URL: fake.url, HOME: home } }),
    ],
    // The key in the run's environment: a key login is what the gate relays.
    env: { ...engineEnv(home), ANTHROPIC_API_KEY: "sk-ant-fake-key" },
    concurrency: 3,
    allTrials: true,
    maxRetries: 0,
    ...(providerGate ? {} : { providerGate: false }),
    ...(sandbox ? { sandbox } : {}),
  });
  return { fake, outcome, result: onlyEval(outcome.run), ms: Date.now() - started };
}

/** Arrivals that came while an earlier 429's retry-after ran, later than `graceMs` after it. */
function throughPauses(fake: FakeAnthropic, graceMs: number) {
  return fake.arrivals.filter(
    (a) => a.duringPauseOf !== undefined && a.at - a.duringPauseOf > graceMs,
  );
}

describe("the provider gate with the real claude CLI", () => {
  it("6 trials at concurrency 3 against a rate-limited API: all pass, no request of any trial during a pause", async () => {
    const { fake, outcome, result, ms } = await run(true);
    const why = JSON.stringify({ trials: result.trials, arrivals: fake.arrivals }, null, 2);
    expect(
      result.trials.map((t) => t.status),
      why,
    ).toEqual(Array(6).fill("passed"));
    expect(outcome.exitCode, why).toBe(0);
    const limited = fake.arrivals.filter((a) => a.status === 429).length;
    expect(limited, why).toBeGreaterThan(0);
    // Every 429 was absorbed by the gate (none reached claude), and run.json says so per trial.
    const absorbed = result.trials.reduce((sum, t) => sum + (t.rateLimits?.absorbed ?? 0), 0);
    expect(absorbed, why).toBe(limited);
    expect(outcome.run.rateLimits, why).toMatchObject({ absorbed: limited });
    expect(
      result.trials.every((t) => !t.retries && !t.rateLimits?.retries),
      why,
    ).toBe(true);
    // After a 429 with retry-after, no request of ANY trial arrived before the pause ended (one
    // already on its way when the 429 was sent may arrive a few milliseconds after it).
    expect(throughPauses(fake, 100), why).toEqual([]);
    // Through the proxy: it asks the upstream for an uncompressed body.
    expect(fake.requests.every((r) => r.headers["accept-encoding"] === "identity")).toBe(true);
    console.log(
      `gated: ${result.trials.length} trials in ${ms} ms, ${fake.arrivals.length} requests, ${limited} answered 429 and absorbed`,
    );
  }, 240_000);

  it("--no-provider-gate: the agents talk to the API directly and meet its 429s themselves", async () => {
    const { fake, outcome, result, ms } = await run(false);
    const why = JSON.stringify({ trials: result.trials, arrivals: fake.arrivals }, null, 2);
    expect(fake.requests.length, why).toBeGreaterThan(0);
    // claude's own client asks for compressed bodies; the proxy would have asked for identity.
    expect(
      fake.requests.some((r) => r.headers["accept-encoding"] === "identity"),
      why,
    ).toBe(false);
    expect(
      fake.arrivals.some((a) => a.status === 429),
      why,
    ).toBe(true);
    expect(
      result.trials.every((t) => !t.rateLimits?.absorbed),
      why,
    ).toBe(true);
    expect(outcome.run.rateLimits?.absorbed ?? 0).toBe(0);
    console.log(
      `ungated: ${ms} ms, ${fake.arrivals.filter((a) => a.status === 429).length} 429s reached claude, ${throughPauses(fake, 100).length} requests arrived during a pause; trials ${result.trials.map((t) => t.status).join(" ")}`,
    );
  }, 240_000);

  bwrap.it(
    "under bwrap the agent reaches the gate through the forwarded proxy endpoint, and every trial passes",
    async () => {
      const { fake, result } = await run(true, "bwrap");
      const why = JSON.stringify({ trials: result.trials, arrivals: fake.arrivals }, null, 2);
      expect(result.sandbox).toBe("bwrap");
      expect(
        result.trials.map((t) => t.status),
        why,
      ).toEqual(Array(6).fill("passed"));
      expect(fake.requests.length, why).toBeGreaterThan(0);
      expect(
        fake.requests.every((r) => r.headers["accept-encoding"] === "identity"),
        why,
      ).toBe(true);
      expect(throughPauses(fake, 100), why).toEqual([]);
    },
    240_000,
  );
});
