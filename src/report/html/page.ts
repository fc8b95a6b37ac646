/// <reference lib="dom" />
// The report page's script. It reads the embedded JSON and builds the page with DOM calls only
// (text goes in as textContent, never as HTML). Rows are rendered a page at a time, an eval's
// trials when it is opened, a trial's details when that is opened.
//
// It runs in the browser, never in Node: html.ts inlines this function's source text
// (`reportPage.toString()`). So everything it uses is inside it or a browser global; types may
// come from anywhere (`import type` is erased), values from nothing outside the function (eslint
// allows only type imports and this one function here). The browser tests run it as compiled by
// tsx and by vitest; dist/ compiles it with TypeScript (ncc). The DOM types referenced above are
// the whole program's (tsc has no lib per file).

import type { EvalResult, EvalStatus, TrialResult } from "../../model/index.js";
import type {
  CappedText,
  ComparisonView,
  ReportBlock,
  ReportData,
  ReportMark,
  ReportSection,
  TrialDetail,
} from "../html.js";

export function reportPage(): void {
  type Data = Omit<ReportData, "details">;
  type Details = ReportData["details"];
  type Attrs = Record<string, string | number | null | undefined>;
  type Child = Node | string | null | undefined | false;

  const data = JSON.parse(document.getElementById("report-data")!.textContent!) as Data;
  let detailsCache: Details | null = null;
  function details(): Details {
    if (!detailsCache) {
      detailsCache = JSON.parse(document.getElementById("report-details")!.textContent!) as Details;
    }
    return detailsCache;
  }
  const PAGE = 100;
  const STATUSES: EvalStatus[] = [
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

  function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attrs?: Attrs | null,
    children?: Child[],
  ): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (attrs) {
      for (const k in attrs) {
        const v = attrs[k];
        if (v === undefined || v === null) continue;
        if (k === "text") node.textContent = String(v);
        else if (k === "class") node.className = String(v);
        else node.setAttribute(k, String(v));
      }
    }
    (children || []).forEach((c) => {
      if (c === null || c === undefined || c === false) return;
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }
  function svg<K extends keyof SVGElementTagNameMap>(
    tag: K,
    attrs: Record<string, string | number>,
    children?: Node[],
  ): SVGElementTagNameMap[K] {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const k in attrs) node.setAttribute(k, String(attrs[k]));
    (children || []).forEach((c) => {
      node.appendChild(c);
    });
    return node;
  }
  function pct(x: number): string {
    return Math.round(x * 100) + "%";
  }
  function usd(x: number): string {
    return "$" + (x > 0 && x < 0.01 ? x.toFixed(4) : x.toFixed(2));
  }
  function secs(ms: number): string {
    return ms < 10000 ? (ms / 1000).toFixed(1) + "s" : Math.round(ms / 1000) + "s";
  }
  function failing(e: EvalResult): boolean {
    return !!FAILING[e.status] || (e.status === "cached" && e.cachedFrom?.status === "failed");
  }
  function counted(e: EvalResult): number {
    return e.trials.filter((t) => t.status !== "error").length;
  }

  function header(): HTMLElement {
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

  // The lift view: a row per comparison, Δ (treatment − control, in points) drawn with its 95%
  // interval on a −100…+100 axis, 0 marked and the ±margin of "no change" shaded.
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
          "left:" +
          liftPos(-c.margin) +
          "%;width:" +
          (liftPos(c.margin) - liftPos(-c.margin)) +
          "%",
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
  function lift(): HTMLElement | null {
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

  // What the eval kinds add up to (a skill's trigger metrics and matrix, its workflow checks):
  // a block per section, open when it did not pass.
  function markNode(m: ReportMark | null | undefined): Child {
    if (!m) return null;
    return el("span", { class: m === "pass" ? "ok" : "ko", text: m === "pass" ? "✓ " : "✗ " });
  }
  function kindBlock(b: ReportBlock): HTMLElement {
    if (b.type === "lines") {
      return el("div", { class: "kind-block", "data-block": b.title || "" }, [
        b.title ? el("h3", { text: b.title }) : null,
        el(
          "ul",
          { class: "checks" },
          b.lines.map((l) => {
            return el(
              "li",
              { class: l.mark === "fail" ? "check-failed" : l.mark === "pass" ? "check-ok" : "" },
              [
                markNode(l.mark),
                l.text,
                l.detail ? el("pre", { class: "evidence", text: l.detail }) : null,
              ],
            );
          }),
        ),
      ]);
    }
    return el("div", { class: "kind-block", "data-block": b.title }, [
      el("h3", { text: b.title }),
      b.caption ? el("p", { class: "muted", text: b.caption }) : null,
      // Its own scroll on a narrow screen: a matrix keeps its columns (and their labels).
      el("div", { class: "kind-scroll" }, [
        el("table", { class: "kind-table" }, [
          el("thead", null, [
            el(
              "tr",
              null,
              b.head.map((h) => el("th", { text: h })),
            ),
          ]),
          el(
            "tbody",
            null,
            b.rows.map((r) => {
              return el(
                "tr",
                null,
                r.cells.map((c, i) => {
                  const m = r.marks ? r.marks[i] : null;
                  const numeric = i > 0 && /^(\d[\d.,]*%?|n\/a)$/.test(c);
                  return el("td", { class: m ? "mark-" + m : numeric ? "num" : "" }, [
                    markNode(m),
                    c,
                  ]);
                }),
              );
            }),
          ),
        ]),
      ]),
    ]);
  }
  function kindSections(): HTMLElement | null {
    const sections: ReportSection[] = data.sections || [];
    if (!sections.length) return null;
    return el(
      "section",
      { class: "kinds", "aria-label": "skills, commands and hooks" },
      ([el("h2", { text: "Skills, commands and hooks" })] as HTMLElement[]).concat(
        sections.map((s) => {
          const d = el("details", {
            class: "kind-section",
            "data-name": s.title,
            "data-status": s.status,
          });
          if (s.status !== "passed" && s.status !== "skipped") d.open = true;
          d.appendChild(
            el("summary", null, [
              el("span", { class: "badge s-" + s.status, text: s.status }),
              " ",
              el("b", { text: s.title }),
              s.subtitle ? el("span", { class: "muted", text: " " + s.subtitle }) : null,
            ]),
          );
          d.appendChild(el("div", { class: "body" }, s.blocks.map(kindBlock)));
          return d;
        }),
      ),
    );
  }

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

  function evalRow(e: EvalResult, index: number): HTMLElement {
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
        el("p", null, [
          e.code ? el("span", { class: "code", text: e.code + " " }) : null,
          e.reason,
        ]),
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

  function trend(e: EvalResult): Element {
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

  function trialRow(e: EvalResult, t: TrialResult, key: string): HTMLElement {
    const d = el("details", { class: "trial", "data-trial": String(t.n), "data-status": t.status });
    d.appendChild(
      el("summary", null, [
        el("span", { class: "badge s-" + t.status, text: t.status }),
        " trial " + t.n + " ",
        t.code ? el("span", { class: "code", text: t.code + " " }) : null,
        el("span", {
          class: "muted",
          text:
            secs(t.durationMs) +
            (t.costUsd ? " · " + usd(t.costUsd) : "") +
            (t.retries ? " · " + t.retries + " retr" + (t.retries === 1 ? "y" : "ies") : ""),
        }),
        t.reason ? " — " + t.reason : "",
      ]),
    );
    const body = el("div", { class: "body" });
    d.appendChild(body);
    d.addEventListener("toggle", () => {
      if (d.open && !body.firstChild) fillTrial(body, e, t, key);
    });
    return d;
  }

  function capped(title: string, c: CappedText | undefined): HTMLElement | null {
    if (!c || !c.size) return null;
    const nodes: HTMLElement[] = [el("h3", { text: title })];
    if (c.truncated) {
      nodes.push(
        el("p", {
          class: "note",
          text:
            "Cut to its head and tail (" +
            c.size +
            " in full): the whole file is " +
            (c.path || "in the trial folder") +
            ".",
        }),
      );
    }
    nodes.push(el("pre", { text: c.text }));
    if (c.path) nodes.push(el("a", { href: c.path, text: c.path }));
    return el("section", null, nodes);
  }

  function fillTrial(body: HTMLElement, e: EvalResult, t: TrialResult, key: string): void {
    const det: TrialDetail = details()[key] || {
      trajectory: [],
      trajectoryTotal: 0,
      calls: [],
      callsTotal: 0,
      files: [],
      notes: [],
    };
    const dir = data.dirs[key];
    body.appendChild(
      el("p", { class: "muted" }, [
        "folder: ",
        el("a", { href: dir + "/", text: t.dir }),
        det.agent?.exitCode !== undefined ? " · agent exit " + det.agent.exitCode : "",
        t.timedOut ? " · timed out" : "",
        det.agent?.turns ? " · " + det.agent.turns + " turns" : "",
      ]),
    );
    [...(t.warnings || []), ...(t.overBudget || [])].forEach((w) => {
      body.appendChild(el("p", { class: "note", text: "⚠ " + w }));
    });
    body.appendChild(el("h3", { text: "Checks" }));
    const list = el("ul", { class: "checks" });
    t.checks.forEach((c) => {
      list.appendChild(
        el("li", { class: c.ok ? "check-ok" : c.skipped ? "muted" : "check-failed" }, [
          el("span", {
            class: c.ok ? "ok" : c.skipped ? "muted" : "ko",
            text: c.ok ? "✓ " : c.skipped ? "– " : "✗ ",
          }),
          el("b", { text: c.name }),
          c.judge
            ? el("span", {
                class: "muted",
                text: c.judge.calibration
                  ? " · judge κ " +
                    (c.judge.calibration.kappa === null
                      ? "undefined"
                      : c.judge.calibration.kappa.toFixed(2)) +
                    ", accuracy " +
                    Math.round(c.judge.calibration.accuracy * 100) +
                    "% on " +
                    c.judge.calibration.n +
                    " examples"
                  : " · judge uncalibrated",
              })
            : null,
          c.line ? el("span", { class: "muted", text: " at " + e.file + ":" + c.line }) : null,
          c.evidence ? el("pre", { class: "evidence", text: c.evidence }) : null,
        ]),
      );
    });
    if (!t.checks.length) list.appendChild(el("li", { class: "muted", text: "no checks ran" }));
    body.appendChild(list);
    [capped("Final message", det.finalMessage), capped("Prompt", det.prompt)].forEach((n) => {
      if (n) body.appendChild(n);
    });
    body.appendChild(
      el("h3", {
        text:
          "Trajectory (" +
          det.trajectoryTotal +
          " tool call" +
          (det.trajectoryTotal === 1 ? "" : "s") +
          ")",
      }),
    );
    if (det.trajectory.length) {
      body.appendChild(
        el(
          "ol",
          { class: "timeline" },
          det.trajectory.map((s, i) => {
            return el("li", { class: s.isError ? "err" : "" }, [
              el("span", { class: "muted", text: "#" + (i + 1) + " " }),
              el("span", { class: "tool", text: s.tool }),
              s.exit !== undefined ? el("span", { class: "muted", text: " exit " + s.exit }) : null,
              el("pre", { text: s.input }),
              s.result ? el("pre", { class: "result", text: s.result }) : null,
            ]);
          }),
        ),
      );
    } else body.appendChild(el("p", { class: "muted", text: "no tool calls recorded" }));
    body.appendChild(el("h3", { text: "Shim calls (" + det.callsTotal + ")" }));
    if (det.calls.length) {
      const start = det.calls[0]!.time;
      body.appendChild(
        el("table", null, [
          el("thead", null, [
            el("tr", null, [
              el("th", { text: "+time" }),
              el("th", { text: "call" }),
              el("th", { text: "exit" }),
            ]),
          ]),
          el(
            "tbody",
            null,
            det.calls.map((c) => {
              return el("tr", { class: c.exit ? "call-failed" : "" }, [
                el("td", { class: "num", text: "+" + ((c.time - start) / 1000).toFixed(2) + "s" }),
                el("td", { class: "cmd", text: [c.bin].concat(c.argv).join(" ") }),
                el("td", {
                  class: c.exit ? "ko" : "",
                  text: c.exit === null ? "killed" : String(c.exit),
                }),
              ]);
            }),
          ),
        ]),
      );
    } else body.appendChild(el("p", { class: "muted", text: "no shimmed binary was called" }));
    [capped("stdout", det.stdout), capped("stderr", det.stderr)].forEach((n) => {
      if (n) body.appendChild(n);
    });
    if (det.files && det.files.length) {
      body.appendChild(el("h3", { text: "Files" }));
      body.appendChild(
        el(
          "ul",
          null,
          det.files.map((f) => el("li", null, [el("a", { href: f, text: f })])),
        ),
      );
    }
    (det.notes || []).forEach((n) => {
      body.appendChild(el("p", { class: "note", text: n }));
    });
  }

  function app(): void {
    const root = document.getElementById("app")!;
    root.appendChild(header());
    const comparisons = lift();
    if (comparisons) root.appendChild(comparisons);
    const kinds = kindSections();
    if (kinds) root.appendChild(kinds);
    const search = el("input", {
      type: "search",
      placeholder: "Filter by eval or agent",
      "aria-label": "filter",
    });
    const status = el(
      "select",
      { "aria-label": "status" },
      [
        el("option", { value: "", text: "every status" }),
        el("option", { value: "failing", text: "not passing" }),
      ].concat(STATUSES.map((s) => el("option", { value: s, text: s }))),
    );
    root.appendChild(el("div", { class: "controls" }, [search, status]));
    const list = el("div", { class: "evals" });
    const more = el("button", { class: "more", type: "button" });
    root.appendChild(list);
    root.appendChild(more);
    const order = data.evals
      .map((_e, i) => i)
      .sort((a, b) => {
        const ea = data.evals[a]!;
        const eb = data.evals[b]!;
        return (
          Number(failing(eb)) - Number(failing(ea)) ||
          (ea.id < eb.id ? -1 : ea.id > eb.id ? 1 : 0) ||
          (ea.agent < eb.agent ? -1 : ea.agent > eb.agent ? 1 : 0) ||
          ((ea.arm || "") < (eb.arm || "") ? -1 : 1)
        );
      });
    let shown: number[] = [];
    let limit = PAGE;
    function matches(e: EvalResult): boolean {
      const q = search.value.trim().toLowerCase();
      const name = e.id + (e.arm !== undefined ? " @ " + e.arm : "") + " " + e.agent;
      if (q && name.toLowerCase().indexOf(q) < 0) return false;
      if (status.value === "failing") return failing(e);
      return !status.value || e.status === status.value;
    }
    function render(): void {
      list.textContent = "";
      shown = order.filter((i) => matches(data.evals[i]!));
      shown.slice(0, limit).forEach((i) => {
        list.appendChild(evalRow(data.evals[i]!, i));
      });
      const left = shown.length - Math.min(limit, shown.length);
      more.hidden = left <= 0;
      more.textContent = "Show " + Math.min(PAGE, left) + " more (" + left + " hidden)";
      if (!shown.length) list.appendChild(el("p", { class: "muted", text: "No eval matches." }));
    }
    more.addEventListener("click", () => {
      limit += PAGE;
      render();
    });
    search.addEventListener("input", () => {
      limit = PAGE;
      render();
    });
    status.addEventListener("change", () => {
      limit = PAGE;
      render();
    });
    render();
  }
  app();
}
