import type { AgentRef, EvalSpec } from "../model/eval.js";
import type { PlannedUnit } from "../run/suite.js";
export interface PlanOptions {
    /** Eval ids to run; empty runs all. */
    names: string[];
    /** Agents from the command line: they replace each prompted eval's own list. */
    agents: AgentRef[];
    /** Overrides every eval's trial count. */
    trials?: number;
    env: Record<string, string | undefined>;
}
export interface Plan {
    units: PlannedUnit[];
    /** Units that will start an agent: what the CI gate guards. */
    agentUnits: number;
}
export declare function planRun(specs: EvalSpec[], options: PlanOptions): Promise<Plan>;
