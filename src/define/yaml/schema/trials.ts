// `trials:`: a trial count, or `{ min, max, confidence }` for adaptive trials.

import * as z from "zod/mini";
import { described } from "./meta.js";

/** An integer from 1 to 100, as trial counts are. */
const trialCount = () => z.number().check(z.int(), z.gte(1), z.lte(100));

/** A trial count, or `{ min, max }` for adaptive trials. Shared by the YAML and TS formats. */
export const trialsSchema = z.union([
  trialCount(),
  z
    .strictObject({
      min: described(trialCount(), "Trials that always run."),
      max: described(trialCount(), "Trials that may run at most."),
      confidence: described(
        z.optional(z.number().check(z.gte(0.5), z.lte(0.999))),
        "The confidence of the Wilson interval that decides (default 0.95).",
      ),
    })
    .check(z.refine((t) => t.min <= t.max, { message: "`min` must not be larger than `max`" })),
]);

/** The trial count and the adaptive minimum of a `trials` value. */
export function trialCounts(
  trials: z.output<typeof trialsSchema> | undefined,
  fallback: number,
): { trials: number; adaptive?: { min: number; confidence: number } } {
  if (trials === undefined) return { trials: fallback };
  if (typeof trials === "number") return { trials };
  return {
    trials: trials.max,
    adaptive: { min: trials.min, confidence: trials.confidence ?? 0.95 },
  };
}
