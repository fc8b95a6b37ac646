// The hook section: the shown trial's checks, one per hook case.

import { shownTrial, type Part } from "./parts.js";
import type { HookReport } from "./report-types.js";

export function hookReport({ spec, result }: Part): HookReport {
  const trial = shownTrial(result.trials);
  const names = spec.part.cases ?? [];
  return {
    status: result.status,
    ...(result.reason ? { reason: result.reason } : {}),
    cases: (trial?.checks ?? []).map((check, i) => ({
      scenario: names[i] ?? check.name,
      passed: check.ok,
      evidence: check.evidence,
      ...(check.line ? { line: check.line } : {}),
    })),
  };
}
