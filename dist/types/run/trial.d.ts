import type { CalibrationFigure, RenderedPrompt, JudgeSpec, TrialResult } from "../model/index.js";
import { type AgentAdapter, type EvalSpec } from "../model/index.js";
import type { PreparedSandbox } from "./workspace/prepare.js";
import { type TrialIsolation } from "./isolation/resolve.js";
export interface TrialInput {
    spec: EvalSpec;
    /** Undefined for an eval without a prompt: only the checks run. */
    agent?: AgentAdapter;
    prompt?: RenderedPrompt;
    n: number;
    prepared: PreparedSandbox;
    /** Absolute results folder of this trial. */
    outDir: string;
    projectRoot: string;
    baseEnv: Record<string, string>;
    keepWorkspace: boolean;
    signal: AbortSignal;
    /** The most this trial may spend: the eval's maxCostUsd, or what the budget has left. */
    maxCostUsd?: number;
    /** Takes the trial's clean-up, so removing its files need not hold up the next trial. */
    deferCleanup?: (cleanup: Promise<void>) => void;
    /** Own HOME, the sandbox provider (default: neither; the eval's `sandbox.kind` names its own). */
    isolation?: TrialIsolation;
    /** The calibration figure of a judge of this eval, when one was measured. */
    calibrationOf?: (judge: JudgeSpec) => CalibrationFigure | undefined;
}
export interface TrialOutput extends TrialResult {
    workspace?: string;
}
export declare function runTrial(input: TrialInput): Promise<TrialOutput>;
/** A trial's environment: its TMPDIR, its own HOME (unless --real-home), the shims first on PATH. */
export declare function trialEnv(input: Pick<TrialInput, "baseEnv" | "n" | "spec">, isolation: TrialIsolation, root: string, tmp: string, callLog: string): Promise<Record<string, string>>;
/**
 * Shimmed calls the agent made from a folder outside its sandbox (the workspace, its TMPDIR and
 * HOME; `treeInside`, the workspace's path in a container): said as such, with the folders.
 */
export declare function callsOutside(calls: readonly {
    bin: string;
    cwd: string;
}[], inside: readonly (string | undefined)[]): string[];
export declare function shimDirOf(trialRoot: string): string;
