import type { PlannedUnit } from "../model/index.js";
import type { CacheContext, CacheOptions } from "../store/index.js";
export type { CacheContext, CacheOptions };
/** Marks units whose verdict is already recorded as `cached`, unless `force`. */
export declare function applyCache(units: PlannedUnit[], options: CacheOptions): Promise<CacheContext>;
/** Expected cost per trial of a unit's agent from history, for plans. */
export declare function expectedCost(unit: PlannedUnit, context: CacheContext): number | undefined;
