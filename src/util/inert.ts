// Text that came from an agent, a pull request or an artifact (file names, outputs, messages,
// evidence), made inert for a terminal: every character that a terminal acts on instead of
// showing — ESC (and so every CSI and OSC sequence), CR, BEL, backspace, the other C0 and C1
// controls, DEL — and the characters that reorder or hide text (bidi overrides, zero-width ones)
// are written visibly as `\x1b`, `\r`, `\u202e` (not the zero-width joiners: emoji are built
// with them). Only tab, and in a block a line break, are kept: a block's lines are each printed
// behind our own indent, so a line break cannot forge a line of ours. A backslash is left as is: `\x1b` typed by the agent and an ESC shown look alike, which
// misleads no terminal.

const UNSAFE_LINE =
  /[\x00-\x08\x0a-\x1f\x7f-\x9f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const UNSAFE_BLOCK =
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r" };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** One line of untrusted text, safe to print: a line break in it is shown as `\n` too. */
export function inert(text: string): string {
  return text.replace(UNSAFE_LINE, visible);
}

/** Untrusted text of many lines (evidence, an output's tail): its line breaks are kept. */
export function inertLines(text: string): string {
  return text.replace(UNSAFE_BLOCK, visible);
}
