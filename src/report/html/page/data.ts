// The data html.ts embeds in the page: two JSON script elements, read as text. The main data is
// parsed when the page starts; the trials' details (most of the bytes) when a trial is first opened.

import type { ReportData } from "../types.js";

export type Data = Omit<ReportData, "details">;
export type Details = ReportData["details"];

export const data = JSON.parse(document.getElementById("report-data")!.textContent!) as Data;
let detailsCache: Details | null = null;
export function details(): Details {
  if (!detailsCache) {
    detailsCache = JSON.parse(document.getElementById("report-details")!.textContent!) as Details;
  }
  return detailsCache;
}
