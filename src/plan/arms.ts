// Comparison groups: which planned units run as the arms of one controlled comparison. Two kinds:
// `compare --base REF` pairs each eval × agent as it is at REF (the control) with the working
// tree's (the treatment); an eval with `variants` is the control of each of its variants. The run
// stage interleaves an arm group's trials and stops them together (run/group.ts).

import path from "node:path";
import type { AgentAdapter, ArmPlan, EvalSpec, PlannedUnit, VariantSpec } from "../model/index.js";
import { DEFAULT_COMPARISON_TRIALS, DEFAULT_MARGIN, DefinitionError } from "../model/index.js";
import { placeProblem, PromptError, renderPrompt } from "../define/index.js";

export interface ArmOptions {
  /** `--trials N`: each arm's maximum; else the larger of the eval's trials and the default. */
  trials?: number;
  /** The margin of `no-change` (default 0.1). */
  margin?: number;
  /** Problems name their files relative to it. */
  projectRoot?: string;
  /** `--detect`: each pair's maximum from the power plan (undefined: out of reach, the usual). */
  trialsOf?: (unit: PlannedUnit) => number | undefined;
  /**
   * The adapter and version of a variant's `agentVersion` (`gemini@0.60.0`), installed before
   * the plan pairs units (engine/plan.ts).
   */
  agentVersions?: ReadonlyMap<string, { adapter: AgentAdapter; version: string }>;
}

/** The label of the control arm of `compare --base <ref>`. */
export function baseLabel(ref: string): string {
  return `base@${ref}`;
}

export const WORKING_TREE = "working tree";

function maxTrials(unit: PlannedUnit, options: ArmOptions): number {
  return (
    options.trialsOf?.(unit) ?? options.trials ?? Math.max(unit.trials, DEFAULT_COMPARISON_TRIALS)
  );
}

function arm(
  unit: PlannedUnit,
  fields: Omit<ArmPlan, "maxTrials" | "margin">,
  options: ArmOptions,
): ArmPlan {
  return {
    ...fields,
    maxTrials: maxTrials(unit, options),
    margin: options.margin ?? DEFAULT_MARGIN,
  };
}

export interface BasePairing {
  /** The treatment units (the working tree's), each with its control before it where there is one. */
  units: PlannedUnit[];
  /** Evals × agents with nothing to compare with at the base, one line each. */
  unpaired: string[];
}

/**
 * Pairs each runnable unit of the working tree with the unit of the same eval and agent at the
 * base. Base specs point into the scratch tree (their templates are read there); their `file` is
 * mapped back to the project so reports name the eval's file.
 */
export function pairWithBase(
  current: PlannedUnit[],
  base: PlannedUnit[],
  ref: string,
  roots: { project: string; base: string },
  options: ArmOptions,
): BasePairing {
  const key = (u: PlannedUnit) => `${u.spec.id}\u0000${u.agentName}`;
  const atBase = new Map(base.filter((u) => !u.settled).map((u) => [key(u), u]));
  const units: PlannedUnit[] = [];
  const unpaired: string[] = [];
  for (const unit of current) {
    const control = unit.settled ? undefined : atBase.get(key(unit));
    if (!control) {
      if (!unit.settled) unpaired.push(`${unit.spec.id} [${unit.agentName}]: not at ${ref}`);
      units.push(unit);
      continue;
    }
    const group = `base:${key(unit)}`;
    units.push(
      {
        ...control,
        spec: { ...control.spec, file: mapBack(control.spec, roots) },
        // The same adapter and version as the treatment: one run, one agent.
        agent: unit.agent,
        agentVersion: unit.agentVersion,
        arm: arm(unit, { group, role: "control", label: baseLabel(ref), primary: false }, options),
      },
      {
        ...unit,
        arm: arm(unit, { group, role: "treatment", label: WORKING_TREE, primary: true }, options),
      },
    );
  }
  return { units, unpaired };
}

function mapBack(spec: EvalSpec, roots: { project: string; base: string }): string {
  const rel = path.relative(roots.base, spec.file);
  return rel.startsWith("..") ? spec.file : path.join(roots.project, rel);
}

/**
 * Each runnable unit whose eval has variants becomes the control of a group, with one treatment
 * unit per variant (the eval with the variant's overrides, from `expand`).
 */
export function variantGroups(
  units: PlannedUnit[],
  expand: (spec: EvalSpec, variant: VariantSpec) => EvalSpec,
  env: Record<string, string | undefined>,
  options: ArmOptions,
): PlannedUnit[] {
  return units.flatMap((unit) => {
    // A variant of another agent's version is not this pair's: it runs no treatment for it.
    const variants = (unit.spec.variants ?? []).filter(
      (v) => !v.agentVersion || v.agentVersion.startsWith(`${unit.agentName}@`),
    );
    if (unit.settled || variants.length === 0) return [unit];
    const group = `variants:${unit.spec.id}\u0000${unit.agentName}`;
    return [
      {
        ...unit,
        arm: arm(unit, { group, role: "control", label: "control", primary: true }, options),
      },
      ...variants.map((variant) => {
        const spec = expand(unit.spec, variant);
        const other = variant.agentVersion
          ? options.agentVersions?.get(variant.agentVersion)
          : undefined;
        return {
          ...unit,
          ...(other ? { agent: other.adapter, agentVersion: other.version } : {}),
          spec,
          prompt: variant.prompt ? renderVariantPrompt(spec, variant) : unit.prompt,
          arm: arm(
            unit,
            { group, role: "treatment", label: variant.name, primary: false },
            options,
          ),
        };
      }),
    ];
  });

  function renderVariantPrompt(spec: EvalSpec, variant: VariantSpec) {
    try {
      return renderPrompt(spec.prompt!, env);
    } catch (error) {
      if (!(error instanceof PromptError)) throw error;
      throw new DefinitionError([
        placeProblem(
          {
            file: variant.source?.file ?? spec.file,
            line: variant.source?.line ?? spec.line,
            key: `variants.${variant.name}.prompt`,
            code: error.code,
            message: error.message,
            fix: error.fix,
          },
          options.projectRoot,
          error.needles,
        ),
      ]);
    }
  }
}

/**
 * `compare --agent-version AGENT@VERSION`: each runnable unit of that agent becomes the control of
 * a group (the CLI as installed, the eval as defined: primary), with one treatment running the
 * candidate version's program (`candidate`), labelled by each side's version.
 */
export function versionGroups(
  units: PlannedUnit[],
  candidate: { agent: string; version: string; adapter: AgentAdapter },
  options: ArmOptions,
): { units: PlannedUnit[]; paired: number } {
  let paired = 0;
  const grouped = units.flatMap((unit) => {
    if (unit.settled || !unit.agent || unit.agentName !== candidate.agent) return [unit];
    paired++;
    const group = `version:${unit.spec.id}\u0000${unit.agentName}`;
    const pinned = `${unit.agentName}@${unit.agentVersion ?? "installed"}`;
    return [
      {
        ...unit,
        arm: arm(unit, { group, role: "control", label: pinned, primary: true }, options),
      },
      {
        ...unit,
        agent: candidate.adapter,
        agentVersion: candidate.version,
        arm: arm(
          unit,
          {
            group,
            role: "treatment",
            label: `${unit.agentName}@${candidate.version}`,
            primary: false,
          },
          options,
        ),
      },
    ];
  });
  return { units: grouped, paired };
}
