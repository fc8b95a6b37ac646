// Numbers and statuses as the page words them.

import type { EvalResult, EvalStatus } from "../types.js";

export const STATUSES: EvalStatus[] = [
  "passed",
  "failed",
  "skipped",
  "cached",
  "incomplete",
  "error",
  "inconclusive",
];
const FAILING: Partial<Record<EvalStatus, 1>> = {
  failed: 1,
  error: 1,
  incomplete: 1,
  inconclusive: 1,
};

export function pct(x: number): string {
  return Math.round(x * 100) + "%";
}
export function usd(x: number): string {
  return "$" + (x > 0 && x < 0.01 ? x.toFixed(4) : x.toFixed(2));
}
export function secs(ms: number): string {
  return ms < 10000 ? (ms / 1000).toFixed(1) + "s" : Math.round(ms / 1000) + "s";
}
export function failing(e: EvalResult): boolean {
  return !!FAILING[e.status] || (e.status === "cached" && e.cachedFrom?.status === "failed");
}
export function counted(e: EvalResult): number {
  return e.trials.filter((t) => t.status !== "error").length;
}
