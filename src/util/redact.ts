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
// secret); each of these with line breaks (`\n`, `\r\n`, or their JSON escapes) anywhere inside.
// A shortened excerpt (an evidence line, an output's tail) that cuts through a value has the piece
// at its edge replaced too. What is not: a value cut in pieces and printed far apart, transformed (hex, reversed, hashed,
// compressed), or shorter than MIN_SECRET_LENGTH characters (redacting those would wreck output).

import { AsyncLocalStorage } from "node:async_hooks";
import { promises as fs } from "node:fs";
import path from "node:path";

export const REDACTED = "***";

/** A value shorter than this is not redacted: replacing every "1234" would destroy the output. */
export const MIN_SECRET_LENGTH = 6;

/** Names of further variables to redact: comma- or space-separated, e.g. `ACME_TOKEN,DB_URL`. */
export const REDACT_ENV = "AGENT_EVALS_REDACT";

/**
 * Well-known credential variables of the services around a run, redacted whenever they are set.
 * Each agent adapter's own (`credentialEnv`) are added by the engine.
 */
export const KNOWN_SECRET_NAMES: readonly string[] = [
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GH_ENTERPRISE_TOKEN",
  "GITHUB_ENTERPRISE_TOKEN",
  "INPUT_GITHUB-TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "NPM_TOKEN",
  "NODE_AUTH_TOKEN",
  "HF_TOKEN",
];

/** Names that look like credentials: redacted too (…_TOKEN, …_SECRET, …_API_KEY, …_PASSWORD). */
const SECRET_LOOKING_NAME =
  /(^|[_-])(TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)$/i;

/** The shortest base64 fragment worth redacting: shorter ones would match ordinary text. */
const MIN_BASE64_CORE = 8;

/** What may separate two characters of a secret that was wrapped: a line break, raw or escaped. */
const LINE_BREAKS = ["\r\n", "\n", "\\r\\n", "\\n", "\\\\n"];
const MAX_BREAK = Math.max(...LINE_BREAKS.map((b) => b.length));

export class Redactor {
  /** All patterns in one regex over latin1 text (one char per byte); undefined: nothing to hide. */
  private readonly pattern: RegExp | undefined;
  /** The longest text one match can span, in bytes. */
  readonly maxMatchBytes: number;
  readonly secretCount: number;
  /** The forms a shortened excerpt may cut: checked at a text's two ends (see clipEdges). */
  private readonly edgeForms: string[];

  constructor(values: Iterable<string>) {
    const secrets = [...new Set(values)].filter((v) => v.length >= MIN_SECRET_LENGTH);
    this.secretCount = secrets.length;
    this.edgeForms = [...new Set(secrets.flatMap(variantsOf))].filter(
      (form) => form.length > MIN_SECRET_LENGTH,
    );
    const forms = [...new Set(secrets.flatMap(variantsOf))]
      .map((form) => Buffer.from(form, "utf8").toString("latin1"))
      .sort((a, b) => b.length - a.length); // longest first: a form that contains another wins
    this.maxMatchBytes = forms.reduce((max, f) => Math.max(max, f.length * (1 + MAX_BREAK)), 0);
    this.pattern = forms.length
      ? new RegExp(forms.map(wrappablePattern).join("|"), "g")
      : undefined;
  }

  get empty(): boolean {
    return this.pattern === undefined;
  }

  /** The bytes with every secret replaced. */
  bytes(input: Buffer): Buffer {
    if (!this.pattern) return input;
    const text = input.toString("latin1");
    const out = text.replace(this.pattern, REDACTED);
    return out === text ? input : Buffer.from(out, "latin1");
  }

  /** The text with every secret replaced, and any piece of one left at either end by a cut. */
  text(input: string): string {
    if (!this.pattern) return input;
    return this.clipEdges(this.bytes(Buffer.from(input, "utf8")).toString("utf8"));
  }

  /**
   * Evidence lines and output tails are shortened excerpts: a cut through a secret leaves its
   * start at the end of the text, or its end at the start, which no whole-value match finds.
   * Such a piece (MIN_SECRET_LENGTH characters or more) is replaced too.
   */
  private clipEdges(text: string): string {
    let out = text;
    for (const form of this.edgeForms) {
      const head = form.slice(0, MIN_SECRET_LENGTH);
      const at = out.lastIndexOf(head);
      if (at >= 0 && out.length - at < form.length && form.startsWith(out.slice(at)))
        out = out.slice(0, at) + REDACTED;
      const tail = form.slice(-MIN_SECRET_LENGTH);
      const end = out.indexOf(tail) + MIN_SECRET_LENGTH;
      if (end >= MIN_SECRET_LENGTH && end < form.length && form.endsWith(out.slice(0, end)))
        out = REDACTED + out.slice(end);
    }
    return out;
  }

  /** A deep copy of plain data (objects, arrays, strings) with every string redacted. */
  value<T>(input: T): T {
    if (!this.pattern) return input;
    return this.walk(input) as T;
  }

  /** A redactor for a byte stream: secrets split across chunks are still found. */
  stream(): StreamRedactor {
    return new StreamRedactor(this);
  }

  /** Matches in latin1 text, for StreamRedactor. */
  matches(text: string): Array<[start: number, end: number]> {
    if (!this.pattern) return [];
    this.pattern.lastIndex = 0;
    return [...text.matchAll(this.pattern)].map((m) => [m.index, m.index + m[0].length]);
  }

  private walk(input: unknown): unknown {
    if (typeof input === "string") return this.text(input);
    if (Array.isArray(input)) return input.map((item) => this.walk(item));
    if (input && typeof input === "object" && isPlainObject(input)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(input)) out[this.text(key)] = this.walk(item);
      return out;
    }
    return input;
  }
}

/**
 * Redacts a stream chunk by chunk. It holds back the last `maxMatchBytes - 1` bytes of what it was
 * given (a secret may continue in the next chunk) and hands them out with the next chunk or `end()`.
 */
export class StreamRedactor {
  private carry = "";
  constructor(private readonly redactor: Redactor) {}

  push(chunk: Buffer): Buffer {
    if (this.redactor.empty) return chunk;
    const text = this.carry + chunk.toString("latin1");
    // A match starting before `safe` lies wholly inside `text`: it can be decided now.
    const safe = text.length - (this.redactor.maxMatchBytes - 1);
    let out = "";
    let from = 0;
    for (const [start, end] of this.redactor.matches(text)) {
      if (start >= safe) break;
      out += text.slice(from, start) + REDACTED;
      from = end;
    }
    const cut = Math.max(from, safe);
    out += text.slice(from, Math.max(from, cut));
    this.carry = text.slice(Math.max(from, cut));
    return Buffer.from(out, "latin1");
  }

  /** What is held back, redacted: call once at the end of the stream. */
  end(): Buffer {
    const rest = Buffer.from(this.carry, "latin1");
    this.carry = "";
    return this.redactor.bytes(rest);
  }

  /** Forget what is held back (the stream was cut: a partial secret must not be written). */
  drop(): void {
    this.carry = "";
  }
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The forms a value takes when an agent echoes it: escaped for JSON or URLs, base64-encoded. */
function variantsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    json.replaceAll("/", "\\/"),
    // Go's encoding/json (gh, many CLIs) escapes <, > and & as \u003c, \u003e, \u0026.
    json.replace(/[<>&]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
    // HTML and XML escaping, as an agent's generated page or a tool's report would print it.
    secret.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ...base64Cores(secret),
  ];
  return forms.filter((f) => f.length > 0);
}

/**
 * In a longer base64 text the secret's bytes start at offset 0, 1 or 2 of a 3-byte group; for each,
 * the characters that encode only the secret's bits are the same whatever surrounds it.
 */
function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    const core = encoded.slice(first, last);
    if (core.length < MIN_BASE64_CORE) continue;
    cores.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return cores;
}

/** The form as a regex that also matches it with a line break between any two characters. */
function wrappablePattern(form: string): string {
  const breaks = `(?:${LINE_BREAKS.map(escapeLatin1).join("|")})?`;
  return [...form].map(escapeLatin1).join(breaks);
}

function escapeLatin1(text: string): string {
  return [...text]
    .map((ch) =>
      /[A-Za-z0-9]/.test(ch) ? ch : `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`,
    )
    .join("");
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// ---------- which values ----------

/**
 * The names whose values a run redacts: the known credential variables, every variable whose name
 * looks like a credential, the names listed in AGENT_EVALS_REDACT, and `extraNames` (the secrets
 * the evals declare, a library caller's list).
 */
export function secretNames(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): string[] {
  const listed = (env[REDACT_ENV] ?? "").split(/[\s,]+/).filter(Boolean);
  const lookalikes = Object.keys(env).filter((name) => SECRET_LOOKING_NAME.test(name));
  return [...new Set([...KNOWN_SECRET_NAMES, ...lookalikes, ...listed, ...extraNames])];
}

/** A redactor for the values `env` holds under secretNames(env, extraNames). */
export function secretRedactor(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): Redactor {
  const values = secretNames(env, extraNames)
    .map((name) => env[name])
    .filter((v): v is string => typeof v === "string");
  return new Redactor(values);
}

// ---------- the run's scope ----------

const scope = new AsyncLocalStorage<Redactor>();

/** Runs `fn` with `redactor` as the current one: everything it starts redacts with it. */
export function withRedactor<T>(redactor: Redactor, fn: () => T): T {
  return scope.run(redactor, fn);
}

/** The redactor of the run this code is part of, if any. */
export function currentRedactor(): Redactor | undefined {
  return scope.getStore();
}

/**
 * The last check where text leaves the process (history lines, PR comments): the current run's
 * redactor and the credential variables of this process's environment.
 */
export function redactOutgoing(text: string): string {
  return outgoingRedactor()(text);
}

/** redactOutgoing for many texts: the environment's redactor is built once, not per text. */
export function outgoingRedactor(): (text: string) => string {
  const inRun = currentRedactor();
  const fromEnv = secretRedactor(process.env);
  return (text) => fromEnv.text(inRun ? inRun.text(text) : text);
}

/** Redacts every regular file under `dir` in place (files that hold no secret are not touched). */
export async function redactTree(dir: string, redactor: Redactor): Promise<void> {
  if (redactor.empty) return;
  let entries: string[];
  try {
    entries = await fs.readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const rel of entries) await redactFile(path.join(dir, rel), redactor);
}

/** Redacts one file in place, through a temporary file so a reader never sees half of it. */
export async function redactFile(file: string, redactor: Redactor): Promise<void> {
  const stat = await fs.lstat(file).catch(() => undefined);
  if (!stat?.isFile()) return;
  const bytes = await fs.readFile(file);
  const redacted = redactor.bytes(bytes);
  if (redacted === bytes) return;
  const temp = `${file}.redacting`;
  await fs.writeFile(temp, redacted, { mode: stat.mode & 0o777 });
  await fs.rename(temp, file);
}

/** A console stream (stdout, stderr) that writes nothing a redactor would hide. */
export class RedactingStream {
  private redactor: Redactor;
  constructor(
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    private readonly env: Record<string, string | undefined>,
  ) {
    this.redactor = secretRedactor(env);
  }

  /** Also hide these variables' values (the secrets the evals declare, known once they load). */
  alsoRedact(names: string[]): void {
    this.redactor = secretRedactor(this.env, names);
  }

  write(text: string): boolean {
    return this.stream.write(this.redactor.text(text));
  }

  get isTTY(): boolean | undefined {
    return this.stream.isTTY;
  }

  get columns(): number | undefined {
    return this.stream.columns;
  }
}
