// The library: `import { defineEval, fileExists, … } from "agent-evals"` (or "@copybook/cli").

export * from "./library.js";
export { runEvals, type RunEvalsOptions, type RunEvalsOutcome } from "./engine/index.js";
