import { type CalibrationFigure, type EvalSpec, type JudgeSpec, type JudgeVerdict } from "../model/index.js";
import { type TrialIsolation } from "./isolation/resolve.js";
export interface CalibratedExample {
    name: string;
    label: "pass" | "fail";
    answer: JudgeVerdict;
    reason: string;
    costUsd: number;
}
export interface CalibrateInput {
    spec: EvalSpec;
    judge: JudgeSpec;
    /** The judge's index among the eval's checks (names its transcripts). */
    index: number;
    /** Where transcripts go: `<outDir>/example-<n>/`. */
    outDir: string;
    baseEnv: Record<string, string>;
    isolation?: TrialIsolation;
    signal: AbortSignal;
    /** What is left to spend, per example; undefined: no cap. */
    capUsd?: () => number | undefined;
    onExample?: (example: CalibratedExample) => void;
}
export declare function calibrateJudge(input: CalibrateInput): Promise<{
    examples: CalibratedExample[];
    figure: CalibrationFigure;
}>;
