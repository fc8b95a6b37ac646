// Parity across agents: a row per eval × agent against the eval's reference agent, Δ (agent −
// reference, in points) drawn with its 95% interval as the comparisons are, the harness flag and
// its evidence under the row. The words are the console's (src/report/parity.ts).

import type { ParityView } from "../types.js";
import { data } from "./data.js";
import { el } from "./dom.js";

/** The comparisons' colours: behind as a regression, ahead as an improvement. */
const CLASS: Record<ParityView["record"]["verdict"], string> = {
  behind: "v-regression",
  ahead: "v-improvement",
  "on-par": "v-no-change",
  inconclusive: "v-inconclusive",
};

function pos(x: number): number {
  return ((Math.max(-1, Math.min(1, x)) + 1) / 2) * 100;
}

function bar(v: ParityView): HTMLElement {
  const r = v.record;
  return el("div", { class: "lift-bar", title: v.delta }, [
    el("span", {
      class: "band",
      style: "left:" + pos(-r.margin) + "%;width:" + (pos(r.margin) - pos(-r.margin)) + "%",
    }),
    el("span", { class: "zero", style: "left:50%" }),
    el("span", {
      class: "ci",
      style:
        "left:" + pos(r.interval[0]) + "%;width:" + (pos(r.interval[1]) - pos(r.interval[0])) + "%",
    }),
    el("span", { class: "delta", style: "left:" + pos(r.delta) + "%" }),
  ]);
}

export function parity(): HTMLElement | null {
  const views = data.parity || [];
  if (!views.length) return null;
  return el(
    "section",
    { class: "lift parity", "aria-label": "parity" },
    [
      el("h2", null, [
        "Parity across agents ",
        el("small", { text: "each agent against the eval's reference agent, Δ in points" }),
      ]),
    ].concat(
      views.map((v) => {
        const r = v.record;
        const cls = CLASS[r.verdict];
        return el(
          "div",
          {
            class: "cmp " + cls,
            "data-eval": r.id,
            "data-agent": r.agent,
            "data-verdict": r.verdict,
            "data-flagged": r.flagged ? "true" : "false",
          },
          [
            el("div", { class: "lift-row" }, [
              el("span", { class: "b" }, [el("span", { class: "badge " + cls, text: v.label })]),
              el("span", { class: "name" }, [
                el("b", { text: r.id }),
                " ",
                el("small", { text: "[" + r.agent + "] " + v.agentRate }),
                el("br"),
                el("span", { class: "arms", text: "vs [" + r.reference + "] " + v.referenceRate }),
              ]),
              el("span", { class: "barcell" }, [bar(v)]),
              el("span", { class: "num delta-text", text: v.delta }),
              el("span", { class: "num p", text: v.p }),
            ]),
          ].concat(
            v.beyond ? [el("div", { class: "sub beyond", text: v.beyond })] : [],
            v.harness
              ? [
                  el("div", { class: "sub harness", text: "⚑ " + v.harness }),
                  el("div", { class: "muted sub", text: v.evidence.join(" · ") }),
                ]
              : [],
          ),
        );
      }),
    ),
  );
}
