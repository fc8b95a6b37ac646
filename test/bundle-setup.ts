// Global setup of the integration and heavy tiers (vitest.config.ts): starts building the package
// from this checkout's src/ (test/helpers/bundle.ts) as the run begins, so that the unit tier runs
// meanwhile and the first test file that runs the CLI or the Action finds the build done or under
// way, instead of each worker waiting at its first CLI start. The run waits for the build at its
// end, so no ncc process outlives it.

import { bundleDir } from "./helpers/bundle.js";

/** Set once the build is started: each project runs its global setup. */
const STARTED = "AGENT_EVALS_TEST_BUNDLE_STARTED";

export default function setup(): () => Promise<void> {
  if (process.env[STARTED]) return async () => {};
  process.env[STARTED] = "1";
  // A failed build is not reported here: the first test that needs it builds again and fails with
  // ncc's message.
  const building = bundleDir().catch(() => undefined);
  return async () => {
    await building;
    delete process.env[STARTED];
  };
}
