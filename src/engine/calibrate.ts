// Calibrate: every judge with labelled examples run on them; accuracy and Cohen's κ written to
// .copybook/calibration.json, where runs find them.

import path from "node:path";
import { OWN_DIR, UsageError, type CalibrationFigure } from "../model/index.js";
import { secretRedactor, withRedactor } from "../util/index.js";
import { writeCalibration, type CalibrationEntry } from "../store/index.js";
import { checkName, judgeKey } from "../check/index.js";
import { builtInCredentialEnv } from "../agents/index.js";
import {
  allowedEndpoints,
  DEFAULT_PROVIDER,
  resolveIsolation,
  resolveEvals,
  BudgetLedger,
  calibrateJudge,
  reapDeadRuns,
  type CalibratedExample,
} from "../run/index.js";
import { selectEvals } from "../kinds/index.js";
import { loadDefinitions } from "./definitions.js";
import { definedEnv } from "./shared.js";

export interface CalibrateOptions {
  projectRoot: string;
  evals?: string[];
  names?: string[];
  env?: Record<string, string | undefined>;
  budgetUsd?: number;
  signal?: AbortSignal;
  realHome?: boolean;
  /** Each example as it is judged. */
  onExample?: (judge: CalibratedJudge, example: CalibratedExample) => void;
}

export interface CalibratedJudge {
  eval: string;
  check: string;
  figure: CalibrationFigure;
  examples: CalibratedExample[];
}

/**
 * `agent-evals calibrate`: every judge with labelled examples (of the named evals, or all) run on
 * them; accuracy and Cohen's κ written to .copybook/calibration.json, where runs find them.
 */
export async function calibrateEvals(
  options: CalibrateOptions,
): Promise<{ judges: CalibratedJudge[]; file?: string; costUsd: number }> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const specs = await loadDefinitions({ ...options, projectRoot, env });
  const chosen = (options.names?.length ? selectEvals(specs, options.names).specs : specs).filter(
    (s) => s.variant === undefined,
  );
  await reapDeadRuns();
  const judged = chosen.flatMap((spec) =>
    spec.checks.flatMap((check, index) =>
      check.type === "judge" && check.judge.examples.length
        ? [{ spec, check, judge: check.judge, index }]
        : [],
    ),
  );
  if (judged.length === 0)
    throw new UsageError(
      "no judge with labelled examples to calibrate: add `examples: [{ label: pass, dir: … }]` to a judge",
    );
  const redactor = secretRedactor(env, [...builtInCredentialEnv()]);
  const { isolation } = await resolveIsolation({
    sandbox: DEFAULT_PROVIDER.name,
    home: !options.realHome,
    allow: allowedEndpoints(env),
  });
  const budget = new BudgetLedger(options.budgetUsd);
  const out: CalibratedJudge[] = [];
  const entries: Record<string, CalibrationEntry> = {};
  await withRedactor(redactor, async () => {
    for (const { spec, check, judge, index } of judged) {
      const name = checkName(check);
      const pending: CalibratedJudge = {
        eval: spec.id,
        check: name,
        figure: { n: 0, accuracy: 0, kappa: null, time: "" },
        examples: [],
      };
      const { examples, figure } = await calibrateJudge({
        spec,
        judge,
        index,
        outDir: path.join(projectRoot, OWN_DIR, "calibration", spec.id, `judge-${index}`),
        baseEnv: definedEnv(env),
        isolation: resolveEvals([spec], isolation).get(spec)!,
        signal: options.signal ?? new AbortController().signal,
        capUsd: () => (budget.limitUsd === undefined ? undefined : budget.remaining),
        onExample: (example) => {
          budget.record(example.costUsd);
          options.onExample?.(pending, example);
        },
      });
      const done = { ...pending, figure, examples };
      out.push(done);
      entries[judgeKey(spec.id, judge)] = redactor.value({
        eval: spec.id,
        check: name,
        figure,
        examples: examples.map(({ name, label, answer, reason }) => ({
          name,
          label,
          answer,
          reason,
        })),
      });
    }
  });
  const file = await writeCalibration(projectRoot, entries);
  return { judges: out, file, costUsd: budget.spent };
}
