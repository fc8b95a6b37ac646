export * from "./library.js";
export { runEvals, type RunEvalsOptions, type RunEvalsOutcome } from "./engine.js";
