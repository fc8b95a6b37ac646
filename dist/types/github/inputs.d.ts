import { AgentEvalsError } from "../model/index.js";
import { type ContainerOptions, type SandboxKind } from "../run/index.js";
import { type ShardAssignment } from "../plan/index.js";
export type FailOn = "failure" | "regression" | "never";
/**
 * What a pull request's evals are compared with. history: the verdicts recorded on the results
 * branch for the base. rerun: the base ref's version of each changed eval, run in the same job
 * beside the head's (`agent-evals compare`). auto: rerun on pull requests, history otherwise.
 */
export type Baseline = "history" | "rerun" | "auto";
/** run: run the evals (default). plan: only split the suite into shards (CI matrix). publish: report
 *  shards' results (merge-from) as one run without running anything. */
export type ActionMode = "run" | "plan" | "publish";
export interface ActionInputs {
    mode: ActionMode;
    evals: string[];
    agents: string[];
    budgetUsd?: number;
    trials?: number;
    workingDirectory: string;
    changedOnly: boolean | "auto";
    baseRef?: string;
    baseline: Baseline;
    /** Read the results branch (cached verdicts, the base to compare with). */
    history: boolean;
    /** Also append this run's verdicts to it (`history: read` reads only: shards leave it to publish). */
    historyWrite: boolean;
    resultsBranch: string;
    force: boolean;
    comment: boolean;
    uploadTranscripts: boolean;
    artifactName: string;
    retentionDays?: number;
    shard?: {
        index: number;
        count: number;
    };
    /** How agents are isolated (README "Security model"). */
    sandbox: SandboxKind;
    /** With docker: the image and limits of evals without their own (`image`, `cpus` … inputs). */
    container?: ContainerOptions;
    /** plan mode: how many shards. */
    shards: number | "auto";
    /** The split a plan recorded: run mode takes its shard from it, publish checks no pair is missing. */
    shardPlan?: ShardAssignment;
    /** publish mode: the folder holding the shards' results folders. */
    mergeFrom?: string;
    /** The pull request to comment on when the event is not one (a workflow_run publishing a fork's run). */
    pullRequest?: number;
    concurrency?: number;
    failOn: FailOn;
    /**
     * Fail the step when a planned pair could not run (skipped); all: only when every pair was
     * skipped (nothing judged); auto: on for schedule and workflow_dispatch.
     */
    failOnSkip: boolean | "auto" | "all";
    /** Fail the step when the run's verdicts could not be saved on the results branch. */
    historyRequired: boolean;
    /** Logins without write access that may still start paid runs ("*": anyone). */
    allowedActors: string[];
    githubToken: string;
}
export declare class InputError extends AgentEvalsError {
    constructor(message: string);
}
export declare const DEFAULT_ARTIFACT_NAME = "agent-evals-results";
export declare function readInputs(): ActionInputs;
