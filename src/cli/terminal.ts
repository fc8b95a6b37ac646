// The one way the plain-text commands (list, plan, health, merge's warnings) and the CLI's error
// handler write to the terminal: every text goes through inertLines (util/inert.ts), so a file
// name, an eval id, a YAML value or an agent's output quoted in it shows ESC, CR and BEL as `\x1b`,
// `\r`, `\x07` instead of sending them. Our own lines carry no control character but the line
// break and the tab, which are kept. Styled output (the console report) makes its parts inert
// where it builds them, and does not come here.

import { inertLines } from "../util/index.js";

/** Writes `text` to stdout, made inert. */
export function say(text: string): void {
  process.stdout.write(inertLines(text));
}

/** Writes `text` to stderr, made inert. */
export function complain(text: string): void {
  process.stderr.write(inertLines(text));
}
