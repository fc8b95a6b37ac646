import type { EvalSpec, PlannedUnit, VariantSpec } from "../model/index.js";
export interface ArmOptions {
    /** `--trials N`: each arm's maximum; else the larger of the eval's trials and the default. */
    trials?: number;
    /** The margin of `no-change` (default 0.1). */
    margin?: number;
    /** Problems name their files relative to it. */
    projectRoot?: string;
}
/** The label of the control arm of `compare --base <ref>`. */
export declare function baseLabel(ref: string): string;
export declare const WORKING_TREE = "working tree";
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
export declare function pairWithBase(current: PlannedUnit[], base: PlannedUnit[], ref: string, roots: {
    project: string;
    base: string;
}, options: ArmOptions): BasePairing;
/**
 * Each runnable unit whose eval has variants becomes the control of a group, with one treatment
 * unit per variant (the eval with the variant's overrides, from `expand`).
 */
export declare function variantGroups(units: PlannedUnit[], expand: (spec: EvalSpec, variant: VariantSpec) => EvalSpec, env: Record<string, string | undefined>, options: ArmOptions): PlannedUnit[];
