// `agent-evals calibrate`: a judge run on its labelled examples, each example a workspace of its
// own (a copy of its folder, or its files written out), with the environment a trial would give.

import fs from "node:fs";
import path from "node:path";
import {
  agreementOf,
  type CalibrationFigure,
  type EvalSpec,
  type JudgeExample,
  type JudgeSpec,
  type JudgeVerdict,
} from "../model/index.js";
import { runJudgeCheck } from "../check/index.js";
import { manifest } from "./workspace/changes.js";
import { fillWorkspace } from "./workspace/fill.js";
import { makeTempDir } from "./workspace/io.js";
import { removeTree } from "./workspace/remove.js";
import { copyTree } from "./workspace/tree.js";
import type { TrialIsolation } from "./isolation/resolve.js";
import { trialEnv } from "./trial.js";

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
  /** The eval's isolation, resolved by the caller (resolveEvals). */
  isolation: TrialIsolation;
  signal: AbortSignal;
  /** What is left to spend, per example; undefined: no cap. */
  capUsd?: () => number | undefined;
  onExample?: (example: CalibratedExample) => void;
}

export async function calibrateJudge(
  input: CalibrateInput,
): Promise<{ examples: CalibratedExample[]; figure: CalibrationFigure }> {
  const examples: CalibratedExample[] = [];
  for (const [i, example] of input.judge.examples.entries()) {
    if (input.signal.aborted) break;
    const judged = await judgeExample(input, example, i + 1);
    examples.push(judged);
    input.onExample?.(judged);
  }
  const { n, accuracy, kappa } = agreementOf(
    examples.map((e) => ({ label: e.label, answer: e.answer })),
  );
  return { examples, figure: { n, accuracy, kappa, time: new Date().toISOString() } };
}

async function judgeExample(
  input: CalibrateInput,
  example: JudgeExample,
  n: number,
): Promise<CalibratedExample> {
  const root = await makeTempDir(`${input.spec.id}-calibrate${n}`);
  const work = path.join(root, "work");
  const tmp = path.join(root, "tmp");
  const outDir = path.join(input.outDir, `example-${n}`);
  try {
    fs.mkdirSync(tmp);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    if (example.dir !== undefined) await copyTree(example.dir, work);
    else {
      fs.mkdirSync(work);
      await fillWorkspace({ kind: "fixture", files: example.files ?? {} }, work);
    }
    const env = await trialEnv(
      { baseEnv: input.baseEnv, n, spec: input.spec },
      input.isolation,
      root,
      tmp,
      path.join(root, "calls.raw"),
    );
    const files = [...(await manifest(work)).keys()].sort();
    const verdict = await runJudgeCheck(input.judge, input.index, {
      material: async () => ({ workspace: work, changed: files }),
      env,
      outDir,
      timeoutMs: input.spec.timeoutMs,
      signal: input.signal,
      spend: { capUsd: input.capUsd?.(), spentUsd: 0 },
    });
    const sample = verdict.judge.samples.find((s) => s.verdict === verdict.judge.verdict);
    return {
      name: example.name ?? (example.dir ? path.basename(example.dir) : `example ${n}`),
      label: example.label,
      answer: verdict.judge.verdict,
      reason: sample?.problem ?? sample?.reason ?? verdict.judge.samples[0]?.problem ?? "",
      costUsd: verdict.judge.costUsd,
    };
  } finally {
    await removeTree(root);
  }
}
