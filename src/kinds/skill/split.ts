// The held-out split of trigger queries (`trigger.holdout: 0.3`): a seeded, stratified draw, so a
// description tuned on the training queries is graded on queries it was not tuned on, and the same
// file and seed always give the same split.

import { seededRandom } from "../../util/index.js";

export type QuerySplit = "train" | "holdout";

/**
 * Which of `count` queries (of one polarity) are held out: round(share × count) of them, at least
 * one when share > 0 and there are two or more, never all of them (training needs one too).
 */
export function holdoutSplit(count: number, share: number, seed: number): QuerySplit[] {
  const wanted =
    share <= 0 || count < 2 ? 0 : Math.min(count - 1, Math.max(1, Math.round(share * count)));
  const order = Array.from({ length: count }, (_, i) => i);
  const random = seededRandom(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const held = new Set(order.slice(0, wanted));
  return order.map((_, i) => (held.has(i) ? "holdout" : "train"));
}
