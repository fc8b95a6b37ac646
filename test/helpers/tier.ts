// The test tiers (vitest.config.ts): each project sets AGENT_EVALS_TEST_TIER. What only the heavy
// tier may use (Docker, bwrap, Chromium, a real agent CLI) calls heavyOnly first, so that a test
// file that needs one of them and is not listed in HEAVY fails and says so, instead of making
// `npm run test:integration` need tools it does not install.

/** Throws unless this file runs in the heavy tier (or outside any tier: a bare `vitest run FILE`). */
export function heavyOnly(what: string): void {
  const tier = process.env.AGENT_EVALS_TEST_TIER;
  if (tier === undefined || tier === "heavy") return;
  throw new Error(
    `${what} belongs to the heavy test tier, and this file runs in the ${tier} tier: list it in HEAVY in vitest.config.ts`,
  );
}
