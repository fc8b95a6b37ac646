// assertThat(name, fn): the user's own check.

import type { CustomCheckContext, CustomCheckResult } from "../model/index.js";
import type { CheckContext, CheckVerdict } from "./context.js";

export async function runCustomCheck(
  fn: (ctx: CustomCheckContext) => CustomCheckResult | Promise<CustomCheckResult>,
  ctx: CheckContext,
): Promise<CheckVerdict> {
  // A copy of the environment: one check changing it cannot change what the next one sees.
  const env = { ...ctx.env };
  const signal = ctx.signal ?? new AbortController().signal;
  // Where the provider holds only the run's changes, the user's code gets the whole tree, copied.
  const layers = await ctx.layers?.();
  const workspace = layers ? await layers.whole() : ctx.workspace;
  // `sandbox` is the old name of `workspace`, kept for checks written before the rename.
  const result = await fn({
    workspace,
    sandbox: workspace,
    calls: ctx.calls,
    run: ctx.run,
    env,
    signal,
  });
  if (result === undefined || result === true) return { ok: true, evidence: "held" };
  if (result === false) return { ok: false, evidence: "returned false" };
  if (typeof result === "string") return { ok: false, evidence: result };
  return {
    ok: result.ok,
    evidence: result.evidence ?? (result.ok ? "held" : "returned ok: false"),
  };
}
