// What the bench's helper processes print or write, read by the figures (bench/figures/). The
// helpers stay plain JS run as their own processes (bench/ts-helper.mjs under tsx, bench/probe.mjs
// preloaded into the CLI) and take these types through JSDoc.

/** What bench/probe.mjs writes to AGENT_EVALS_BENCH_PROBE when the process it is preloaded into exits. */
export interface ProbeOutput {
  cpuMs: number;
  userMs: number;
  systemMs: number;
  spawns: number;
  spawnMs: number;
  peakRssKb: number;
}

/** `ts-helper.mjs shims`: the two shims it wrote. */
export interface ShimsOutput {
  passthrough: string;
  stub: string;
}

/** The ways of copying a tree that `ts-helper.mjs copy` times. */
export type CopyMethod = "copyTree" | "asyncPerFile" | "fsCp" | "cpR" | "cpA";

/** `ts-helper.mjs copy`: ms per round, by method (and the two removals). */
export type CopyOutput = Record<CopyMethod | "removeTree" | "rmRf", number[]>;

/** The pieces of one trial that `ts-helper.mjs phases` times. */
export type Phase = "setup" | "copyTree" | "agentBash" | "checkBash" | "removeTree";

/** `ts-helper.mjs phases`: ms per repetition, wall clock and CPU. */
export interface PhasesOutput {
  wall: Record<Phase, number[]>;
  cpu: Record<Phase, number[]>;
}

/** `ts-helper.mjs history`: ms per round, ours and the floor. */
export interface HistoryOutput {
  ours: number[];
  floor: number[];
  lines: number;
  flagged: number;
}

/** `ts-helper.mjs providers`: the sandbox providers registered, and whether each is available here. */
export interface ProviderAvailability {
  name: string;
  available: boolean;
  reason?: string;
}
