import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Three tiers, one vitest project each (docs/contributing.md, "Test tiers"):
//   unit         test/unit/: no processes, no servers (test/unit/setup.ts makes them throw).
//   integration  real processes: git, bash, the CLI, the literal and scripted agents, fake HTTP
//                servers on 127.0.0.1. Needs nothing beyond Node, git and bash.
//   heavy        what needs an outside tool: Docker, bubblewrap, Chromium or a real agent CLI
//                (.agent-clis/, scripts/install-agent-clis.sh). The files are listed here; an
//                integration test that reaches for one of those tools fails and says to move it.
// `npm test` (and `vitest run`) runs all three; `npm run test:unit|test:integration|test:heavy`
// one.

/** The heavy tier: every test file that needs Docker, bwrap, Chromium or a real agent CLI. */
export const HEAVY = [
  // Docker (a daemon, the test image built by test/helpers/docker-image.ts).
  "test/docker.test.ts",
  "test/hostile-checks.test.ts",
  "test/hostile-outcomes.test.ts",
  "test/hostile-reap.test.ts",
  "test/hostile-suite.test.ts",
  // bubblewrap.
  "test/bwrap.test.ts",
  "test/sandbox-kind.test.ts",
  "test/home.test.ts",
  // Chromium.
  "test/html-report.test.ts",
  "test/html-report-skills.test.ts",
  // A real agent CLI against the fake model servers (or, for the Action's skip paths, on PATH).
  "test/action.test.ts",
  "test/action-replay.test.ts",
  "test/action-safety.test.ts",
  "test/calibrate.test.ts",
  "test/claude-code.test.ts",
  "test/codex.test.ts",
  "test/copilot.test.ts",
  "test/e2e-evals.test.ts",
  "test/example-replay.test.ts",
  "test/fakes.test.ts",
  "test/faults.test.ts",
  "test/gemini.test.ts",
  "test/judge.test.ts",
  "test/judge-replay.test.ts",
  "test/mcp.test.ts",
  "test/opencode.test.ts",
  "test/outage.test.ts",
  "test/pi.test.ts",
  "test/provider-gate.test.ts",
  "test/recheck.test.ts",
  "test/record-replay.test.ts",
  "test/redact-e2e.test.ts",
  "test/replay-budget.test.ts",
  "test/replay-cli.test.ts",
  "test/skill-cache-split.test.ts",
  "test/skill-codex.test.ts",
  "test/skill-infra-errors.test.ts",
  "test/skill-plugin.test.ts",
  "test/skill-trials.test.ts",
  "test/trigger-evals.test.ts",
  "test/variants.test.ts",
  "test/version-replay.test.ts",
  "test/agent-version.test.ts",
];

/**
 * Test files at a time in the integration and heavy tiers: one more than the cores. Their tests
 * mostly wait on processes, git, servers and Docker, so a 2-core machine (where vitest's default is
 * a single worker) has room for a third; more made the run no faster and the machine's waits longer.
 */
const PROCESS_WORKERS = os.availableParallelism() + 1;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One TMPDIR for the whole run, removed at its end (test/global-setup.ts); a dockerd the run
    // started is stopped there too.
    globalSetup: ["test/global-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          // Pure code: the files share one module graph per worker instead of importing src/ again
          // each (half the tier's CPU time), on every core.
          isolate: false,
          maxWorkers: os.availableParallelism(),
          // A project with workers of its own runs as a group of its own: the unit tier first.
          sequence: { groupOrder: 0 },
          setupFiles: ["test/unit/setup.ts"],
          env: { AGENT_EVALS_TEST_TIER: "unit" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          maxWorkers: PROCESS_WORKERS,
          // Then integration and heavy together, their files in one pool (longest first).
          sequence: { groupOrder: 1 },
          exclude: [...configDefaults.exclude, "test/unit/**", ...HEAVY],
          // Builds the package from src/ for the CLI and Action tests, meanwhile.
          globalSetup: ["test/bundle-setup.ts"],
          setupFiles: ["test/integration-setup.ts"],
          env: { AGENT_EVALS_TEST_TIER: "integration" },
        },
      },
      {
        extends: true,
        test: {
          name: "heavy",
          include: HEAVY,
          maxWorkers: PROCESS_WORKERS,
          sequence: { groupOrder: 1 },
          // Starts dockerd when none answers, and stops it when the run ends.
          globalSetup: ["test/bundle-setup.ts", "test/heavy-setup.ts"],
          setupFiles: ["test/integration-setup.ts"],
          env: { AGENT_EVALS_TEST_TIER: "heavy" },
        },
      },
    ],
  },
});
