// Reads the text of one YAML eval file (a task, or a skill/command/hook eval) into a parsed
// source that knows where every key sits: syntax errors and a top level that is not a mapping
// become DefinitionProblems with file, line, column and fix; `locate`/`problemAt` place later
// problems on the key they are about. Validation against a schema is ./yaml-validate.ts.

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
import { Codes, DefinitionError, type DefinitionProblem } from "../../model/index.js";

/** Most YAML aliases one file may expand (guards against "billion laughs" documents). */
const MAX_ALIAS_COUNT = 100;

export type KeyPath = readonly PropertyKey[];

// ---------- parsing ----------

export interface YamlSource {
  file: string;
  text: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

/**
 * The parsed text, its top level a mapping. Throws DefinitionError listing every syntax error
 * (AE101), or the one problem with the top level; never throws anything else.
 */
export function parseYamlSource(file: string, text: string): YamlSource {
  return definitionErrorsOnly(file, () => parse(file, text));
}

function parse(file: string, text: string): YamlSource {
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

/** The text of a mapping key as the data has it. */
export function keyText(key: unknown): string {
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

/**
 * 1-based line and column of the node at `keyPath`: of its key when `at` is "key" or the value is
 * a collection, else of its value; the nearest ancestor's when the path leaves the document.
 */
export function locate(
  source: YamlSource,
  keyPath: KeyPath,
  at: "key" | "value" = "value",
): { line: number; column: number } {
  return positionOf(source.lines, offsetOf(source.doc, keyPath, at));
}

/** A problem about the node at `keyPath`, placed on it and naming its key path. */
export function problemAt(
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

/** `assertions.contains[0].file`, `shims["my tool"]`. */
export function formatKeyPath(keyPath: KeyPath): string {
  return keyPath.reduce<string>((out, segment) => {
    if (typeof segment === "number") return `${out}[${segment}]`;
    const name = String(segment);
    if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `${out}[${JSON.stringify(name)}]`;
    return out === "" ? name : `${out}.${name}`;
  }, "");
}

/** Runs `read`; anything it throws but a DefinitionError becomes one AE1xx "could not load" problem. */
export function definitionErrorsOnly<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    throw new DefinitionError([unexpectedFailure(file, error)]);
  }
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
