// run/providers/: one gate per model provider for the whole run (gate.ts: adaptive slots and a
// shared pause; registry.ts: the gates by upstream origin). docs/reliability.md › Rate limits.

export {
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  ProviderGate,
  retryAfterMs,
  THROTTLED_STATUSES,
  type GateClock,
  type GateSlot,
} from "./gate.js";
export { gateStart, ProviderGates } from "./registry.js";
