import type { PlannedUnit } from "../model/index.js";
export interface PlanCost {
    /** Expected cost per trial from history, when known. */
    expectedPerTrial?: number;
}
export declare function planLines(units: PlannedUnit[], projectRoot: string, costOf?: (unit: PlannedUnit) => PlanCost, budgetUsd?: number): string[];
