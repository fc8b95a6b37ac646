import type { ShardPlan } from "../plan/balance.js";
export declare function shardPlanLines(plan: ShardPlan): string[];
