// The page's head: the run's time, cost and commit, and a chip per status with its count.

import { data } from "./data.js";
import { el } from "./dom.js";
import { secs, STATUSES, usd } from "./format.js";

export function header(): HTMLElement {
  const r = data.run;
  const meta = [
    "started " + new Date(r.startedAt).toLocaleString(),
    "took " + secs(r.durationMs),
    "cost " + usd(r.costUsd) + (r.budgetUsd !== undefined ? " of " + usd(r.budgetUsd) : ""),
    r.commit ? "commit " + r.commit.slice(0, 12) : null,
    r.tool ? r.tool.name + " " + r.tool.version : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const chips = el(
    "div",
    { class: "chips", "aria-label": "run summary" },
    STATUSES.filter((s) => {
      return (
        ["passed", "failed", "skipped", "cached", "incomplete"].indexOf(s) >= 0 || r.counts[s] > 0
      );
    }).map((s) => {
      return el("span", { class: "chip " + s, "data-count": s }, [
        el("b", { text: String(r.counts[s]) }),
        " " + s,
      ]);
    }),
  );
  const trials = data.evals.reduce((n, e) => n + e.trials.length, 0);
  return el("header", null, [
    el("h1", { text: "agent-evals report" }),
    el("div", { class: "meta", text: meta }),
    chips,
    el("div", {
      class: "muted",
      text:
        data.evals.length +
        " eval × agent pair(s), " +
        trials +
        " trial(s) run. " +
        (r.isolation || ""),
    }),
  ]);
}
