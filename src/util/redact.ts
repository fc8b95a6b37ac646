// Secret redaction: the values of declared secrets and of credential variables are replaced by
// `***` before anything is written (transcripts, call logs, checks, run.json, history, comments).
//
// Where it happens: at the source. The process runner redacts agent output as it streams to disk
// (with a carry-over, so a secret cut between two chunks is still caught), the trial redacts the
// results it builds and sweeps its results folder, the suite redacts what it reports; history
// appends and PR comments check once more on the way out. The redactor of the current run travels
// in an AsyncLocalStorage scope, so every process started during the run (by any agent adapter,
// built-in or not) is covered without threading it through each call.
//
// What is caught: each value as is; JSON-escaped (once and twice, with `\/`, and Go-style `\u003c`);
// HTML-escaped; URL-encoded (upper- or lowercase hex);
// base64 and base64url at any alignment (the part of the encoding that depends only on the
// secret); each of these with line breaks (`\n`, `\r\n`, `\r`, or their JSON escapes) anywhere
// inside; each of these cut by what a terminal shows as nothing (an escape sequence such as `\e[0m`
// or a hyperlink's OSC 8, raw or JSON-escaped; a zero-width or bidi character; see hidden.ts).
// A multi-line value is also redacted line by line: each line of MIN_SECRET_LINE_LENGTH
// characters or more (not PEM armor) is a secret of its own, so it is caught printed alone.
// How: text and forms are matched with their line breaks left out (strip), long forms as
// overlapping 64-byte pieces, looked up by their first four bytes: linear in the text.
// A shortened excerpt (an evidence line, an output's tail) that cuts through a value has the piece
// at its edge replaced too. What is not: a value cut in pieces and printed far apart, transformed (hex, reversed, hashed,
// compressed), or shorter than MIN_SECRET_LENGTH characters (redacting those would wreck output).
//
// The parts, in ./redact/: limits.ts (what counts as a secret), env-secrets.ts (which values a run
// redacts), forms.ts (the forms a value takes), strip.ts (the stripped view), matcher.ts (pieces
// looked up by their first bytes), redactor.ts (Redactor and StreamRedactor), scope.ts (the run's
// redactor, the outgoing check), files.ts (files in place), console.ts (console streams).

export { MIN_SECRET_LENGTH, MIN_SECRET_LINE_LENGTH, REDACTED } from "./redact/limits.js";
export {
  KNOWN_SECRET_NAMES,
  REDACT_ENV,
  secretNames,
  secretRedactor,
} from "./redact/env-secrets.js";
export { Redactor, StreamRedactor } from "./redact/redactor.js";
export { currentRedactor, outgoingRedactor, redactOutgoing, withRedactor } from "./redact/scope.js";
export { redactFile, redactTree } from "./redact/files.js";
export { RedactingStream } from "./redact/console.js";
