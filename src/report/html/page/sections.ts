// What the eval kinds add up to (a skill's trigger metrics and matrix, its workflow checks):
// a block per section, open when it did not pass.

import type { ReportBlock, ReportMark, ReportSection } from "../types.js";
import { data } from "./data.js";
import { el, type Child } from "./dom.js";

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
export function kindSections(): HTMLElement | null {
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
