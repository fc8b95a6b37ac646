import type { EvalHealth } from "../store/index.js";
/** The section, or nothing when every eval is ok or new. */
export declare function healthMarkdown(rows: EvalHealth[], window: number): string[];
