/**
 * Outside errors of trigger and e2e runs, with the REAL `claude` against a fake Anthropic API that
 * always fails: claude's own retries are bounded (the user did not set CLAUDE_CODE_MAX_RETRIES), a
 * 401 is never retried — neither by claude nor by the trial — and the wait is shown with its
 * elapsed time. How long an always-500 scenario takes is measured in bench/infra-errors.ts.
 */
import { describe, expect, it } from "vitest";
import { runEvals } from "../src/engine/index.js";
import { startFakeAnthropic } from "./fakes/anthropic.js";
import { runCli } from "./helpers/project.js";
import { fakesClosedAfterEach, skillEnv, skillProject, tsFixerSkill } from "./helpers/skill-run.js";

const fakes = fakesClosedAfterEach();

const EVAL = `name: ts-fixer
type: skill
target: .claude/skills/ts-fixer/SKILL.md
trigger:
  positive:
    - query: Fix the TypeScript errors
`;

async function failingApi(status: number) {
  const { root, home } = await skillProject({
    ".claude/skills/ts-fixer/SKILL.md": tsFixerSkill("Fix them.\n"),
    "_evals/skills/ts-fixer.eval.yaml": EVAL,
  });
  const fake = await startFakeAnthropic([], { respond: () => ({ status }) });
  fakes.push(fake);
  // What a user's environment holds: no CLAUDE_CODE_MAX_RETRIES (the helper's 0 removed).
  const { CLAUDE_CODE_MAX_RETRIES: _dropped, ...env } = skillEnv(home, fake.url);
  return { root, env, fake };
}

const messages = (fake: { requests: Array<{ path: string }> }) =>
  fake.requests.filter((r) => r.path === "/v1/messages").length;

describe("infra errors of skill evals", () => {
  it("an always-500 API: claude retries twice per attempt, the trial three attempts, then error", async () => {
    const { root, env, fake } = await failingApi(500);
    const outcome = await runEvals({ projectRoot: root, env });
    const [query] = outcome.run.evals;
    expect(query!.status).toBe("error");
    expect(query!.trials[0]!.reason).toMatch(/^infra error \(after 3 attempts\): .*API 500/);
    // 3 attempts × (1 call + claude's 2 retries); claude's default of 10 retries would make 33.
    expect(messages(fake)).toBe(9);
    // The error's time is what the user waited for it, not 0.
    expect(query!.trials[0]!.durationMs).toBeGreaterThan(1000);
  });

  it("a 401 stops claude at its first retry notice and is not retried by the trial", async () => {
    const { root, env, fake } = await failingApi(401);
    const cli = await runCli(["eval", "--cwd", root], { env });
    expect(cli.code, cli.stdout + cli.stderr).toBe(2); // the outside world's error, not a failure
    expect(cli.stdout).toMatch(
      /! ts-fixer\.trigger\.positive-1 \[claude-code\] trial 1\/1 error \d+\.\ds/,
    );
    expect(cli.stdout).toMatch(/API 401.*check ANTHROPIC_API_KEY/);
    expect(cli.stdout).not.toContain("↻");
    expect(messages(fake)).toBe(1);
  });

  it("a retried trial says so with the time waited so far", async () => {
    const { root, env } = await failingApi(529);
    // Without the provider gate, which would absorb the 529s (docs/reliability.md › Rate limits):
    // claude meets them, gives up, and the trial is retried as a rate-limited one (2), then as any
    // infra error (2).
    const cli = await runCli(["eval", "--cwd", root, "--no-provider-gate"], { env });
    expect(cli.stdout).toMatch(
      /↻ ts-fixer\.trigger\.positive-1 \[claude-code\] trial 1: infra error after \d+\.\ds, retry 1\/2: .*API 529/,
    );
    expect(cli.stdout).toMatch(/retry 1\/2: rate limited, retried after its provider's pause/);
    expect(cli.stdout).toMatch(/retry 2\/2/);
    // Five attempts of claude with its own retries: about 40 s here.
  }, 150_000);
});
