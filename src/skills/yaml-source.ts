// Parses a skill/command/hook eval file and turns zod issues into problems that name the file,
// the line and column of the offending key, the key path and the fix — the same shape and codes
// (AE101 syntax, AE102 value, AE103 unknown key, AE104 nothing checked, …) as YAML tasks.

import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from "yaml";
import { z } from "zod";
import { Codes, DefinitionError, type DefinitionProblem } from "../model/errors.js";
import type { IssueHint } from "../define/schema.js";
import { formatKeyPath } from "../define/yaml.js";

type KeyPath = readonly PropertyKey[];
type Issue = z.core.$ZodIssue;

export interface YamlSource {
  file: string;
  text: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

/** Parses the text; throws DefinitionError (AE101/AE102) when it is not a YAML mapping. */
export function parseSource(file: string, text: string): YamlSource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new DefinitionError(
      doc.errors.map((error) => ({
        file,
        ...position(lines, error.pos[0]),
        code: Codes.yamlSyntax,
        message: `YAML syntax error: ${error.message.split("\n")[0] ?? error.message}`,
        fix: "check the indentation and that each `key: value` has a space after the colon",
      })),
    );
  }
  if (!isMap(doc.contents)) {
    throw new DefinitionError([
      {
        file,
        line: 1,
        code: Codes.schema,
        message: "the top level is not a mapping of keys",
        fix: "write the eval as `key: value` lines starting with `name:`, `type:` and `target:`",
      },
    ]);
  }
  return { file, text, doc, lines, data: doc.toJS({ maxAliasCount: 100 }) };
}

/** The data validated by `schema`, or a DefinitionError with every problem, sorted by line. */
export function validate<S extends z.ZodType>(source: YamlSource, schema: S): z.output<S> {
  const result = schema.safeParse(source.data, { reportInput: true });
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) => toProblems(source, schema, issue));
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const id = `${p.line}:${p.column}:${p.key}:${p.message}`;
    return seen.has(id) ? false : (seen.add(id), true);
  });
  unique.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  throw new DefinitionError(unique);
}

/** A problem at `keyPath` (its key's position when `at` is "key"). */
export function problemAt(
  source: YamlSource,
  keyPath: KeyPath,
  fields: Pick<DefinitionProblem, "code" | "message" | "fix">,
  at: "key" | "value" = "value",
): DefinitionProblem {
  return {
    file: source.file,
    ...lineOf(source, keyPath, at),
    ...(keyPath.length ? { key: formatKeyPath(keyPath) } : {}),
    ...fields,
  };
}

/** 1-based line and column of the node at `keyPath` (the nearest ancestor when it is missing). */
export function lineOf(
  source: YamlSource,
  keyPath: KeyPath,
  at: "key" | "value" = "value",
): { line: number; column: number } {
  let node: unknown = source.doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, segment] of keyPath.entries()) {
    const child = childAt(node, segment);
    if (!child) break;
    const last = index === keyPath.length - 1;
    const useValue = child.key === undefined || (last && at === "value" && isScalar(child.value));
    offset = rangeStart(useValue ? child.value : child.key) ?? offset;
    node = child.value;
  }
  return position(source.lines, offset);
}

function position(lines: LineCounter, offset: number): { line: number; column: number } {
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

function rangeStart(node: unknown): number | undefined {
  if (typeof node !== "object" || node === null || !("range" in node)) return undefined;
  return (node as { range?: [number, number, number] | null }).range?.[0];
}

function childAt(
  node: unknown,
  segment: PropertyKey,
): { key?: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find(
      (p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(segment),
    );
    return pair ? { key: pair.key, value: pair.value } : undefined;
  }
  if (isSeq(node) && typeof segment === "number") {
    return segment < node.items.length ? { value: node.items[segment] } : undefined;
  }
  return undefined;
}

// ---------- issues → problems ----------

function toProblems(source: YamlSource, root: z.ZodType, issue: Issue): DefinitionProblem[] {
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => {
        const known = knownKeys(schemaAt(root, issue.path));
        const near = closest(key, known);
        return problemAt(
          source,
          [...issue.path, key],
          {
            code: Codes.unknownKey,
            message: `unknown key \`${key}\``,
            fix: near
              ? `did you mean \`${near}\`?`
              : `remove it; the keys allowed here are ${known.map((k) => `\`${k}\``).join(", ")}`,
          },
          "key",
        );
      });
    case "custom": {
      const params = issue.params as Partial<IssueHint> | undefined;
      return [
        problemAt(source, issue.path, {
          code: typeof params?.code === "string" ? params.code : Codes.schema,
          message: issue.message,
          fix: typeof params?.fix === "string" ? params.fix : fixFor(root, issue.path),
        }),
      ];
    }
    case "invalid_union": {
      // The one branch the value was evidently meant for (its type matched), if there is one.
      const meant = issue.errors.filter(
        (branch) =>
          !branch.every(
            (i) => i.path.length === 0 && (i.code === "invalid_type" || i.code === "invalid_value"),
          ),
      );
      if (meant.length === 1 && meant[0]) {
        return meant[0].flatMap((inner) =>
          toProblems(source, root, { ...inner, path: [...issue.path, ...inner.path] } as Issue),
        );
      }
      const discriminator = (issue as { discriminator?: string }).discriminator;
      if (discriminator) {
        // zod puts the discriminator's key at the end of the path already.
        const at = issue.path.at(-1) === discriminator ? issue.path.slice(0, -1) : issue.path;
        const allowed = discriminatorValues(schemaAt(root, at), discriminator);
        return [
          problemAt(source, [...at, discriminator], {
            code: Codes.schema,
            message: `\`${discriminator}\` must be one of ${allowed.join(", ")}`,
            fix: `set \`${discriminator}\` to one of ${allowed.join(", ")}`,
          }),
        ];
      }
      return [
        problemAt(source, issue.path, {
          code: Codes.schema,
          message: `has none of the allowed forms (got ${describe(issue.input)})`,
          fix: fixFor(root, issue.path),
        }),
      ];
    }
    case "invalid_type":
      if (issue.input === undefined) {
        const name = String(issue.path[issue.path.length - 1]);
        const description = describeSchema(schemaAt(root, issue.path));
        return [
          problemAt(source, issue.path, {
            code: Codes.schema,
            message: `the required key \`${formatKeyPath(issue.path)}\` is missing`,
            fix: `add \`${name}:\`${description ? ` with ${lowerFirst(description)}` : ""}`,
          }),
        ];
      }
      return [
        problemAt(source, issue.path, {
          code: Codes.schema,
          message: `expected ${issue.expected}, got ${describe(issue.input)}`,
          fix: fixFor(root, issue.path),
        }),
      ];
    default:
      return [
        problemAt(source, issue.path, {
          code: Codes.schema,
          message: issue.message.replace(/^Invalid input: /, ""),
          fix: fixFor(root, issue.path),
        }),
      ];
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const shown = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

function lowerFirst(text: string): string {
  return (text.charAt(0).toLowerCase() + text.slice(1)).replace(/\.$/, "");
}

function fixFor(root: z.ZodType, keyPath: KeyPath): string {
  const description = describeSchema(schemaAt(root, keyPath));
  const key = formatKeyPath(keyPath);
  return description ? `set \`${key}\` to ${lowerFirst(description)}` : `correct \`${key}\``;
}

// ---------- reading the schema (for fixes and suggestions) ----------

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap() as z.ZodType;
  }
  return current;
}

function options(schema: z.ZodType): z.ZodType[] {
  const inner = unwrap(schema);
  return inner instanceof z.ZodUnion ? (inner.options as z.ZodType[]).map(unwrap) : [inner];
}

function schemaAt(root: z.ZodType, keyPath: KeyPath): z.ZodType | undefined {
  let schema: z.ZodType | undefined = root;
  for (const segment of keyPath) {
    if (!schema) return undefined;
    let next: z.ZodType | undefined;
    for (const option of options(schema)) {
      if (option instanceof z.ZodObject)
        next = (option.shape as Record<string, z.ZodType>)[String(segment)];
      else if (option instanceof z.ZodArray && typeof segment === "number")
        next = option.element as z.ZodType;
      else if (option instanceof z.ZodRecord) next = option.valueType as z.ZodType;
      if (next) break;
    }
    schema = next;
  }
  return schema;
}

function knownKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const keys = options(schema).flatMap((o) =>
    o instanceof z.ZodObject ? Object.keys(o.shape) : [],
  );
  return [...new Set(keys)];
}

function discriminatorValues(schema: z.ZodType | undefined, key: string): string[] {
  if (!schema) return [];
  return options(schema).flatMap((o) => {
    const literal =
      o instanceof z.ZodObject ? (o.shape as Record<string, z.ZodType>)[key] : undefined;
    return literal instanceof z.ZodLiteral ? [...literal.values].map(String) : [];
  });
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

function closest(key: string, known: string[]): string | undefined {
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
      const swap = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, swap);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
