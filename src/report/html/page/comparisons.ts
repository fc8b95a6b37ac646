// The lift view: a row per comparison, Δ (treatment − control, in points) drawn with its 95%
// interval on a −100…+100 axis, 0 marked and the ±margin of "no change" shaded.

import type { ComparisonView } from "../types.js";
import { data } from "./data.js";
import { el } from "./dom.js";

function liftPos(x: number): number {
  return ((Math.max(-1, Math.min(1, x)) + 1) / 2) * 100;
}
function liftBar(v: ComparisonView): HTMLElement {
  const c = v.record;
  const bar = el("div", {
    class: "lift-bar",
    title: v.delta + " · ±" + Math.round(c.margin * 100) + " pts is no change",
  });
  bar.appendChild(
    el("span", {
      class: "band",
      style:
        "left:" + liftPos(-c.margin) + "%;width:" + (liftPos(c.margin) - liftPos(-c.margin)) + "%",
    }),
  );
  bar.appendChild(el("span", { class: "zero", style: "left:50%" }));
  bar.appendChild(
    el("span", {
      class: "ci",
      style:
        "left:" +
        liftPos(c.interval[0]) +
        "%;width:" +
        (liftPos(c.interval[1]) - liftPos(c.interval[0])) +
        "%",
    }),
  );
  bar.appendChild(el("span", { class: "delta", style: "left:" + liftPos(c.delta) + "%" }));
  return bar;
}
export function lift(): HTMLElement | null {
  const views = data.comparisons || [];
  if (!views.length) return null;
  const axis = el("div", { class: "lift-axis", "aria-hidden": "true" }, [
    el("span", { style: "left:0", text: "−100" }),
    el("span", { style: "left:50%", text: "0" }),
    el("span", { style: "left:100%", text: "+100" }),
  ]);
  return el(
    "section",
    { class: "lift", "aria-label": "comparisons" },
    [
      el("h2", null, [
        "Comparisons ",
        el("small", { text: "control → treatment, Δ in points with its 95% interval" }),
      ]),
      el("div", { class: "lift-row lift-head" }, [
        el("span", { text: "verdict" }),
        el("span", { text: "eval [agent]: control → treatment" }),
        el("span", { class: "barcell" }, [axis]),
        el("span", { class: "num", text: "Δ (95% CI)" }),
        el("span", { class: "num", text: "p" }),
      ]),
    ].concat(
      views.map((v) => {
        const c = v.record;
        return el(
          "div",
          {
            class: "cmp v-" + c.verdict,
            "data-eval": c.id,
            "data-agent": c.agent,
            "data-verdict": c.verdict,
          },
          [
            el("div", { class: "lift-row" }, [
              el("span", { class: "b" }, [
                el("span", { class: "badge v-" + c.verdict, text: v.label }),
              ]),
              el("span", { class: "name" }, [
                el("b", { text: c.id }),
                " ",
                el("small", { text: "[" + c.agent + "]" }),
                el("br"),
                el("span", {
                  class: "arms",
                  text:
                    c.control +
                    " " +
                    c.controlPasses +
                    "/" +
                    c.controlTrials +
                    " → " +
                    c.treatment +
                    " " +
                    c.treatmentPasses +
                    "/" +
                    c.treatmentTrials,
                }),
              ]),
              el("span", { class: "barcell" }, [liftBar(v)]),
              el("span", { class: "num delta-text", text: v.delta }),
              el("span", { class: "num p", text: v.p }),
            ]),
            el("div", {
              class: "muted sub",
              text: [v.decision, v.means].filter(Boolean).join(" · "),
            }),
          ],
        );
      }),
    ),
  );
}
