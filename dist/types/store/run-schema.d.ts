import * as z from "zod/mini";
import type { RunResult } from "../model/index.js";
export declare const runResultSchema: z.ZodMiniObject<{
    schemaVersion: z.ZodMiniInt;
    tool: z.ZodMiniObject<{
        name: z.ZodMiniLiteral<"agent-evals">;
        version: z.ZodMiniString<string>;
    }, z.core.$strip>;
    startedAt: z.ZodMiniString<string>;
    durationMs: z.ZodMiniNumber<number>;
    commit: z.ZodMiniOptional<z.ZodMiniString<string>>;
    costUsd: z.ZodMiniNumber<number>;
    budgetUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
    counts: z.ZodMiniObject<{
        passed: z.ZodMiniInt;
        failed: z.ZodMiniInt;
        skipped: z.ZodMiniInt;
        cached: z.ZodMiniInt;
        error: z.ZodMiniInt;
        incomplete: z.ZodMiniInt;
        inconclusive: z.ZodMiniInt;
    }, z.core.$strip>;
    isolation: z.ZodMiniString<string>;
    evals: z.ZodMiniArray<z.ZodMiniObject<{
        id: z.ZodMiniString<string>;
        file: z.ZodMiniString<string>;
        line: z.ZodMiniOptional<z.ZodMiniInt>;
        agent: z.ZodMiniString<string>;
        arm: z.ZodMiniOptional<z.ZodMiniString<string>>;
        agentVersion: z.ZodMiniOptional<z.ZodMiniString<string>>;
        promptHash: z.ZodMiniOptional<z.ZodMiniString<string>>;
        status: z.ZodMiniEnum<{
            passed: "passed";
            failed: "failed";
            error: "error";
            skipped: "skipped";
            cached: "cached";
            incomplete: "incomplete";
            inconclusive: "inconclusive";
        }>;
        reason: z.ZodMiniOptional<z.ZodMiniString<string>>;
        passes: z.ZodMiniInt;
        trialsRun: z.ZodMiniInt;
        trialsPlanned: z.ZodMiniInt;
        passRate: z.ZodMiniNumber<number>;
        threshold: z.ZodMiniNumber<number>;
        interval: z.ZodMiniTuple<readonly [z.ZodMiniNumber<number>, z.ZodMiniNumber<number>], null>;
        cachedFrom: z.ZodMiniOptional<z.ZodMiniObject<{
            status: z.ZodMiniEnum<{
                passed: "passed";
                failed: "failed";
            }>;
            time: z.ZodMiniString<string>;
            commit: z.ZodMiniOptional<z.ZodMiniString<string>>;
            passes: z.ZodMiniInt;
            trials: z.ZodMiniInt;
            passRate: z.ZodMiniNumber<number>;
            interval: z.ZodMiniTuple<readonly [z.ZodMiniNumber<number>, z.ZodMiniNumber<number>], null>;
            costUsd: z.ZodMiniNumber<number>;
            source: z.ZodMiniEnum<{
                history: "history";
                fingerprint: "fingerprint";
            }>;
        }, z.core.$strip>>;
        costUsd: z.ZodMiniNumber<number>;
        durationMs: z.ZodMiniNumber<number>;
        trials: z.ZodMiniArray<z.ZodMiniObject<{
            n: z.ZodMiniInt;
            status: z.ZodMiniEnum<{
                passed: "passed";
                failed: "failed";
                error: "error";
            }>;
            durationMs: z.ZodMiniNumber<number>;
            costUsd: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            checks: z.ZodMiniArray<z.ZodMiniObject<{
                name: z.ZodMiniString<string>;
                ok: z.ZodMiniBoolean<boolean>;
                evidence: z.ZodMiniString<string>;
                file: z.ZodMiniOptional<z.ZodMiniString<string>>;
                line: z.ZodMiniOptional<z.ZodMiniInt>;
            }, z.core.$strip>>;
            dir: z.ZodMiniString<string>;
            reason: z.ZodMiniOptional<z.ZodMiniString<string>>;
            agentExitCode: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniInt>>;
            timedOut: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
            retries: z.ZodMiniOptional<z.ZodMiniInt>;
            calls: z.ZodMiniOptional<z.ZodMiniInt>;
            toolCalls: z.ZodMiniOptional<z.ZodMiniInt>;
            warnings: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            overBudget: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniString<string>>>;
            code: z.ZodMiniOptional<z.ZodMiniString<string>>;
            tokens: z.ZodMiniOptional<z.ZodMiniInt>;
            turns: z.ZodMiniOptional<z.ZodMiniInt>;
        }, z.core.$strip>>;
        sandbox: z.ZodMiniOptional<z.ZodMiniString<string>>;
        code: z.ZodMiniOptional<z.ZodMiniString<string>>;
        reliability: z.ZodMiniOptional<z.ZodMiniObject<{
            passAtK: z.ZodMiniArray<z.ZodMiniNumber<number>>;
            passHatK: z.ZodMiniArray<z.ZodMiniNumber<number>>;
        }, z.core.$strip>>;
    }, z.core.$strip>>;
    interrupted: z.ZodMiniOptional<z.ZodMiniBoolean<boolean>>;
    diagnostics: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        code: z.ZodMiniString<string>;
        severity: z.ZodMiniEnum<{
            error: "error";
            warning: "warning";
            notice: "notice";
        }>;
        id: z.ZodMiniString<string>;
        agent: z.ZodMiniString<string>;
        trial: z.ZodMiniOptional<z.ZodMiniInt>;
        check: z.ZodMiniOptional<z.ZodMiniString<string>>;
        message: z.ZodMiniString<string>;
        evidence: z.ZodMiniOptional<z.ZodMiniString<string>>;
        file: z.ZodMiniOptional<z.ZodMiniString<string>>;
        line: z.ZodMiniOptional<z.ZodMiniInt>;
        dir: z.ZodMiniOptional<z.ZodMiniString<string>>;
    }, z.core.$strip>>>;
    comparisons: z.ZodMiniOptional<z.ZodMiniArray<z.ZodMiniObject<{
        id: z.ZodMiniString<string>;
        agent: z.ZodMiniString<string>;
        control: z.ZodMiniString<string>;
        treatment: z.ZodMiniString<string>;
        controlPasses: z.ZodMiniInt;
        controlTrials: z.ZodMiniInt;
        treatmentPasses: z.ZodMiniInt;
        treatmentTrials: z.ZodMiniInt;
        delta: z.ZodMiniNumber<number>;
        interval: z.ZodMiniTuple<readonly [z.ZodMiniNumber<number>, z.ZodMiniNumber<number>], null>;
        pValue: z.ZodMiniNumber<number>;
        verdict: z.ZodMiniEnum<{
            inconclusive: "inconclusive";
            regression: "regression";
            improvement: "improvement";
            "no-change": "no-change";
        }>;
        margin: z.ZodMiniNumber<number>;
        decidedAfter: z.ZodMiniOptional<z.ZodMiniInt>;
        maxTrials: z.ZodMiniInt;
        reason: z.ZodMiniOptional<z.ZodMiniString<string>>;
        controlMeans: z.ZodMiniOptional<z.ZodMiniObject<{
            costUsd: z.ZodMiniNumber<number>;
            durationMs: z.ZodMiniNumber<number>;
            tokens: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            turns: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        }, z.core.$strip>>;
        treatmentMeans: z.ZodMiniOptional<z.ZodMiniObject<{
            costUsd: z.ZodMiniNumber<number>;
            durationMs: z.ZodMiniNumber<number>;
            tokens: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
            turns: z.ZodMiniOptional<z.ZodMiniNumber<number>>;
        }, z.core.$strip>>;
    }, z.core.$strip>>>;
}, z.core.$strip>;
/** run.json's content checked against the schema: the run, or the first problems with their paths. */
export declare function parseRunResult(value: unknown): {
    ok: true;
    run: RunResult;
} | {
    ok: false;
    problems: string[];
};
