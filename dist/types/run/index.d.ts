export { BudgetLedger } from "./budget.js";
export { allowedEndpoints, type Endpoint } from "./isolation/bwrap.js";
export { REAL_HOME_NOTE, SANDBOX_KINDS, TEMP_DIR_ISOLATION, isolationNote, resolveIsolation, type SandboxKind, type TrialIsolation, } from "./isolation/resolve.js";
export { runSuite, type SuiteEvents, type SuiteOutcome } from "./suite.js";
export { type PreparedStore } from "./workspace/prepare.js";
export { templateProblems } from "./workspace/template-check.js";
