// Loads one YAML task (`*.eval.yaml`) into an EvalSpec. Validation is the zod schema's
// (./schema.ts); this file parses, finds where each problem sits in the text, words the
// messages, and maps a valid task onto the shared model.

import { createHash } from "node:crypto";
import path from "node:path";
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type YAMLError,
} from "yaml";
import { z } from "zod";
import type {
  CheckSpec,
  EvalSpec,
  Pattern,
  PromptSpec,
  SandboxSpec,
  ShimSpec,
  SourceRef,
} from "../model/eval.js";
import { Codes, DefinitionError, type DefinitionProblem } from "../model/errors.js";
import {
  yamlTaskDefaults,
  yamlTaskSchema,
  type IssueHint,
  type YamlAssertions,
  type YamlSandbox,
  type YamlShim,
  type YamlTask,
  trialCounts,
  workflowSchema,
} from "./schema.js";
import { normalizeShim, resolveUserPath } from "./normalize.js";

export interface LoadContext {
  /** Relative `template`/`repo` paths resolve against it (unless they start with `./` or `../`). */
  projectRoot: string;
}

/** Eval files larger than this are rejected (AE114) before parsing. */
export const MAX_EVAL_FILE_BYTES = 1024 * 1024;

const CLAUDE_CODE_TYPES = new Set(["skill", "command", "hook"]);

/** Most YAML aliases one file may expand (guards against "billion laughs" documents). */
const MAX_ALIAS_COUNT = 100;

type KeyPath = readonly PropertyKey[];

// ---------- public API ----------

/**
 * Parse and validate one YAML eval file's text. Throws DefinitionError listing every problem
 * found, each with file, line, column, key, message, fix and code; never throws anything else.
 */
export function loadYamlEval(file: string, text: string, ctx: LoadContext): EvalSpec {
  try {
    const source = parseYamlSource(file, text);
    const task = validateTask(source);
    return toEvalSpec(task, source, ctx);
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    throw new DefinitionError([unexpectedFailure(file, error)]);
  }
}

/** True when the YAML text is a Claude Code skill/command/hook eval (`type: skill|command|hook`). */
export function isClaudeCodeYaml(text: string): boolean {
  try {
    const doc = parseDocument(text);
    if (!isMap(doc.contents)) return false;
    const type: unknown = doc.get("type");
    return typeof type === "string" && CLAUDE_CODE_TYPES.has(type);
  } catch {
    return false;
  }
}

/** The text of an eval file's bytes; throws AE114 when too large, AE113 when not UTF-8. */
export function decodeEvalFile(file: string, bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_EVAL_FILE_BYTES) {
    throw new DefinitionError([
      {
        file,
        code: Codes.tooLarge,
        message: `the file is ${bytes.byteLength} bytes; an eval file may be at most 1 MiB`,
        fix: "split it into several eval files, or move large fixture content into a `sandbox.template` directory",
      },
    ]);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DefinitionError([
      {
        file,
        line: firstNonUtf8Line(bytes),
        code: Codes.notUtf8,
        message: "the file is not valid UTF-8",
        fix: "save the file with UTF-8 encoding",
      },
    ]);
  }
}

/** 1-based line of the first invalid UTF-8 sequence (a newline byte never occurs inside one). */
function firstNonUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  for (let start = 0; start <= bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return 1;
}

function unexpectedFailure(file: string, error: unknown): DefinitionProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    file,
    code: Codes.loadFailed,
    message: `could not load the eval: ${reason}`,
    fix: "check the file for unusual YAML (custom tags, huge aliases); if it looks fine, report this as an agent-evals bug",
  };
}

// ---------- parsing ----------

interface YamlSource {
  file: string;
  text: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

function parseYamlSource(file: string, text: string): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new DefinitionError(doc.errors.map((error) => syntaxProblem(file, doc, lines, error)));
  }
  const source: YamlSource = { file, text, doc, lines, data: toPlainData(file, doc, lines) };
  requireTopLevelMapping(source);
  return source;
}

function toPlainData(file: string, doc: Document, lines: LineCounter): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DefinitionError([
      {
        file,
        ...positionOf(lines, firstAliasOffset(doc) ?? 0),
        code: Codes.yamlSyntax,
        message: `the YAML could not be read: ${reason}`,
        fix: "write the values out instead of expanding many aliases (`*name`)",
      },
    ]);
  }
}

function firstAliasOffset(doc: Document): number | undefined {
  let offset: number | undefined;
  visit(doc, {
    Alias(_, alias) {
      offset = alias.range?.[0];
      return visit.BREAK;
    },
  });
  return offset;
}

function requireTopLevelMapping({ file, doc, lines }: YamlSource): void {
  const contents = doc.contents;
  if (isMap(contents)) return;
  const problem: DefinitionProblem = isEmptyDocument(contents)
    ? {
        file,
        line: 1,
        code: Codes.schema,
        message: "the file is empty: it defines no eval",
        fix: "start with `name: my-eval`, an optional `prompt:`, and an `assertions:` mapping",
      }
    : {
        file,
        ...positionOf(lines, startOf(contents) ?? 0),
        code: Codes.schema,
        message: `the top level is ${describeNode(contents)}, not a mapping of keys`,
        fix: "write the eval as `key: value` lines starting with `name:` and `assertions:`",
      };
  throw new DefinitionError([problem]);
}

/** No content at all, or only a bare `---` (a top-level null written as `null` or `~` is content). */
function isEmptyDocument(contents: unknown): boolean {
  if (contents === null) return true;
  if (!isScalar(contents) || contents.value !== null) return false;
  const [start, end] = contents.range ?? [0, 0];
  return start === end;
}

function describeNode(node: unknown): string {
  if (isSeq(node)) return "a list";
  if (isScalar(node)) return node.value === null ? "null" : `a ${typeof node.value}`;
  return "not a mapping";
}

// ---------- syntax errors ----------

const SYNTAX_FIXES: Record<string, string> = {
  DUPLICATE_KEY: "remove or rename the repeated key: each key may appear once per mapping",
  TAB_AS_INDENT: "indent with spaces, not tabs",
  MULTIPLE_DOCS:
    "keep one eval per file: remove the `---` and what follows, or move it to its own file",
  BAD_ALIAS: "define the anchor (`&name`) before using the alias (`*name`)",
  BAD_DQ_ESCAPE: "inside double quotes write a backslash as `\\\\`, or use single quotes",
  BAD_SCALAR_START:
    "quote the value: it starts with a character YAML reserves (such as `@`, `%` or a backtick)",
  TAG_RESOLVE_FAILED: "remove the `!tag` before the value",
};

const DEFAULT_SYNTAX_FIX =
  "check the indentation and that each `key: value` has a space after the colon; quote values containing `: `, ` #`, or starting with `{`, `[`, `*`, `&`, `!`, `|` or `>`";

function syntaxProblem(
  file: string,
  doc: Document,
  lines: LineCounter,
  error: YAMLError,
): DefinitionProblem {
  const offset = error.pos[0];
  const position = error.linePos?.[0] ?? lines.linePos(offset);
  const keyPath = error.code === "MULTIPLE_DOCS" ? [] : keyPathBefore(doc, doc.contents, offset);
  return {
    file,
    line: position.line,
    column: position.col,
    ...(keyPath.length > 0 ? { key: formatKeyPath(keyPath) } : {}),
    code: Codes.yamlSyntax,
    message: `YAML syntax error: ${firstLine(error.message)}`,
    fix: SYNTAX_FIXES[error.code] ?? DEFAULT_SYNTAX_FIX,
  };
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "");
}

const PLAIN_KEY = /^[A-Za-z_][\w-]*$/;

/** The key path of the last key (or list item) that starts at or before `offset`. */
function keyPathBefore(doc: Document, node: unknown, offset: number): PropertyKey[] {
  if (isAlias(node)) return []; // an alias may point at its own ancestor
  for (const [segment, child] of [...childEntries(doc, node)].reverse()) {
    const start = startOf(child.key ?? child.value);
    if (start === undefined || start > offset) continue;
    // A key that does not look like one (empty, or text the broken syntax folded into a key)
    // names nothing the author wrote, so the path stops before it.
    if (typeof segment === "string" && !PLAIN_KEY.test(segment)) return [];
    return [segment, ...keyPathBefore(doc, child.value, offset)];
  }
  return [];
}

// ---------- locating nodes ----------

interface Child {
  key?: unknown;
  value: unknown;
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

function resolveAlias(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

function childEntries(doc: Document, node: unknown): Array<[PropertyKey, Child]> {
  const container = resolveAlias(doc, node);
  if (isMap(container)) {
    return container.items.map((pair) => [keyText(pair.key), { key: pair.key, value: pair.value }]);
  }
  if (isSeq(container)) return container.items.map((item, index) => [index, { value: item }]);
  return [];
}

function childAt(doc: Document, node: unknown, segment: PropertyKey): Child | undefined {
  const wanted = typeof segment === "number" ? segment : String(segment);
  return childEntries(doc, node).find(([name]) => name === wanted)?.[1];
}

function startOf(node: unknown): number | undefined {
  if (typeof node !== "object" || node === null || !("range" in node)) return undefined;
  const range = (node as { range?: [number, number, number] | null }).range;
  return range?.[0];
}

/**
 * Offset of the node at `keyPath`: of its key when `at` is "key" or the value is a collection, else
 * of its value. A path that leaves the document (a missing key) stops at the nearest ancestor.
 */
function offsetOf(doc: Document, keyPath: KeyPath, at: "key" | "value"): number {
  let node: unknown = doc.contents;
  let offset = startOf(node) ?? 0;
  keyPath.forEach((segment, index) => {
    const child = node === undefined ? undefined : childAt(doc, node, segment);
    if (child === undefined) {
      node = undefined;
      return;
    }
    const isLast = index === keyPath.length - 1;
    const preferValue =
      child.key === undefined || (isLast && at === "value" && isScalar(child.value));
    offset = (preferValue ? startOf(child.value) : startOf(child.key)) ?? offset;
    node = child.value;
  });
  return offset;
}

function positionOf(lines: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

function locate(source: YamlSource, keyPath: KeyPath, at: "key" | "value" = "value") {
  return positionOf(source.lines, offsetOf(source.doc, keyPath, at));
}

/** `assertions.contains[0].file`, `shims["my tool"]`. */
export function formatKeyPath(keyPath: KeyPath): string {
  return keyPath.reduce<string>((out, segment) => {
    if (typeof segment === "number") return `${out}[${segment}]`;
    const name = String(segment);
    if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `${out}[${JSON.stringify(name)}]`;
    return out === "" ? name : `${out}.${name}`;
  }, "");
}

// ---------- validation ----------

type Issue = z.core.$ZodIssue;

function validateTask(source: YamlSource): YamlTask {
  const result = yamlTaskSchema.safeParse(source.data, { reportInput: true });
  const problems = [
    ...prototypeKeyProblems(source),
    ...(result.error?.issues ?? []).flatMap((issue) => problemsFromIssue(source, issue)),
  ];
  if (result.success && problems.length === 0) return result.data;
  throw new DefinitionError(sortByPosition(dedupe(problems)));
}

/** Paths of `__proto__` keys anywhere in the document (aliases are not followed). */
function prototypeKeyPaths(node: unknown, at: PropertyKey[] = []): PropertyKey[][] {
  if (isSeq(node))
    return node.items.flatMap((item, index) => prototypeKeyPaths(item, [...at, index]));
  if (!isMap(node)) return [];
  return node.items.flatMap((pair) => {
    const here = [...at, keyText(pair.key)];
    const nested = prototypeKeyPaths(pair.value, here);
    return keyText(pair.key) === "__proto__" ? [here, ...nested] : nested;
  });
}

/** zod drops `__proto__` keys from records without a word, so they are reported here. */
function prototypeKeyProblems(source: YamlSource): DefinitionProblem[] {
  return prototypeKeyPaths(source.doc.contents).map((keyPath) =>
    problem(
      source,
      keyPath,
      {
        code: Codes.unknownKey,
        message: "unknown key `__proto__`: it cannot be used as a key",
        fix: "rename or remove the `__proto__` key",
      },
      "key",
    ),
  );
}

function problemsFromIssue(source: YamlSource, issue: Issue): DefinitionProblem[] {
  switch (issue.code) {
    case "unrecognized_keys": // `__proto__` keys are reported by prototypeKeyProblems
      return issue.keys
        .filter((key) => key !== "__proto__")
        .map((key) => unknownKeyProblem(source, issue.path, key));
    case "invalid_key":
      return [invalidKeyProblem(source, issue)];
    case "custom":
      return [customProblem(source, issue)];
    case "invalid_union":
      return wrongFormProblems(source, issue);
    default:
      return [schemaProblem(source, issue)];
  }
}

function problem(
  source: YamlSource,
  keyPath: KeyPath,
  fields: Pick<DefinitionProblem, "code" | "message" | "fix">,
  at: "key" | "value" = "value",
): DefinitionProblem {
  return {
    file: source.file,
    ...locate(source, keyPath, at),
    ...(keyPath.length > 0 ? { key: formatKeyPath(keyPath) } : {}),
    ...fields,
  };
}

function unknownKeyProblem(
  source: YamlSource,
  objectPath: KeyPath,
  key: string,
): DefinitionProblem {
  const known = knownKeysAt(objectPath);
  const suggestion = closestKey(key, known);
  const fix = suggestion
    ? `did you mean \`${suggestion}\`?`
    : `remove it; the keys allowed here are ${known.map((k) => `\`${k}\``).join(", ")}`;
  return problem(
    source,
    [...objectPath, key],
    { code: Codes.unknownKey, message: `unknown key \`${key}\``, fix },
    "key",
  );
}

function invalidKeyProblem(
  source: YamlSource,
  issue: Extract<Issue, { code: "invalid_key" }>,
): DefinitionProblem {
  const inner = issue.issues[0];
  const name = String(issue.path[issue.path.length - 1]);
  const hint = inner ? issueHint(inner) : undefined;
  const keyDescription = describeSchema(recordKeySchemaAt(issue.path.slice(0, -1)));
  return problem(
    source,
    issue.path,
    {
      code: hint?.code ?? Codes.schema,
      message: `the key \`${name}\` ${inner ? cleanMessage(inner.message) : "is not allowed"}`,
      fix:
        hint?.fix ?? (keyDescription ? `rename it: use ${asFixText(keyDescription)}` : "rename it"),
    },
    "key",
  );
}

function customProblem(
  source: YamlSource,
  issue: Extract<Issue, { code: "custom" }>,
): DefinitionProblem {
  const hint = issueHint(issue);
  return problem(source, issue.path, {
    code: hint?.code ?? Codes.schema,
    message: issue.message,
    fix: hint?.fix ?? fixFromDescription(issue.path),
  });
}

/** The issues of the one union branch the value was evidently meant for, if there is one. */
function intendedBranchIssues(
  issue: Extract<Issue, { code: "invalid_union" }>,
): Issue[] | undefined {
  const meant = issue.errors.filter((branch) => !branch.every(isRootMismatch));
  if (meant.length !== 1 || !meant[0]) return undefined;
  return meant[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue);
}

function isRootMismatch(issue: Issue): boolean {
  return (
    issue.path.length === 0 && (issue.code === "invalid_type" || issue.code === "invalid_value")
  );
}

function wrongFormProblems(
  source: YamlSource,
  issue: Extract<Issue, { code: "invalid_union" }>,
): DefinitionProblem[] {
  const branchIssues = intendedBranchIssues(issue);
  if (branchIssues) return branchIssues.flatMap((inner) => problemsFromIssue(source, inner));
  return [
    problem(source, issue.path, {
      code: Codes.schema,
      message: `has none of the allowed forms (got ${describeValue(issue.input)})`,
      fix: fixFromDescription(issue.path),
    }),
  ];
}

function schemaProblem(source: YamlSource, issue: Issue): DefinitionProblem {
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  if (missing) {
    const description = describeSchema(schemaAt(issue.path));
    return problem(source, issue.path, {
      code: Codes.schema,
      message: `the required key \`${formatKeyPath(issue.path)}\` is missing`,
      fix: `add \`${String(issue.path[issue.path.length - 1])}:\`${description ? ` with ${asFixText(description)}` : ""}`,
    });
  }
  return problem(source, issue.path, {
    code: Codes.schema,
    message: describeIssue(issue),
    fix: fixFromDescription(issue.path),
  });
}

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  object: "a mapping",
  record: "a mapping",
};

/** Plain wording for zod's common issues; zod's own message for the rest. */
function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}, got ${describeValue(issue.input)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum}${unitOf(issue.origin)} (got ${describeValue(issue.input)})`;
    case "too_big":
      return `must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}${unitOf(issue.origin)} (got ${describeValue(issue.input)})`;
    default:
      return cleanMessage(issue.message);
  }
}

function unitOf(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array") return " items";
  return "";
}

function issueHint(issue: Issue): IssueHint | undefined {
  if (issue.code !== "custom") return undefined;
  const params = issue.params as Partial<IssueHint> | undefined;
  if (typeof params?.code !== "string" || typeof params.fix !== "string") return undefined;
  return { code: params.code, fix: params.fix };
}

function cleanMessage(message: string): string {
  return message.replace(/^Invalid input: /, "");
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Uint8Array) return "binary data";
  if (typeof value === "object") return "a mapping";
  const shown = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

/** A schema description made to continue a sentence: lower-case start, no final period. */
function asFixText(description: string): string {
  return (description.charAt(0).toLowerCase() + description.slice(1)).replace(/\.$/, "");
}

function fixFromDescription(keyPath: KeyPath): string {
  const description = describeSchema(schemaAt(keyPath));
  const key = formatKeyPath(keyPath);
  if (!description) return `correct the value of \`${key}\``;
  return `set \`${key}\` to ${asFixText(description)}`;
}

function dedupe(problems: DefinitionProblem[]): DefinitionProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = `${p.line}:${p.column}:${p.key}:${p.code}:${p.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function sortByPosition(problems: DefinitionProblem[]): DefinitionProblem[] {
  return [...problems].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

// ---------- reading the schema (for fixes) ----------

/** Strips optional/nullable/default wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodNullable ||
    current instanceof z.ZodDefault
  ) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

function schemaChild(schema: z.ZodType, segment: PropertyKey): z.ZodType | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject)
    return (inner.shape as Record<string, z.ZodType>)[String(segment)];
  if (inner instanceof z.ZodArray)
    return typeof segment === "number" ? (inner.element as z.ZodType) : undefined;
  if (inner instanceof z.ZodRecord) return inner.valueType as z.ZodType;
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options as z.ZodType[]) {
      const child = schemaChild(option, segment);
      if (child) return child;
    }
  }
  return undefined;
}

function schemaAt(keyPath: KeyPath): z.ZodType | undefined {
  let schema: z.ZodType | undefined = yamlTaskSchema;
  for (const segment of keyPath) {
    if (!schema) return undefined;
    schema = schemaChild(schema, segment);
  }
  return schema;
}

function recordKeySchemaAt(keyPath: KeyPath): z.ZodType | undefined {
  const schema = schemaAt(keyPath);
  const inner = schema && unwrap(schema);
  return inner instanceof z.ZodRecord ? (inner.keyType as z.ZodType) : undefined;
}

function describeSchema(schema: z.ZodType | undefined): string | undefined {
  let current = schema;
  while (current) {
    if (current.description) return current.description;
    const inner = unwrap(current);
    if (inner === current) return undefined;
    current = inner;
  }
  return undefined;
}

function knownKeysAt(objectPath: KeyPath): string[] {
  const schema = schemaAt(objectPath);
  if (!schema) return [];
  const inner = unwrap(schema);
  const objects =
    inner instanceof z.ZodUnion ? (inner.options as z.ZodType[]).map(unwrap) : [inner];
  return objects.flatMap((option) =>
    option instanceof z.ZodObject ? Object.keys(option.shape) : [],
  );
}

/** The known key closest to `key`, when within edit distance 2 (ignoring case). */
function closestKey(key: string, known: string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// ---------- mapping to the model ----------

function toEvalSpec(task: YamlTask, source: YamlSource, ctx: LoadContext): EvalSpec {
  const projectRoot = path.resolve(ctx.projectRoot);
  const evalFile = path.resolve(projectRoot, source.file);
  const sourceAt = (keyPath: KeyPath): SourceRef => ({
    file: evalFile,
    line: locate(source, keyPath).line,
  });
  return {
    id: task.name,
    file: evalFile,
    line: locate(source, ["name"], "key").line,
    format: "yaml",
    ...(task.prompt !== undefined ? { prompt: toPromptSpec(task, task.prompt, evalFile) } : {}),
    agents: task.agents ?? [],
    ...trialCounts(task.trials, yamlTaskDefaults.trials),
    passRate: task.passRate ?? yamlTaskDefaults.passRate,
    sandbox: toSandboxSpec(task.sandbox, evalFile, projectRoot),
    setup: task.setup ?? [],
    shims: toShimSpecs(task.shims ?? {}),
    checks: toChecks(task.assertions ?? {}, sourceAt),
    timeoutMs: (task.timeout ?? yamlTaskDefaults.timeoutSeconds) * 1000,
    ...(task.maxCostUsd !== undefined ? { maxCostUsd: task.maxCostUsd } : {}),
    ...(task.model !== undefined ? { model: task.model } : {}),
    definitionHash: createHash("sha256").update(source.text).digest("hex"),
  };
}

function toPromptSpec(task: YamlTask, text: string, evalFile: string): PromptSpec {
  return { text, file: evalFile, params: { ...task.params }, secrets: task.secrets ?? [] };
}

function resolveSandboxDir(dir: string, evalFile: string, projectRoot: string): string {
  return resolveUserPath(dir, { evalFile, projectRoot });
}

function toSandboxSpec(
  sandbox: YamlSandbox | undefined,
  evalFile: string,
  projectRoot: string,
): SandboxSpec {
  if (sandbox?.template !== undefined) {
    return { kind: "template", dir: resolveSandboxDir(sandbox.template, evalFile, projectRoot) };
  }
  if (sandbox?.fixture !== undefined) return { kind: "fixture", files: { ...sandbox.fixture } };
  if (sandbox?.repo !== undefined) {
    const dir =
      sandbox.repo === true ? projectRoot : resolveSandboxDir(sandbox.repo, evalFile, projectRoot);
    return { kind: "repo", dir };
  }
  return { kind: "repo", dir: projectRoot };
}

function toShimSpecs(shims: Record<string, YamlShim>): Record<string, ShimSpec> {
  return Object.fromEntries(Object.entries(shims).map(([bin, shim]) => [bin, normalizeShim(shim)]));
}

type CommandCheck = NonNullable<YamlAssertions["commands"]>[number];
type TextCheck = NonNullable<YamlAssertions["contains"]>[number];

function pinnedPattern(pinned: Exclude<TextCheck, string>): Pattern {
  return pinned.matches !== undefined ? new RegExp(pinned.matches) : (pinned.text ?? "");
}

function commandCheck(command: CommandCheck): CheckSpec {
  if (typeof command === "string") {
    return { type: "succeeds", command, exitCode: yamlTaskDefaults.commandExitCode };
  }
  return {
    type: "succeeds",
    command: command.run,
    exitCode: command.exitCode ?? yamlTaskDefaults.commandExitCode,
  };
}

function containsCheck(item: TextCheck): CheckSpec {
  if (typeof item === "string") return { type: "changedFilesContain", text: item };
  return { type: "fileContains", path: item.file, pattern: pinnedPattern(item) };
}

function forbiddenCheck(item: TextCheck): CheckSpec {
  if (typeof item === "string") return { type: "changedFilesLack", text: item };
  return { type: "fileLacks", path: item.file, pattern: pinnedPattern(item) };
}

/** The YAML `workflow` block as a trajectory check. */
export function workflowCheck(workflow: z.output<typeof workflowSchema>): CheckSpec {
  return {
    type: "trajectory",
    mode: workflow.match_mode ?? "superset",
    expected: (workflow.expected_tools ?? []).map((t) => ({
      name: t.name,
      ...(t.args_contain ? { argsContain: t.args_contain } : {}),
      ...(t.after ? { after: t.after } : {}),
    })),
    forbidden: workflow.forbidden_tools ?? [],
  };
}

/** Checks in a fixed order: files, absent, commands, contains, forbidden, workflow. */
function toChecks(
  assertions: YamlAssertions,
  sourceAt: (keyPath: KeyPath) => SourceRef,
): CheckSpec[] {
  const from = <T>(
    key: keyof YamlAssertions,
    items: T[] | undefined,
    toCheck: (item: T) => CheckSpec,
  ) =>
    (items ?? []).map((item, index) => ({
      ...toCheck(item),
      source: sourceAt(["assertions", key, index]),
    }));
  return [
    ...from("files", assertions.files, (p): CheckSpec => ({ type: "fileExists", path: p })),
    ...from("absent", assertions.absent, (p): CheckSpec => ({ type: "fileAbsent", path: p })),
    ...from("commands", assertions.commands, commandCheck),
    ...from("contains", assertions.contains, containsCheck),
    ...from("forbidden", assertions.forbidden, forbiddenCheck),
    ...(assertions.workflow
      ? [{ ...workflowCheck(assertions.workflow), source: sourceAt(["assertions", "workflow"]) }]
      : []),
  ];
}
