import type { AgentRef, EvalSpec, Plan } from "../model/index.js";
export interface PlanOptions {
    /** Eval ids to run; empty runs all. */
    names: string[];
    /** Agents from the command line: they replace each prompted eval's own list. */
    agents: AgentRef[];
    /** Overrides every eval's trial count. */
    trials?: number;
    env: Record<string, string | undefined>;
    /** Problems name their files relative to it. */
    projectRoot?: string;
}
export type { Plan };
export declare function planRun(specs: EvalSpec[], options: PlanOptions): Promise<Plan>;
