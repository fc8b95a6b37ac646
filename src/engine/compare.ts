// Compare: every selected eval at a git base (the control) against the working tree (the
// treatment), planned side by side and run as one run.

import type { EvalSpec, PlannedUnit } from "../model/index.js";
import { DefinitionError } from "../model/index.js";
import { discoverEvalFiles } from "../define/index.js";
import { openBaseTree, baseName, type BaseSpec, pairWithBase, planRun } from "../plan/index.js";
import { templateProblems } from "../run/index.js";
import { loadFiles, usesRealHome } from "./definitions.js";
import { comparisonArmOptions, planEvals, settlePlan, type PlannedRun } from "./plan.js";
import { runPlanned, type RunEvalsOptions, type RunEvalsOutcome } from "./run.js";

/** What `compare --base` takes besides a run's options. */
export interface CompareOptions extends RunEvalsOptions {
  /** The git ref whose version of each selected eval is the control. */
  base: BaseSpec;
}

/**
 * Every selected eval as it is at `base` (the control: definitions, prompt files, templates, read
 * from git into a scratch folder) against the working tree (the treatment), in one run with the
 * same agents, trials interleaved. Nothing is cached: both arms run now. Throws DefinitionError or
 * ChangedBaseError (exit 2) before anything runs when input or the ref is bad.
 */
export async function compareEvals(options: CompareOptions): Promise<RunEvalsOutcome> {
  const { planned, dispose } = await planComparison(options);
  try {
    return await runPlanned(planned, options);
  } finally {
    await dispose();
  }
}

/**
 * compare's plan: the working tree's units, each paired with its control at the base. The base's
 * scratch folder holds the control's templates: `dispose` removes it once the run is over.
 */
export async function planComparison(
  options: CompareOptions,
): Promise<{ planned: PlannedRun; dispose(): Promise<void> }> {
  const env = options.env ?? process.env;
  // Nothing is cached: both arms run now. --changed (the Action's changed-only) still selects.
  const planned = await planEvals({ ...options, force: true, variants: false });
  const tree = await openBaseTree(planned.projectRoot, options.base);
  try {
    const baseUnits = tree.exists ? await planBase(tree.root, planned, options, env) : [];
    const pairing = pairWithBase(
      planned.plan.units,
      baseUnits,
      baseName(options.base),
      { project: planned.projectRoot, base: tree.root },
      comparisonArmOptions(planned, options),
    );
    planned.plan.units = pairing.units;
    settlePlan(planned, options.budgetUsd);
    const paired = pairing.units.filter((u) => u.arm?.role === "treatment").length;
    planned.notes.push(
      `compare: ${paired} eval × agent pair(s) against ${tree.label}` +
        (pairing.unpaired.length
          ? `; run without a control (new since the base): ${pairing.unpaired.join(", ")}`
          : ""),
    );
    return { planned, dispose: () => tree.dispose() };
  } catch (error) {
    await tree.dispose();
    throw error;
  }
}

/** The base's units of the same evals and agents: loaded and planned in the scratch tree. */
async function planBase(
  baseRoot: string,
  planned: PlannedRun,
  options: CompareOptions,
  env: Record<string, string | undefined>,
): Promise<PlannedUnit[]> {
  const label = `the eval definitions at ${baseName(options.base)}`;
  let specs: EvalSpec[];
  try {
    const files = await discoverEvalFiles(baseRoot, options.evals);
    specs = await loadFiles(files, baseRoot, env, usesRealHome(options));
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    throw new DefinitionError(
      error.problems.map((p) => ({
        ...p,
        message: `${label} do not load: ${p.message}`,
        fix: `${p.fix}; or compare with another ref (the control must load)`,
      })),
    );
  }
  const badTemplates = await templateProblems(specs, baseRoot);
  if (badTemplates.length) throw new DefinitionError(badTemplates);
  const wanted = new Set(planned.plan.units.filter((u) => !u.settled).map((u) => u.spec.id));
  const present = specs.filter((s) => wanted.has(s.id));
  if (present.length === 0) return [];
  const plan = await planRun(present, {
    names: [],
    agents: options.agents ?? [],
    trials: options.trials,
    env,
    projectRoot: baseRoot,
  });
  return plan.units;
}
