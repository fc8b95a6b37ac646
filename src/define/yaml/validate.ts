// Validates a parsed YAML eval file against a zod schema and words each zod issue as a
// DefinitionProblem: placed on the offending key, with a fix read from the schema's descriptions,
// a "did you mean" for misspelt keys, the direct fix of the common slips (a number in quotes, a
// bare value where a list goes), and the AE code a refinement's hint names. One implementation for
// every root schema (YAML tasks, skill/command and hook evals), and for a TypeScript definition's
// options (wordIssues: placed by its caller, worded in TypeScript's terms).

import { isMap, isSeq } from "yaml";
import * as z from "zod/mini";
import { Codes, DefinitionError, type DefinitionProblem } from "../../model/index.js";
import type { IssueHint } from "./schema.js";
import { formatKeyPath, keyText, problemAt, type KeyPath, type YamlSource } from "./source.js";

type Issue = z.core.$ZodIssue;

/** Puts a worded problem on the key at `keyPath` (of its key when `at` is "key"). */
export type PlaceProblem = (
  keyPath: KeyPath,
  fields: Pick<DefinitionProblem, "code" | "message" | "fix">,
  at?: "key" | "value",
) => DefinitionProblem;

/** The words for kinds of values: a YAML file's, or a TypeScript definition's. */
export type Dialect = "yaml" | "ts";

/** What every issue is worded against: the root schema it was checked with, where problems go. */
interface Scope {
  root: Schema;
  place: PlaceProblem;
  dialect: Dialect;
}

type Schema = z.core.$ZodType;

/** The source's data as `root` parses it; throws DefinitionError with every problem, by position. */
export function validateWithSchema<S extends Schema>(source: YamlSource, root: S): z.output<S> {
  const result = z.safeParse(root, source.data, { reportInput: true });
  const problems = [
    ...prototypeKeyProblems(source),
    ...wordIssues(root, result.error?.issues ?? [], (keyPath, fields, at) =>
      problemAt(source, keyPath, fields, at),
    ),
  ];
  if (result.success && problems.length === 0) return result.data;
  throw new DefinitionError(sortByPosition(dedupe(problems)));
}

/**
 * zod's issues (from a parse with `reportInput: true`) as problems: each worded, with its fix, and
 * put where `place` says. In the `ts` dialect, kinds of values are an array, an object, a string.
 */
export function wordIssues(
  root: Schema,
  issues: readonly Issue[],
  place: PlaceProblem,
  dialect: Dialect = "yaml",
): DefinitionProblem[] {
  const scope: Scope = { root, place, dialect };
  return dedupe(issues.flatMap((issue) => problemsFromIssue(scope, issue)));
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
    problemAt(
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

function problemsFromIssue(scope: Scope, issue: Issue): DefinitionProblem[] {
  switch (issue.code) {
    case "unrecognized_keys": // `__proto__` keys are reported by prototypeKeyProblems
      return issue.keys
        .filter((key) => key !== "__proto__")
        .map((key) => unknownKeyProblem(scope, issue.path, key));
    case "invalid_key":
      return [invalidKeyProblem(scope, issue)];
    case "custom":
      return [customProblem(scope, issue)];
    case "invalid_union":
      return wrongFormProblems(scope, issue);
    default:
      return [schemaProblem(scope, issue)];
  }
}

function unknownKeyProblem(
  { place, root }: Scope,
  objectPath: KeyPath,
  key: string,
): DefinitionProblem {
  const known = knownKeysAt(root, objectPath);
  const suggestion = closestKey(key, known);
  const fix = suggestion
    ? `did you mean \`${suggestion}\`?`
    : `remove it; the keys allowed here are ${known.map((k) => `\`${k}\``).join(", ")}`;
  return place(
    [...objectPath, key],
    { code: Codes.unknownKey, message: `unknown key \`${key}\``, fix },
    "key",
  );
}

function invalidKeyProblem(
  { place, root }: Scope,
  issue: Extract<Issue, { code: "invalid_key" }>,
): DefinitionProblem {
  const inner = issue.issues[0];
  const name = String(issue.path[issue.path.length - 1]);
  const hint = inner ? issueHint(inner) : undefined;
  const keyDescription = describeSchema(recordKeySchemaAt(root, issue.path.slice(0, -1)));
  return place(
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
  { place, root }: Scope,
  issue: Extract<Issue, { code: "custom" }>,
): DefinitionProblem {
  const hint = issueHint(issue);
  return place(issue.path, {
    code: hint?.code ?? Codes.schema,
    message: issue.message,
    fix: hint?.fix ?? fixFromDescription(root, issue.path),
  });
}

/** The issues of the one union branch the value was evidently meant for, if there is one. */
function intendedBranchIssues(
  issue: Extract<Issue, { code: "invalid_union" }>,
): Issue[] | undefined {
  let meant = issue.errors.filter((branch) => !branch.every(isRootMismatch));
  // Objects of several forms (`{ template }`, `{ fixture }`…): the one form that knows every key
  // given was meant.
  if (meant.length > 1) meant = meant.filter((branch) => !branch.some(isRootUnknownKey));
  if (meant.length !== 1 || !meant[0]) return undefined;
  return meant[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as Issue);
}

function isRootUnknownKey(issue: Issue): boolean {
  return issue.path.length === 0 && issue.code === "unrecognized_keys";
}

function isRootMismatch(issue: Issue): boolean {
  return (
    issue.path.length === 0 && (issue.code === "invalid_type" || issue.code === "invalid_value")
  );
}

function wrongFormProblems(
  scope: Scope,
  issue: Extract<Issue, { code: "invalid_union" }>,
): DefinitionProblem[] {
  const { place, root } = scope;
  const branchIssues = intendedBranchIssues(issue);
  if (branchIssues) return branchIssues.flatMap((inner) => problemsFromIssue(scope, inner));
  // A number in quotes, or a fraction, where one form is a whole number: that form was meant.
  const numeric = issue.errors
    .flat()
    .find(
      (inner) =>
        inner.path.length === 0 &&
        (numberInQuotes(inner) ||
          (inner.code === "invalid_type" &&
            inner.expected === "int" &&
            typeof inner.input === "number")),
    );
  if (numeric) return [schemaProblem(scope, { ...numeric, path: issue.path } as Issue)];
  const discriminator = (issue as { discriminator?: string }).discriminator;
  if (discriminator) {
    // A discriminated union whose `type:` (say) names no branch; zod ends the path with that key.
    const at = issue.path.at(-1) === discriminator ? issue.path.slice(0, -1) : issue.path;
    const allowed = discriminatorValues(schemaAt(root, at), discriminator).join(", ");
    return [
      place([...at, discriminator], {
        code: Codes.schema,
        message: `\`${discriminator}\` must be one of ${allowed}`,
        fix: `set \`${discriminator}\` to one of ${allowed}`,
      }),
    ];
  }
  return [
    place(issue.path, {
      code: Codes.schema,
      message: `has none of the allowed forms (got ${describeValue(issue.input, scope.dialect)})`,
      fix: fixFromDescription(root, issue.path),
    }),
  ];
}

function schemaProblem({ place, root, dialect }: Scope, issue: Issue): DefinitionProblem {
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  if (missing) {
    const description = describeSchema(schemaAt(root, issue.path));
    return place(issue.path, {
      code: Codes.schema,
      message: `the required key \`${formatKeyPath(issue.path)}\` is missing`,
      fix: `add \`${String(issue.path[issue.path.length - 1])}:\`${description ? ` with ${asFixText(description)}` : ""}`,
    });
  }
  const slip = slipFix(root, issue, dialect);
  const description = describeSchema(schemaAt(root, issue.path));
  return place(issue.path, {
    code: Codes.schema,
    message: describeIssue(issue, dialect),
    fix: slip
      ? `${slip}${description ? `; \`${formatKeyPath(issue.path)}\` takes ${asFixText(description)}` : ""}`
      : fixFromDescription(root, issue.path),
  });
}

/** A number written as text: `trials: "3"`. */
function numberInQuotes(issue: Issue): boolean {
  return (
    issue.code === "invalid_type" &&
    (issue.expected === "number" || issue.expected === "int") &&
    typeof issue.input === "string" &&
    issue.input.trim() !== "" &&
    Number.isFinite(Number(issue.input))
  );
}

/**
 * The direct fix of a common slip, written out: a number in quotes (`trials: 3`), a number where
 * text goes (`model: "3"`), one value where a list goes (`setup: ["npm ci"]`).
 */
function slipFix(root: Schema, issue: Issue, dialect: Dialect): string | undefined {
  if (issue.code !== "invalid_type") return undefined;
  const last = issue.path.at(-1);
  const as = (value: string) =>
    typeof last === "string" ? `\`${last}: ${value}\`` : `\`${value}\``;
  if (numberInQuotes(issue)) return `drop the quotes: ${as(String(Number(issue.input)))}`;
  if (
    issue.expected === "string" &&
    (typeof issue.input === "number" || typeof issue.input === "boolean")
  )
    return `quote it: ${as(JSON.stringify(String(issue.input)))}`;
  if (issue.expected === "array" && issue.input !== null && typeof issue.input !== "object") {
    const element = schemaChild(schemaAt(root, issue.path) ?? root, 0);
    if (element && z.safeParse(element, issue.input).success)
      return `make it ${dialect === "ts" ? "an array" : "a list"}: ${as(`[${JSON.stringify(issue.input)}]`)}`;
  }
  return undefined;
}

const TYPE_NAMES: Record<Dialect, Record<string, string>> = {
  yaml: {
    string: "text",
    number: "a number",
    int: "an integer",
    boolean: "true or false",
    array: "a list",
    object: "a mapping",
    record: "a mapping",
  },
  ts: {
    string: "a string",
    number: "a number",
    int: "an integer",
    boolean: "true or false",
    array: "an array",
    object: "an object",
    record: "an object",
  },
};

/** Plain wording for zod's common issues; zod's own message for the rest. */
function describeIssue(issue: Issue, dialect: Dialect): string {
  switch (issue.code) {
    case "invalid_type":
      return `expected ${TYPE_NAMES[dialect][issue.expected] ?? issue.expected}, got ${describeValue(issue.input, dialect)}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "must not be empty";
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${issue.minimum}${unitOf(issue.origin)} (got ${describeValue(issue.input, dialect)})`;
    case "too_big":
      return `must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}${unitOf(issue.origin)} (got ${describeValue(issue.input, dialect)})`;
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

function describeValue(value: unknown, dialect: Dialect): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return TYPE_NAMES[dialect].array!;
  if (value instanceof Uint8Array) return "binary data";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") return TYPE_NAMES[dialect].object!;
  const shown = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

/** A schema description made to continue a sentence: lower-case start, no final period. */
function asFixText(description: string): string {
  return (description.charAt(0).toLowerCase() + description.slice(1)).replace(/\.$/, "");
}

function fixFromDescription(root: Schema, keyPath: KeyPath): string {
  const description = describeSchema(schemaAt(root, keyPath));
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
function unwrap(schema: Schema): Schema {
  let current = schema;
  while (
    current instanceof z.core.$ZodOptional ||
    current instanceof z.core.$ZodNullable ||
    current instanceof z.core.$ZodDefault
  ) {
    current = current._zod.def.innerType;
  }
  return current;
}

function schemaChild(schema: Schema, segment: PropertyKey): Schema | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.core.$ZodObject) return inner._zod.def.shape[String(segment)];
  if (inner instanceof z.core.$ZodArray)
    return typeof segment === "number" ? inner._zod.def.element : undefined;
  if (inner instanceof z.core.$ZodRecord) return inner._zod.def.valueType;
  if (inner instanceof z.core.$ZodUnion) {
    for (const option of inner._zod.def.options) {
      const child = schemaChild(option, segment);
      if (child) return child;
    }
  }
  return undefined;
}

function schemaAt(root: Schema, keyPath: KeyPath): Schema | undefined {
  let schema: Schema | undefined = root;
  for (const segment of keyPath) {
    if (!schema) return undefined;
    schema = schemaChild(schema, segment);
  }
  return schema;
}

function recordKeySchemaAt(root: Schema, keyPath: KeyPath): Schema | undefined {
  const schema = schemaAt(root, keyPath);
  const inner = schema && unwrap(schema);
  return inner instanceof z.core.$ZodRecord ? inner._zod.def.keyType : undefined;
}

/** The description registered for `schema` (or the schema it wraps) in zod's global registry. */
function describeSchema(schema: Schema | undefined): string | undefined {
  let current = schema;
  while (current) {
    const description = z.globalRegistry.get(current)?.description;
    if (description) return description;
    const inner = unwrap(current);
    if (inner === current) return undefined;
    current = inner;
  }
  return undefined;
}

/** The schema's forms: a union's options, else the schema itself (wrappers stripped). */
function formsOf(schema: Schema): Schema[] {
  const inner = unwrap(schema);
  return inner instanceof z.core.$ZodUnion ? inner._zod.def.options.map(unwrap) : [inner];
}

/** Keys the mapping at `objectPath` may have, each once (union options share some). */
function knownKeysAt(root: Schema, objectPath: KeyPath): string[] {
  const schema = schemaAt(root, objectPath);
  if (!schema) return [];
  const keys = formsOf(schema).flatMap((option) =>
    option instanceof z.core.$ZodObject ? Object.keys(option._zod.def.shape) : [],
  );
  return [...new Set(keys)];
}

/** The `key` literals that pick a discriminated union's options. */
function discriminatorValues(schema: Schema | undefined, key: string): string[] {
  if (!schema) return [];
  return formsOf(schema).flatMap((option) => {
    const literal = option instanceof z.core.$ZodObject ? option._zod.def.shape[key] : undefined;
    return literal instanceof z.core.$ZodLiteral ? [...literal._zod.values].map(String) : [];
  });
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
