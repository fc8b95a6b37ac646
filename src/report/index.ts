// report/: console, run.json, report.html, junit.xml, markdown.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export {
  STATUS_LABEL,
  evalBlock,
  makeStyle,
  percent,
  seconds,
  skippedLines,
  summaryLine,
  rateLimitLine,
  trialLine,
  usd,
  type Style,
} from "./console.js";
export {
  VERDICT_LABEL,
  comparisonLines,
  decisionText,
  deltaText,
  meansText,
  pValue,
  points,
} from "./comparisons.js";
export { reportFilesLine, writeReportFiles } from "./files.js";
export { healthMarkdown } from "./health.js";
export type { ReportBlock, ReportMark, ReportSection } from "./html/types.js";
export { buildRunResult, writeRunJson } from "./json.js";
export { ICON, escapeCell, renderRunMarkdown, type RenderRunOptions } from "./markdown.js";
export { planLines, powerPlanLines, powerPlanMarkdown } from "./plan.js";
export { Progress, wantsLiveProgress } from "./progress.js";
export { PARITY_LABEL, parityLines, parityMarkdown } from "./parity.js";
export { shardPlanLines } from "./shards.js";
