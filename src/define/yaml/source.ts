// Reads the text of one YAML eval file (a task, or a skill/command/hook eval) into a parsed
// source that knows where every key sits: syntax errors (placed at the unclosed `[`, `{` or quote,
// or the misindented line, not where the parser noticed) and a top level that is not a mapping
// become DefinitionProblems with file, line, column and fix; `locate`/`problemAt` place later
// problems on the key they are about. Validation against a schema is ./yaml-validate.ts.

import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  Parser,
  visit,
  type CST,
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
  if (doc.errors.length > 0) throw new DefinitionError(syntaxProblems(file, text, doc, lines));
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

/** Every syntax error of the document, each once, placed where the author must look. */
function syntaxProblems(
  file: string,
  text: string,
  doc: Document,
  lines: LineCounter,
): DefinitionProblem[] {
  const openings = new Openings(text, doc.errors);
  const seen = new Set<string>();
  const problems: DefinitionProblem[] = [];
  for (const error of doc.errors) {
    const { offset, message, fix } = openings.explain(error) ?? {
      offset: error.pos[0],
      message: firstLine(error.message),
      fix: SYNTAX_FIXES[error.code] ?? DEFAULT_SYNTAX_FIX,
    };
    const position = lines.linePos(offset);
    const keyPath = error.code === "MULTIPLE_DOCS" ? [] : keyPathBefore(doc, doc.contents, offset);
    const problem: DefinitionProblem = {
      file,
      line: position.line,
      column: position.col,
      ...(keyPath.length > 0 ? { key: formatKeyPath(keyPath) } : {}),
      code: Codes.yamlSyntax,
      message: `YAML syntax error: ${message}`,
      fix,
    };
    // One mistake can make the parser say several things at one place: say it once.
    const key = `${problem.line}:${problem.column}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

/**
 * Where the mistake behind a syntax error starts. The parser notices an unclosed `[`, `{` or quote
 * only where the text ends or the indentation drops, lines below the opening; and a line indented
 * too deep only at the value on the line above it. From the parser's tokens, this finds the
 * opening (or the deeper line), and says what is wrong there in the author's words.
 */
class Openings {
  private readonly unclosedFlows: CST.FlowCollection[] = [];
  private readonly quoted: CST.FlowScalar[] = [];
  private readonly used = new Set<CST.FlowCollection>();

  constructor(
    private readonly text: string,
    private readonly errors: readonly YAMLError[],
  ) {
    for (const token of new Parser().parse(text)) {
      walkTokens(token, (t) => {
        if (t.type === "flow-collection") {
          const close = t.start.source === "[" ? "]" : "}";
          if (!t.end.some((end) => end.source === close)) this.unclosedFlows.push(t);
        } else if (t.type === "double-quoted-scalar" || t.type === "single-quoted-scalar") {
          this.quoted.push(t);
        }
      });
    }
  }

  explain(error: YAMLError): { offset: number; message: string; fix: string } | undefined {
    const at = error.pos[0];
    if (/^Flow (sequence|map)\b/.test(error.message)) {
      // The innermost unclosed collection opened before the error that no earlier error named.
      const flow = this.unclosedFlows
        .filter((f) => f.start.offset < at && !this.used.has(f))
        .sort((a, b) => b.start.offset - a.start.offset)[0];
      if (!flow) return undefined;
      this.used.add(flow);
      const list = flow.start.source === "[";
      const [open, close, what] = list ? ["[", "]", "list"] : ["{", "}", "mapping"];
      return {
        offset: flow.start.offset,
        message: `the \`${open}\` here is never closed: no \`${close}\` ends the ${what} (or a line after it is not indented deeper than its key)`,
        fix: `end the ${what} with \`${close}\`, indent its next lines deeper than its key, or write it as ${list ? "`- item` lines" : "`key: value` lines"}`,
      };
    }
    if (error.code === "MISSING_CHAR" && /^Missing closing .quote/.test(error.message)) {
      const scalar = this.quoted
        .filter((q) => q.offset <= at && at <= q.offset + q.source.length)
        .sort((a, b) => b.offset - a.offset)[0];
      if (!scalar) return undefined;
      const quote = scalar.type === "double-quoted-scalar" ? '"' : "'";
      return {
        offset: scalar.offset,
        message: `the ${quote} here is never closed: the rest of the file was read as its value`,
        fix: `add the closing ${quote} where the value ends (a quoted value may span lines, so nothing else stops it)`,
      };
    }
    if (error.code === "BLOCK_AS_IMPLICIT_KEY" || error.code === "MULTILINE_IMPLICIT_KEY") {
      // `prompt: hi` then `  there: x`: the deeper line is read as continuing `hi` into a key.
      const multiline = this.errors.find(
        (e) =>
          e.code === "MULTILINE_IMPLICIT_KEY" &&
          e.pos[0] === at &&
          this.text.slice(at, e.pos[1]).includes("\n"),
      );
      if (multiline)
        return {
          offset: lineContentStart(this.text, multiline.pos[1]),
          message:
            "this line is indented deeper than the one above it, whose key already has a value: YAML reads it as part of that value",
          fix: "line it up with the keys around it (indentation is nesting in YAML); if it belongs to the value above, quote that value or write it as a `|` block",
        };
    }
    if (error.code === "BLOCK_AS_IMPLICIT_KEY" && /^Nested mappings/.test(error.message)) {
      // `prompt: a: b`: the second `: ` starts a key on a line whose key has its value.
      return {
        offset: at,
        message:
          "this value holds `: ` (a colon and a space), which YAML reads as the start of another key",
        fix: 'quote the value (prompt: "a: b"), or write it as a `|` block on the lines below',
      };
    }
    if (error.code === "BAD_INDENT" && /^All mapping items/.test(error.message)) {
      return {
        offset: lineContentStart(this.text, at),
        message: "this key is not lined up with the keys before it in the same mapping",
        fix: "indent it exactly as far as the keys it belongs with (indentation is nesting in YAML)",
      };
    }
    return undefined;
  }
}

/** Calls `visit` on every token under `token` (the parser's tokens are plain data, no cycles). */
function walkTokens(token: unknown, visit: (token: CST.Token) => void): void {
  if (Array.isArray(token)) {
    for (const item of token) walkTokens(item, visit);
    return;
  }
  if (typeof token !== "object" || token === null) return;
  if ("type" in token) visit(token as CST.Token);
  for (const value of Object.values(token)) if (typeof value === "object") walkTokens(value, visit);
}

/** The offset of the first character that is not a space on the line holding `offset`. */
function lineContentStart(text: string, offset: number): number {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const first = lineStart + (/^[ \t]*/.exec(text.slice(lineStart))?.[0].length ?? 0);
  return first >= text.length || text[first] === "\n" || text[first] === "\r" ? offset : first;
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
