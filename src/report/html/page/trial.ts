// A trial's row; opened (and only then), its checks with their evidence, the final message, the
// prompt, the trajectory, the shim calls, stdout and stderr, and links to its files.

import type { CappedText, EvalResult, TrialDetail, TrialResult } from "../types.js";
import { data, details } from "./data.js";
import { el } from "./dom.js";
import { secs, usd } from "./format.js";

export function trialRow(e: EvalResult, t: TrialResult, key: string): HTMLElement {
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
