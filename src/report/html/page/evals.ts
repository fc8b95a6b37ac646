// A row per eval × agent (a comparison arm's as `greet @ base@main`): its verdict, pass rate and
// interval; opened, its trend and its trials, built on the first toggle.

import type { EvalResult } from "../types.js";
import { el } from "./dom.js";
import { counted, pct, secs, usd } from "./format.js";
import { trend } from "./trend.js";
import { trialRow } from "./trial.js";

function rateBar(e: EvalResult): HTMLElement {
  const bar = el("div", {
    class: "bar",
    title:
      "pass rate " +
      pct(e.passRate) +
      ", 95% CI " +
      pct(e.interval[0]) +
      "–" +
      pct(e.interval[1]) +
      ", needs " +
      pct(e.threshold),
  });
  bar.appendChild(
    el("span", {
      class: "ci",
      style:
        "left:" + e.interval[0] * 100 + "%;width:" + (e.interval[1] - e.interval[0]) * 100 + "%",
    }),
  );
  bar.appendChild(el("span", { class: "thr", style: "left:" + e.threshold * 100 + "%" }));
  if (e.trialsRun > 0 || e.cachedFrom) {
    bar.appendChild(el("span", { class: "rate", style: "left:" + e.passRate * 100 + "%" }));
  }
  return bar;
}

function rateText(e: EvalResult): string {
  if (e.cachedFrom) {
    const c = e.cachedFrom;
    return c.passes + "/" + c.trials + " (" + pct(c.passRate) + ") cached";
  }
  if (e.trialsRun === 0) return "—";
  return e.passes + "/" + counted(e) + " (" + pct(e.passRate) + ")";
}

export function evalRow(e: EvalResult, index: number): HTMLElement {
  const d = el("details", {
    class: "eval",
    "data-eval": e.id,
    "data-agent": e.agent,
    "data-arm": e.arm,
    "data-status": e.status,
  });
  // A comparison's other arm (a base ref, a variant) is compared, not judged: no verdict badge.
  const label =
    e.arm !== undefined
      ? "compared"
      : e.status === "cached" && e.cachedFrom
        ? "cached " + e.cachedFrom.status
        : e.status;
  const badge = e.arm !== undefined ? "s-arm" : "s-" + e.status;
  d.appendChild(
    el("summary", null, [
      el("div", { class: "row" }, [
        el("span", { class: "b" }, [el("span", { class: "badge " + badge, text: label })]),
        el("span", { class: "name" }, [
          el("b", { text: e.id }),
          e.arm !== undefined ? el("span", { class: "arm", text: " @ " + e.arm }) : null,
          " ",
          el("small", {
            text: "[" + e.agent + (e.agentVersion ? " " + e.agentVersion : "") + "]",
          }),
        ]),
        el("span", { class: "num rate", text: rateText(e) }),
        el("span", { class: "barcell" }, [rateBar(e)]),
        el("span", { class: "num cost", text: usd(e.costUsd) }),
        el("span", { class: "num dur", text: secs(e.durationMs) }),
      ]),
    ]),
  );
  const body = el("div", { class: "body" });
  d.appendChild(body);
  d.addEventListener("toggle", () => {
    if (d.open && !body.firstChild) fillEval(body, e, index);
  });
  return d;
}

function fillEval(body: HTMLElement, e: EvalResult, index: number): void {
  const lines: HTMLElement[] = [];
  if (e.reason) {
    lines.push(
      el("p", null, [e.code ? el("span", { class: "code", text: e.code + " " }) : null, e.reason]),
    );
  }
  const stopped =
    (e.status === "passed" || e.status === "failed") &&
    e.trialsRun < e.trialsPlanned &&
    e.trialsRun > 0;
  lines.push(
    el("p", {
      class: "muted",
      text:
        "defined at " +
        e.file +
        (e.line ? ":" + e.line : "") +
        " · needs " +
        pct(e.threshold) +
        " of " +
        e.trialsPlanned +
        " trial(s) · 95% CI " +
        pct(e.interval[0]) +
        "–" +
        pct(e.interval[1]) +
        (stopped ? " · stopped after " + e.trialsRun + ": verdict decided" : "") +
        (e.promptHash ? " · prompt " + e.promptHash.slice(0, 12) : ""),
    }),
  );
  if (e.cachedFrom) {
    const c = e.cachedFrom;
    lines.push(
      el("p", {
        class: "muted",
        text:
          "Nothing ran: the " +
          c.source +
          " has this verdict from " +
          c.time +
          (c.commit ? " (" + c.commit.slice(0, 12) + ")" : "") +
          ". --force runs it again.",
      }),
    );
  }
  lines.forEach((l) => {
    body.appendChild(l);
  });
  if (e.arm !== undefined) {
    body.appendChild(
      el("p", {
        class: "muted",
        text:
          "A comparison arm (" +
          e.arm +
          "): compared, not judged, and not recorded in history; its verdict is in Comparisons.",
      }),
    );
  } else {
    body.appendChild(el("h3", { text: "Pass-rate trend" }));
    body.appendChild(trend(e));
  }
  if (e.trials.length) body.appendChild(el("h3", { text: "Trials" }));
  e.trials.forEach((t, ti) => {
    body.appendChild(trialRow(e, t, index + "/" + ti));
  });
}
