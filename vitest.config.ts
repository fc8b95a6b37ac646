import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One TMPDIR for the whole run, removed at its end (test/global-setup.ts).
    globalSetup: ["test/global-setup.ts"],
    // `vitest run` runs both projects; `vitest run --project unit` (npm run test:fast) only the first.
    projects: [
      {
        extends: true,
        test: {
          // No processes, no servers (test/unit/setup.ts makes them throw): runs in seconds.
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          setupFiles: ["test/unit/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Real processes: agents, bash, git, the CLI, fake HTTP servers, Chromium.
          name: "integration",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/unit/**"],
          setupFiles: ["test/integration-setup.ts"],
        },
      },
    ],
  },
});
