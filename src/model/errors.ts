// Every error agent-evals raises on purpose: one base class with a stable diagnostic `code` and the
// exit code it means, so the CLI and the Action decide the exit from the error itself, never from a
// list of classes or from its text. Errors in what the user wrote (DefinitionError) also name the
// file, the line where known, the key and the fix, and stop the run before anything starts.

/**
 * The base of every error agent-evals raises on purpose. `code` is a stable diagnostic code (the
 * table `Codes` below, docs/results.md › Diagnostic codes); `exitCode` is what the CLI exits with when the
 * error ends a command (2: the harness could not run; nothing was judged).
 */
export class AgentEvalsError extends Error {
  readonly code: string;
  readonly exitCode: 1 | 2;
  constructor(code: string, message: string, options?: { cause?: unknown; exitCode?: 1 | 2 }) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = new.target.name;
    this.code = code;
    this.exitCode = options?.exitCode ?? 2;
  }
}

export interface DefinitionProblem {
  file: string;
  line?: number;
  column?: number;
  /** Dotted path of the offending key, e.g. `assertions.files[0]`. */
  key?: string;
  message: string;
  /** What to change. */
  fix?: string;
  /** Stable diagnostic code, e.g. AE101. */
  code: string;
}

export function formatProblem(p: DefinitionProblem): string {
  const where = p.line ? `${p.file}:${p.line}${p.column ? `:${p.column}` : ""}` : p.file;
  const key = p.key ? ` (${p.key})` : "";
  const fix = p.fix ? `\n  fix: ${p.fix}` : "";
  return `${where}: ${p.code} ${p.message}${key}${fix}`;
}

export class DefinitionError extends AgentEvalsError {
  readonly problems: DefinitionProblem[];
  constructor(problems: DefinitionProblem[]) {
    super(problems[0]?.code ?? Codes.schema, problems.map(formatProblem).join("\n"));
    this.problems = problems;
  }
}

/** Command-line or Action-input usage: a flag's value, an unknown command or eval name. */
export class UsageError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.usage, message);
  }
}

/** Agents would get full permissions outside a container: refused unless CI=true or --unsafe-local. */
export class CiGateError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.ciGate, message);
  }
}

/**
 * An error of the outside world or the harness (agent missing, API 5xx, sandbox I/O), not the
 * agent's: trials that end in one are retried when `retryable`, and never counted as failed.
 */
export class InfraError extends AgentEvalsError {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(Codes.infraError, message);
  }
}

/**
 * What the agent did inside its sandbox (its workspace's contents, the processes of its container)
 * made a step of its trial impossible: the trial fails with this message as its evidence, and is
 * never retried. Not an InfraError: an agent cannot turn its own failure into one.
 */
export class AgentFault extends Error {}

/** Diagnostic codes: stable across versions so tools can key on them. */
export const Codes = {
  yamlSyntax: "AE101",
  schema: "AE102",
  unknownKey: "AE103",
  nothingAsserted: "AE104",
  duplicateId: "AE105",
  badPath: "AE106",
  badRegex: "AE107",
  loadFailed: "AE108",
  missingParam: "AE109",
  missingSecret: "AE110",
  unknownAgent: "AE111",
  noEvals: "AE112",
  notUtf8: "AE113",
  tooLarge: "AE114",
  badTemplate: "AE115",
  /** A skill/command/hook eval's `target` that does not exist or is not what its `type` says. */
  badTarget: "AE116",
  /** A command template with `{prompt}` where the shell would not read it as one plain word. */
  unsafeTemplate: "AE117",
  /** An eval file that is a symlink out of the project, a broken link, or not a regular file. */
  badEvalFile: "AE118",
  /** A variant that overrides nothing (no `prompt`, `files`, `model`, `args` or `setup`). */
  emptyVariant: "AE119",
  /** Two variants of one eval with the same name. */
  duplicateVariant: "AE120",
  usage: "AE201",
  /** Agents would run outside CI without --unsafe-local. */
  ciGate: "AE202",
  /** `--sandbox bwrap` (or another provider) asked for where it cannot run. */
  sandboxUnavailable: "AE203",
  /** Another run or merge holds the results folder's lock. */
  resultsBusy: "AE204",
  /** The ref `--changed` compares with cannot be read. */
  badBase: "AE205",
  /** A shard plan (`--shard-plan`, the Action's `shard-plan`) that does not fit the suite. */
  badShardPlan: "AE206",
  /** Results folders that cannot be merged (merge, the Action's publish mode). */
  mergeFailed: "AE207",
  /** An Action input with a value it does not take. */
  actionInput: "AE208",
  /** `init` would overwrite a file. */
  initConflict: "AE209",
  setupFailed: "AE301",
  // Run-time outcomes (run.json `code` fields and `diagnostics`; see src/report/diagnostics.ts).
  infraError: "AE302",
  /** A replayed trial asked for a model answer its recording does not hold (`--replay`). */
  replayMiss: "AE303",
  checkFailed: "AE401",
  agentFailed: "AE402",
  agentTimedOut: "AE403",
  belowPassRate: "AE404",
  cachedFailure: "AE405",
  budgetExhausted: "AE406",
  interrupted: "AE407",
  inconclusive: "AE408",
  skipped: "AE409",
  shimBypassed: "AE410",
  /** A trial reported more than its cost cap, or took the run's spend past --budget-usd. */
  overBudget: "AE411",
  // Publishing (the Action): the run itself is judged; these say what could not be published.
  /** The results branch could not be read or pushed. */
  historyNotSaved: "AE501",
  /** The PR comment could not be written (token permissions). */
  commentNotPosted: "AE502",
} as const;

/** The message of whatever was thrown: an Error's message, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
