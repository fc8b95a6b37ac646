// plan/: evals × agents → planned units: selection, trials, cache, shards.
// Its public surface: what the other folders of src/ import from it (eslint.config.js keeps
// every import from another folder going through an index.ts).

export { planShards, shareBudget, unitsOfShard, type ShardPlan } from "./balance.js";
export {
  applyCache,
  expectedCost,
  freeAgentNote,
  type CacheContext,
  type CacheOptions,
} from "./cache.js";
export {
  WORKING_TREE,
  baseLabel,
  pairWithBase,
  variantGroups,
  versionGroups,
  type ArmOptions,
  type BasePairing,
} from "./arms.js";
export {
  baseName,
  changedEvals,
  openBaseTree,
  type BaseSpec,
  type BaseTree,
  type FetchedBase,
} from "./changed.js";
export { skipWithoutCredentials, type CredentialPolicy } from "./credentials.js";
export { planRun } from "./plan.js";
export {
  decisionRule,
  planPower,
  plannedTrials,
  type PowerPlan,
  type PowerRow,
  type PowerTarget,
} from "./power.js";
export {
  MAX_SHARDS,
  pairKey,
  parseShard,
  parseShardCount,
  readShardAssignment,
  shardOf,
  type Shard,
  type ShardAssignment,
} from "./shard.js";
export { expandVariant, expandVariants, variantHash } from "./variants.js";
