export { shimBypassWarnings } from "./bypass.js";
export { runChecks } from "./checks.js";
export { describeTrajectory } from "./trajectory.js";
