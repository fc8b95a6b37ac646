// The page: the header, the comparisons, parity across agents, the kinds' sections, then the evals' rows with a filter by
// name and status, failing rows first, a hundred at a time.

import type { EvalResult } from "../types.js";
import { lift } from "./comparisons.js";
import { parity } from "./parity.js";
import { data } from "./data.js";
import { el } from "./dom.js";
import { failing, STATUSES } from "./format.js";
import { evalRow } from "./evals.js";
import { header } from "./header.js";
import { kindSections } from "./sections.js";

const PAGE = 100;

export function app(): void {
  const root = document.getElementById("app")!;
  root.appendChild(header());
  const comparisons = lift();
  if (comparisons) root.appendChild(comparisons);
  const parityRows = parity();
  if (parityRows) root.appendChild(parityRows);
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
