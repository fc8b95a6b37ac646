// Recheck: the current checks, judges included, on the stored outcomes of a run, with no agent.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { EvalResult } from "../model/index.js";
import {
  Codes,
  RESULTS_DIR,
  RUN_JSON,
  UsageError,
  exitCodeFor,
  type RunResult,
  VERSION,
  errorMessage,
} from "../model/index.js";
import { gitHeadCommit, readRegularSync, secretRedactor, withRedactor } from "../util/index.js";
import {
  copyRegularTree,
  refuseLinkedOwnFolder,
  lockResults,
  readCalibration,
} from "../store/index.js";
import { builtInCredentialEnv } from "../agents/index.js";
import {
  allowedEndpoints,
  isolationNote,
  DEFAULT_PROVIDER,
  providerNamed,
  resolveIsolation,
  resolveEvals,
  type TrialIsolation,
  BudgetLedger,
  reapDeadRuns,
  recheckEval,
} from "../run/index.js";
import { buildRunResult, writeRunJson, writeReportFiles } from "../report/index.js";
import { reportSections, selectEvals, summarize } from "../kinds/index.js";
import { loadDefinitions } from "./definitions.js";
import type { RunEvalsOutcome } from "./run.js";
import { calibrationLookup, definedEnv } from "./shared.js";

export interface RecheckOptions {
  projectRoot: string;
  /** The results folder whose stored outcomes are rechecked (default: the last run's). */
  from?: string;
  evals?: string[];
  names?: string[];
  env?: Record<string, string | undefined>;
  /** The most the judges may spend, in USD. */
  budgetUsd?: number;
  signal?: AbortSignal;
  redact?: string[];
  realHome?: boolean;
}

/** The sandbox a result's trials ran in, with the container image and limits it recorded. */
function recheckIsolation(
  result: EvalResult,
  recorded: ReadonlyMap<string, TrialIsolation>,
): TrialIsolation | undefined {
  const isolation = result.sandbox ? recorded.get(result.sandbox) : undefined;
  if (!isolation || !result.container) return isolation;
  const { image, ...limits } = result.container;
  return { ...isolation, container: { ...(image ? { image } : {}), limits } };
}

/**
 * `agent-evals recheck`: the current checks, judges included, on the stored outcomes of a run,
 * with no agent. Writes run.json (`recheck: true`), report.html and junit.xml into the project's
 * results folder (copying the trial folders there first when `from` is another folder).
 */
export async function recheckEvals(options: RecheckOptions): Promise<RunEvalsOutcome> {
  const env = options.env ?? process.env;
  const projectRoot = path.resolve(options.projectRoot);
  const resultsDir = path.join(projectRoot, RESULTS_DIR);
  const from = path.resolve(projectRoot, options.from ?? RESULTS_DIR);
  refuseLinkedOwnFolder(projectRoot, resultsDir);
  const previous = await readPreviousRun(from);
  await reapDeadRuns();
  const specs = await loadDefinitions({ ...options, projectRoot, env });
  const names = options.names ?? [];
  const selected = new Set(
    names.length ? selectEvals(specs, names).specs.map((s) => s.id) : specs.map((s) => s.id),
  );
  const byId = new Map(specs.filter((s) => s.variant === undefined).map((s) => [s.id, s]));
  if (names.length && !previous.evals.some((e) => selected.has(e.id)))
    throw new UsageError(
      `the run in ${path.relative(process.cwd(), from) || "."} has none of ${names.join(", ")}: run them with \`agent-evals eval\` first`,
    );
  const redactor = secretRedactor(env, [
    ...(options.redact ?? []),
    ...specs.flatMap((spec) => spec.prompt?.secrets ?? []),
    ...builtInCredentialEnv(),
  ]);
  const { isolation } = await resolveIsolation({
    sandbox: DEFAULT_PROVIDER.name,
    home: !options.realHome,
    allow: allowedEndpoints(env),
  });
  // Trials whose agent ran in a sandbox that runs the checks too (bwrap, docker) are rechecked in
  // it: their outcome holds what the agent planted. Resolved before anything runs (unavailable:
  // refused with the reason, as `eval` is).
  const recorded = new Map<string, TrialIsolation>();
  for (const name of new Set(previous.evals.map((e) => e.sandbox))) {
    if (!name || !providerNamed(name)?.checksInside) continue;
    const choice = { sandbox: name, home: !options.realHome, allow: allowedEndpoints(env) };
    recorded.set(name, (await resolveIsolation(choice)).isolation);
  }
  const unlock = await lockResults(resultsDir);
  try {
    const skipped = from === resultsDir ? [] : await copyTrialFolders(from, resultsDir);
    const startedAt = new Date();
    const budget = new BudgetLedger(options.budgetUsd);
    const calibration = calibrationLookup(await readCalibration(projectRoot));
    const signal = options.signal ?? new AbortController().signal;
    const results = await withRedactor(redactor, async () => {
      const out: EvalResult[] = [];
      // A comparison's other arms are the run's, not the definitions': they are not rechecked.
      for (const result of previous.evals.filter((e) => e.arm === undefined)) {
        if (!selected.has(result.id) && byId.has(result.id)) continue;
        const spec = byId.get(result.id);
        if (!spec) {
          out.push({
            ...result,
            status: "skipped",
            reason: "not rechecked: no longer defined",
            code: Codes.skipped,
          });
          continue;
        }
        out.push(
          await recheckEval({
            spec,
            result,
            resultsDir,
            baseEnv: definedEnv(env),
            // The eval's own, over the provider its trials ran in: worked out once, here.
            isolation: resolveEvals([spec], recheckIsolation(result, recorded) ?? isolation).get(
              spec,
            )!,
            signal,
            budget,
            calibrationOf: (judge) => calibration(spec, judge),
          }),
        );
      }
      return out.map((r) => redactor.value(r));
    });
    const built = buildRunResult(results, {
      version: VERSION,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      commit: await gitHeadCommit(projectRoot),
      isolation: `recheck: no agent ran; ${isolationNote(isolation)}`,
      projectRoot,
      budgetUsd: options.budgetUsd,
    });
    const run = {
      ...built,
      recheck: true,
      recheckedFrom: path.relative(projectRoot, from) || ".",
      ...(signal.aborted ? { interrupted: true } : {}),
    };
    await writeRunJson(resultsDir, run);
    const summaries = await summarize(specs, results, { projectRoot, startedAt });
    await writeReportFiles(run, { projectRoot, resultsDir, sections: reportSections(summaries) });
    const exitCode = exitCodeFor(run.evals);
    return { run, exitCode, resultsDir, historyLines: [], summaries, skipped };
  } finally {
    await unlock();
  }
}

/** The largest run.json recheck reads (a run of thousands of trials writes a few MB). */
const RUN_JSON_CAP = 256 * 1024 * 1024;

async function readPreviousRun(from: string): Promise<RunResult> {
  const file = path.join(from, RUN_JSON);
  // --from can be a downloaded artifact: run.json is read only as a regular file, not a link.
  const read = readRegularSync(file, RUN_JSON_CAP);
  if (read.kind === "refused")
    throw new UsageError(`${file} is ${read.what}, not a file: not read; pass a results folder`);
  if (read.kind === "missing")
    throw new UsageError(
      `no ${RUN_JSON} in ${from}: run \`agent-evals eval\` first, or pass --from a results folder (a downloaded artifact)`,
    );
  if (read.truncated) throw new UsageError(`${file} is over ${RUN_JSON_CAP} bytes: not a run's`);
  const text = read.bytes.toString("utf8");
  try {
    const run = JSON.parse(text) as RunResult;
    if (!Array.isArray(run.evals)) throw new Error("it has no evals");
    return run;
  } catch (error) {
    throw new UsageError(`${file} is not a run.json: ${errorMessage(error)}`);
  }
}

/** The trial folders of another results folder, copied into ours (replacing its evals/). */
/** The input's trial folders, copied over the results folder's; resolves to what was left out. */
async function copyTrialFolders(from: string, resultsDir: string): Promise<string[]> {
  const source = path.join(from, "evals");
  const target = path.join(resultsDir, "evals");
  await fs.rm(target, { recursive: true, force: true });
  await fs.mkdir(resultsDir, { recursive: true });
  return copyRegularTree(source, target).catch((error: Error) => {
    throw new UsageError(`cannot copy the trial folders of ${from}: ${error.message}`);
  });
}
