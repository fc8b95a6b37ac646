// Errors in what the user wrote. Each names the file, the line where known, the key and the fix,
// and makes the CLI exit 2 before anything runs.

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

export class DefinitionError extends Error {
  readonly problems: DefinitionProblem[];
  constructor(problems: DefinitionProblem[]) {
    super(problems.map(formatProblem).join("\n"));
    this.name = "DefinitionError";
    this.problems = problems;
  }
}

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
  usage: "AE201",
  ciGate: "AE202",
  setupFailed: "AE301",
  // Run-time outcomes (run.json `code` fields and `diagnostics`; see src/report/diagnostics.ts).
  infraError: "AE302",
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
} as const;
