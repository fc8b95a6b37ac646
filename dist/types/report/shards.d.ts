import type { ShardPlan } from "../plan/index.js";
export declare function shardPlanLines(plan: ShardPlan): string[];
