// Prints vitest's JSON report as one plain closing line: "N passed, N failed, N skipped".
import { readFileSync } from "node:fs";

const report = JSON.parse(readFileSync(process.argv[2] ?? "build/vitest.json", "utf8"));
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`,
);
process.exitCode = report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0;
