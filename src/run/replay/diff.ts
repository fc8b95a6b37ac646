// A line diff (jsdiff's `diffArrays`: Myers' O(ND) algorithm) and its rendering as unified-diff
// hunks, our own because jsdiff's patch text cannot clip a long line around where it differs: only
// the differing lines with a little context, long lines clipped, the whole capped so that a
// message stays readable.

import { diffArrays } from "diff";

export interface DiffLine {
  kind: " " | "-" | "+";
  text: string;
  /** 1-based line numbers in the old and new text (the side the line is on). */
  oldLine: number;
  newLine: number;
}

/** Past this many differences, the middle is shown as removed then added (no minimal diff). */
const MAX_EDITS = 2000;

/** The lines of `a` and `b` as kept, removed and added, in order (jsdiff's Myers diff). */
export function lineDiff(a: readonly string[], b: readonly string[]): DiffLine[] {
  const changes = diffArrays([...a], [...b], { maxEditLength: MAX_EDITS }) ?? [
    { value: [...a], removed: true, added: false, count: a.length },
    { value: [...b], removed: false, added: true, count: b.length },
  ];
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const change of changes) {
    for (const text of change.value) {
      if (change.added) out.push({ kind: "+", text, oldLine: i, newLine: ++j });
      else if (change.removed) out.push({ kind: "-", text, oldLine: ++i, newLine: j });
      else out.push({ kind: " ", text, oldLine: ++i, newLine: ++j });
    }
  }
  return out;
}

export interface HunkOptions {
  /** Unchanged lines shown around each change (default 3). */
  context?: number;
  /** Lines of output at most, hunk headers included (default 120). */
  maxLines?: number;
  /** Characters of a line at most (default 200): a longer one is clipped around its difference. */
  maxWidth?: number;
  /** The two sides' names, for the `---`/`+++` header (default "recorded", "this run"). */
  labels?: [string, string];
}

/** Unified-diff text of two texts' lines: "" when they are equal. */
export function unifiedDiff(
  a: readonly string[],
  b: readonly string[],
  options: HunkOptions = {},
): string {
  const context = options.context ?? 3;
  const maxLines = options.maxLines ?? 120;
  const maxWidth = options.maxWidth ?? 200;
  const [oldName, newName] = options.labels ?? ["recorded", "this run"];
  const lines = lineDiff(a, b);
  const changed = lines.flatMap((line, index) => (line.kind === " " ? [] : [index]));
  if (changed.length === 0) return "";

  // Hunks: runs of changes closer than 2 × context lines apart, with their context.
  const hunks: [number, number][] = [];
  for (const index of changed) {
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length, index + context + 1);
    const last = hunks[hunks.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else hunks.push([from, to]);
  }

  const out = [`--- ${oldName}`, `+++ ${newName}`];
  let shown = 0;
  for (const [from, to] of hunks) {
    const part = lines.slice(from, to);
    const first = part[0]!;
    const oldCount = part.filter((l) => l.kind !== "+").length;
    const newCount = part.filter((l) => l.kind !== "-").length;
    const oldStart = first.kind === "+" ? first.oldLine + 1 : first.oldLine;
    const newStart = first.kind === "-" ? first.newLine + 1 : first.newLine;
    const body = clipped(part, maxWidth);
    // What fits: the whole hunk, or (for the first hunk at least) its start.
    const room = maxLines - out.length - 2;
    const fits = body.length <= room ? body.length : shown === 0 ? Math.max(room, context + 1) : 0;
    if (fits > 0) {
      out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...body.slice(0, fits));
      shown += part.slice(0, fits).filter((l) => l.kind !== " ").length;
    }
    if (fits < body.length) {
      const rest = changed.length - shown;
      out.push(`… ${rest} more differing line${rest === 1 ? "" : "s"} not shown`);
      break;
    }
  }
  return out.join("\n");
}

/** The hunk's lines with their markers; a long removed/added pair clipped around where it differs. */
function clipped(part: DiffLine[], maxWidth: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < part.length; i += 1) {
    const line = part[i]!;
    let focus = 0;
    if (line.kind !== " ") {
      // Pair the n-th removed line of a block with its n-th added line (or the reverse).
      const other = pairOf(part, i);
      if (other !== undefined) focus = commonPrefix(line.text, other);
    }
    out.push(`${line.kind}${clip(line.text, focus, maxWidth)}`);
  }
  return out;
}

function pairOf(part: DiffLine[], i: number): string | undefined {
  const kind = part[i]!.kind;
  let start = i;
  while (start > 0 && part[start - 1]!.kind === kind) start -= 1;
  const nth = i - start;
  if (kind === "-") {
    let end = i;
    while (end < part.length && part[end]!.kind === "-") end += 1;
    const candidate = part[end + nth];
    return candidate && candidate.kind === "+" ? candidate.text : undefined;
  }
  let before = start;
  let removed = 0;
  while (before > 0 && part[before - 1]!.kind === "-") {
    before -= 1;
    removed += 1;
  }
  return nth < removed ? part[before + nth]!.text : undefined;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function clip(text: string, focus: number, width: number): string {
  if (text.length <= width) return text;
  const start = Math.max(0, Math.min(focus - Math.floor(width / 3), text.length - width));
  const end = start + width;
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? `… (${text.length} characters)` : ""}`;
}
