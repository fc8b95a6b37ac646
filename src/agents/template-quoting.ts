// Where a command template's `{prompt}` sits, as bash will parse it. The prompt goes in as one
// single-quoted word, which is plain text only where the shell reads a new word: unquoted, at the
// top level (bare, or glued to other unquoted text as in `--prompt={prompt}`). Inside '…' the
// inserted quotes close the template's quotes and the prompt's `$(…)` runs; inside "…", `…` and
// $(…) single quotes are not quotes at all; after `\` or `$` the first quote changes meaning; in a
// comment or a here-document a newline in the prompt starts a command. So every other place is
// refused, and anything this scanner cannot follow (a here-document) makes later ones refused too.

export const PLACEHOLDER = "{prompt}";

type Frame =
  | { kind: "single" | "double" | "ansi" | "backtick" | "brace" }
  | { kind: "subst" | "arith"; depth: number }
  | { kind: "test" };

const FRAME_NAMES: Record<Frame["kind"], string> = {
  single: "single quotes '…'",
  double: 'double quotes "…"',
  ansi: "$'…' quotes",
  backtick: "backticks `…`",
  brace: "${…}",
  subst: "$(…)",
  arith: "arithmetic ((…))",
  test: "[[ … ]]",
};

/** Characters after which a `#` or `[[`/`((` starts a new word (a comment, a compound command). */
const WORD_BREAK = /[\s;&|()<>]/;

/**
 * Why a `{prompt}` in this template would not be a plain word, naming the first such place (e.g.
 * "inside double quotes "…""), or undefined when every `{prompt}` is safe.
 */
export function unsafePlaceholder(template: string): string | undefined {
  return scanTemplate(template).unsafe;
}

/**
 * Why arguments appended to this template (each a single-quoted word, as `{prompt}` is) would not
 * all reach its one program, or undefined when they would: its end is not a plain word position
 * (inside quotes, a comment, a here-document), or it runs more than one command (`;`, `&&`, `|`,
 * `&`, a newline or a subshell at the top level), where they would go to the last one only.
 */
export function appendedArgsProblem(template: string): string | undefined {
  const end = scanTemplate(`${template} ${PLACEHOLDER}`).unsafe;
  if (end) return `ends ${end}`;
  const operator = scanTemplate(template).operator;
  if (operator) return `runs more than one command (${operator} at its top level)`;
  return undefined;
}

/** The template as bash reads it: where a `{prompt}` is unsafe, and its first top-level operator. */
function scanTemplate(template: string): { unsafe?: string; operator?: string } {
  let operator: string | undefined;
  const unsafe = scan();
  return { ...(unsafe ? { unsafe } : {}), ...(operator ? { operator } : {}) };

  /** `;`, `&`, `|`, a newline, `(` or `)` that separates commands (not `2>&1`, `&>`, `>|`). */
  function isControlOperator(i: number): boolean {
    const c = template[i]!;
    const before = template[i - 1];
    if (c === ";" || c === "\n" || c === "(" || c === ")") return true;
    if (c === "&") return before !== ">" && before !== "<" && template[i + 1] !== ">";
    if (c === "|") return before !== ">";
    return false;
  }

  function scan(): string | undefined {
    const stack: Frame[] = [];
    let opaque: string | undefined; // set once the scanner can no longer tell the context
    const top = () => stack[stack.length - 1];
    const at = (i: number, text: string) => template.startsWith(text, i);
    const wordStart = (i: number) => i === 0 || WORD_BREAK.test(template[i - 1]!);
    const accepted = new Set<number>();

    for (let i = 0; i < template.length;) {
      if (at(i, PLACEHOLDER)) {
        const frame = top();
        if (opaque) return `after ${opaque}`;
        if (frame) return `inside ${FRAME_NAMES[frame.kind]}`;
        accepted.add(i);
        i += PLACEHOLDER.length; // becomes one complete quoted word
        continue;
      }
      const c = template[i]!;
      const frame = top();
      const kind = frame?.kind;

      if (kind === "single") {
        if (c === "'") stack.pop();
        i++;
        continue;
      }
      if (kind === "ansi" || kind === "double" || kind === "backtick") {
        if (c === "\\") {
          if (at(i + 1, PLACEHOLDER)) return `inside ${FRAME_NAMES[kind]}`;
          i += 2;
          continue;
        }
        if (kind === "ansi" && c === "'") stack.pop();
        else if (kind === "backtick" && c === "`") stack.pop();
        else if (kind === "double" && c === '"') stack.pop();
        else if (kind === "double" && c === "$") {
          const opened = openDollar(i);
          if (opened) {
            stack.push(opened.frame);
            i += opened.length;
            continue;
          }
        } else if (kind === "double" && c === "`") stack.push({ kind: "backtick" });
        i++;
        continue;
      }

      // Unquoted text: the top level, or inside $(…), ${…}, ((…)), [[ … ]].
      if (!frame && operator === undefined && isControlOperator(i))
        operator = c === "\n" ? "a newline" : `\`${c}\``;
      if (c === "\\") {
        if (at(i + 1, PLACEHOLDER)) return "right after a backslash";
        i += 2;
        continue;
      }
      if (c === "$") {
        if (at(i + 1, PLACEHOLDER)) return "right after a `$`";
        const opened = openDollar(i);
        if (opened) {
          stack.push(opened.frame);
          i += opened.length;
          continue;
        }
        i++;
        continue;
      }
      if (c === "'") stack.push({ kind: "single" });
      else if (c === '"') stack.push({ kind: "double" });
      else if (c === "`") stack.push({ kind: "backtick" });
      else if (c === "#" && wordStart(i)) {
        const end = template.indexOf("\n", i);
        const comment = template.slice(i, end === -1 ? undefined : end);
        if (comment.includes(PLACEHOLDER)) return "inside a # comment";
        i += comment.length;
        continue;
      } else if (at(i, "<<<")) {
        i += 3; // a here-string: its word is an ordinary word
        continue;
      } else if (at(i, "<<") && kind !== "arith") {
        opaque = "a here-document <<";
        i += 2;
        continue;
      } else if (kind === "brace" && c === "}") stack.pop();
      else if (kind === "test" && at(i, "]]") && wordStart(i)) {
        stack.pop();
        i += 2;
        continue;
      } else if (kind !== "brace" && at(i, "[[") && wordStart(i)) {
        stack.push({ kind: "test" });
        i += 2;
        continue;
      } else if (kind !== "brace" && at(i, "((") && wordStart(i)) {
        stack.push({ kind: "arith", depth: 2 });
        i += 2;
        continue;
      } else if (frame && "depth" in frame && c === "(") frame.depth++;
      else if (frame && "depth" in frame && c === ")" && --frame.depth === 0) stack.pop();
      i++;
    }
    // Every {prompt} the substitution will replace must have been read above as a word of its own
    // (one skipped as an escaped character, say, was not).
    const all = template.split(PLACEHOLDER).slice(0, -1);
    let offset = 0;
    for (const before of all) {
      offset += before.length;
      if (!accepted.has(offset)) return "where agent-evals cannot tell how the shell reads it";
      offset += PLACEHOLDER.length;
    }
    return undefined;

    function openDollar(i: number): { frame: Frame; length: number } | undefined {
      if (at(i, "$((")) return { frame: { kind: "arith", depth: 2 }, length: 3 };
      if (at(i, "$(")) return { frame: { kind: "subst", depth: 1 }, length: 2 };
      if (at(i, "${")) return { frame: { kind: "brace" }, length: 2 };
      if (at(i, "$'") && top()?.kind !== "double") return { frame: { kind: "ansi" }, length: 2 };
      if (at(i, '$"') && top()?.kind !== "double") return { frame: { kind: "double" }, length: 2 };
      return undefined;
    }
  }
}
