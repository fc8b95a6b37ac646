import * as z from "zod/mini";
import { type AgentAdapter, type CalibrationFigure, type JudgeCallResult, type JudgeOutcome, type JudgeSample, type JudgeSpec, type JudgeVerdict } from "../model/index.js";
/** The answer every judge call must give. */
export declare const judgeAnswerSchema: z.ZodMiniObject<{
    verdict: z.ZodMiniEnum<{
        pass: "pass";
        fail: "fail";
        unknown: "unknown";
    }>;
    reason: z.ZodMiniString<string>;
    quotes: z.ZodMiniArray<z.ZodMiniString<string>>;
}, z.core.$strict>;
/** The same shape as JSON Schema, for the CLIs' structured-output flags. */
export declare const JUDGE_ANSWER_JSON_SCHEMA: Record<string, unknown>;
export interface JudgeMaterial {
    /** The copy of the final workspace the judge runs in. */
    workspace: string;
    /** Files the run created or changed, relative. */
    changed: string[];
}
/** The spend of the trial a judge runs in: the agent's cost first, then each judge call's. */
export interface TrialSpend {
    /** The most the trial may spend (maxCostUsd, or what the budget has left); undefined: no cap. */
    capUsd?: number;
    spentUsd: number;
}
export interface JudgeRunContext {
    material: () => Promise<JudgeMaterial>;
    env: Record<string, string>;
    outDir: string;
    timeoutMs: number;
    signal?: AbortSignal;
    spend: TrialSpend;
    calibration?: CalibrationFigure;
}
export interface JudgeCheckVerdict {
    ok: boolean;
    evidence: string;
    judge: JudgeOutcome;
}
/** The name the agent of a judge goes by. */
export declare function judgeAgentName(spec: JudgeSpec): string;
/**
 * What identifies a judge for calibration: its rubric, files, agent, model and examples. A
 * calibration figure applies to a check only while all of these are unchanged.
 */
export declare function judgeKey(evalId: string, spec: JudgeSpec): string;
/** The adapter that judges, or why there is none. */
export declare function judgeAdapter(spec: JudgeSpec): AgentAdapter & Required<Pick<AgentAdapter, "judge">>;
/** The majority answer (more than half of the samples) and the share that gave it. */
export declare function majorityOf(verdicts: JudgeVerdict[]): {
    verdict: JudgeVerdict;
    agreement: number;
};
/** One call's answer, validated; anything that does not parse is an unknown with the reason. */
export declare function readAnswer(call: JudgeCallResult): JudgeSample;
/** The judge's instructions: the rubric, what the run changed, the listed files' text. */
export declare function judgePrompt(spec: JudgeSpec, material: JudgeMaterial): Promise<string>;
/** Runs the judge's samples, one after another, and words the verdict. */
export declare function runJudge(spec: JudgeSpec, index: number, ctx: JudgeRunContext): Promise<JudgeCheckVerdict>;
/** "pass (3/3 agree) — reason — quotes", or why the judge is unusable. */
export declare function judgeEvidence(judge: JudgeOutcome, warnings?: string[]): string;
