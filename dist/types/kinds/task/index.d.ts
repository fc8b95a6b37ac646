import type { EvalKind } from "../kind.js";
export declare const taskKind: EvalKind;
