import type { EvalKind } from "../kind.js";
import { type ClaudeCodeReport } from "./aggregate.js";
export type SkillSummary = ClaudeCodeReport;
export declare const skillKind: EvalKind<SkillSummary>;
