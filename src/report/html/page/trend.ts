// An eval's pass rate over the history's runs: an SVG line per agent, the required rate dashed.

import type { EvalResult } from "../types.js";
import { data } from "./data.js";
import { el, svg } from "./dom.js";
import { pct } from "./format.js";

export function trend(e: EvalResult): Element {
  const byAgent = (data.trends || {})[e.id] || {};
  const series = Object.entries(byAgent);
  if (!series.length) {
    return el("p", {
      class: "muted",
      text: "No history yet: pass --history-dir (the GitHub Action keeps it on the results branch) to see the pass rate over runs.",
    });
  }
  const W = 520;
  const H = 140;
  const L = 34;
  const R = 8;
  const T = 10;
  const B = 22;
  const n = Math.max(...series.map(([, pts]) => pts.length));
  const x = (i: number) => L + (n <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1));
  const y = (v: number) => T + (1 - v) * (H - T - B);
  const colours = ["#0969da", "#8250df", "#bf3989", "#1a7f37", "#9a6700", "#cf222e"];
  const nodes: Node[] = [];
  [0, 0.5, 1].forEach((v) => {
    nodes.push(
      svg("line", {
        x1: L,
        x2: W - R,
        y1: y(v),
        y2: y(v),
        stroke: "currentColor",
        "stroke-opacity": "0.15",
      }),
    );
    const label = svg("text", { x: 2, y: y(v) + 3 });
    label.textContent = pct(v);
    nodes.push(label);
  });
  const thr = svg("line", {
    x1: L,
    x2: W - R,
    y1: y(e.threshold),
    y2: y(e.threshold),
    stroke: "#cf222e",
    "stroke-dasharray": "4 3",
  });
  const thrTitle = svg("title", {});
  thrTitle.textContent = "required pass rate " + pct(e.threshold);
  thr.appendChild(thrTitle);
  nodes.push(thr);
  series.forEach(([agent, pts], ai) => {
    const colour = colours[ai % colours.length]!;
    const offset = n - pts.length;
    nodes.push(
      svg("polyline", {
        fill: "none",
        stroke: colour,
        "stroke-width": "2",
        points: pts.map((p, i) => x(i + offset) + "," + y(p.passRate)).join(" "),
      }),
    );
    pts.forEach((p, i) => {
      const dot = svg("circle", { cx: x(i + offset), cy: y(p.passRate), r: 3.5, fill: colour });
      const tip = svg("title", {});
      tip.textContent =
        agent +
        ": " +
        p.passes +
        "/" +
        p.trials +
        " (" +
        pct(p.passRate) +
        ") " +
        p.status +
        " · " +
        p.time +
        (p.commit ? " · " + p.commit.slice(0, 12) : "");
      dot.appendChild(tip);
      nodes.push(dot);
    });
    const legend = svg("text", { x: L + ai * 120, y: H - 6, fill: colour });
    legend.textContent =
      "● " + agent + " (" + pts.length + " run" + (pts.length === 1 ? "" : "s") + ")";
    nodes.push(legend);
  });
  return svg(
    "svg",
    {
      class: "trend",
      viewBox: "0 0 " + W + " " + H,
      role: "img",
      "aria-label": "pass-rate trend of " + e.id,
    },
    nodes,
  );
}
