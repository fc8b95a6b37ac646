// Validates a parsed YAML eval file against a zod schema and words each zod issue as a
// DefinitionProblem: placed on the offending key, with a fix read from the schema's descriptions,
// a "did you mean" for misspelt keys, and the AE code a refinement's hint names. One
// implementation for every root schema (YAML tasks, skill/command and hook evals).

import { isMap, isSeq } from "yaml";
import * as z from "zod/mini";
import { Codes, DefinitionError, type DefinitionProblem } from "../../model/index.js";
import type { IssueHint } from "./schema.js";
import { formatKeyPath, keyText, problemAt, type KeyPath, type YamlSource } from "./source.js";

type Issue = z.core.$ZodIssue;

/** What every issue is worded against: the parsed file and the root schema it was checked with. */
interface Scope {
  source: YamlSource;
  root: Schema;
}

type Schema = z.core.$ZodType;

/** The source's data as `root` parses it; throws DefinitionError with every problem, by position. */
export function validateWithSchema<S extends Schema>(source: YamlSource, root: S): z.output<S> {
  const result = z.safeParse(root, source.data, { reportInput: true });
  const scope: Scope = { source, root };
  const problems = [
    ...prototypeKeyProblems(source),
    ...(result.error?.issues ?? []).flatMap((issue) => problemsFromIssue(scope, issue)),
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
  { source, root }: Scope,
  objectPath: KeyPath,
  key: string,
): DefinitionProblem {
  const known = knownKeysAt(root, objectPath);
  const suggestion = closestKey(key, known);
  const fix = suggestion
    ? `did you mean \`${suggestion}\`?`
    : `remove it; the keys allowed here are ${known.map((k) => `\`${k}\``).join(", ")}`;
  return problemAt(
    source,
    [...objectPath, key],
    { code: Codes.unknownKey, message: `unknown key \`${key}\``, fix },
    "key",
  );
}

function invalidKeyProblem(
  { source, root }: Scope,
  issue: Extract<Issue, { code: "invalid_key" }>,
): DefinitionProblem {
  const inner = issue.issues[0];
  const name = String(issue.path[issue.path.length - 1]);
  const hint = inner ? issueHint(inner) : undefined;
  const keyDescription = describeSchema(recordKeySchemaAt(root, issue.path.slice(0, -1)));
  return problemAt(
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
  { source, root }: Scope,
  issue: Extract<Issue, { code: "custom" }>,
): DefinitionProblem {
  const hint = issueHint(issue);
  return problemAt(source, issue.path, {
    code: hint?.code ?? Codes.schema,
    message: issue.message,
    fix: hint?.fix ?? fixFromDescription(root, issue.path),
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
  scope: Scope,
  issue: Extract<Issue, { code: "invalid_union" }>,
): DefinitionProblem[] {
  const { source, root } = scope;
  const branchIssues = intendedBranchIssues(issue);
  if (branchIssues) return branchIssues.flatMap((inner) => problemsFromIssue(scope, inner));
  const discriminator = (issue as { discriminator?: string }).discriminator;
  if (discriminator) {
    // A discriminated union whose `type:` (say) names no branch; zod ends the path with that key.
    const at = issue.path.at(-1) === discriminator ? issue.path.slice(0, -1) : issue.path;
    const allowed = discriminatorValues(schemaAt(root, at), discriminator).join(", ");
    return [
      problemAt(source, [...at, discriminator], {
        code: Codes.schema,
        message: `\`${discriminator}\` must be one of ${allowed}`,
        fix: `set \`${discriminator}\` to one of ${allowed}`,
      }),
    ];
  }
  return [
    problemAt(source, issue.path, {
      code: Codes.schema,
      message: `has none of the allowed forms (got ${describeValue(issue.input)})`,
      fix: fixFromDescription(root, issue.path),
    }),
  ];
}

function schemaProblem({ source, root }: Scope, issue: Issue): DefinitionProblem {
  const missing = issue.code === "invalid_type" && issue.input === undefined;
  if (missing) {
    const description = describeSchema(schemaAt(root, issue.path));
    return problemAt(source, issue.path, {
      code: Codes.schema,
      message: `the required key \`${formatKeyPath(issue.path)}\` is missing`,
      fix: `add \`${String(issue.path[issue.path.length - 1])}:\`${description ? ` with ${asFixText(description)}` : ""}`,
    });
  }
  return problemAt(source, issue.path, {
    code: Codes.schema,
    message: describeIssue(issue),
    fix: fixFromDescription(root, issue.path),
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
