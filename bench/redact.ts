// What redacting agent output costs: 4 MiB of log lines streamed through the Redactor in 64-byte
// and in 64 KiB chunks (as src/util/process.ts streams a child's output to disk), with 20 secrets
// among them an RSA-4096 private key in PEM (52 lines), against two baselines measured in the same
// run: the previous implementation (one RegExp of every form of every secret, with an optional
// line break between any two characters; kept below) and a naive exact matcher, a
// `String.prototype.replaceAll` loop over the plain and JSON forms on the whole text at once. The
// previous implementation is measured on a prefix of the text (BENCH_REDACT_OLD_KIB, default 16
// KiB for 64-byte chunks, 256 KiB for 64 KiB chunks: at 64-byte chunks it needs minutes per MiB)
// and its time scaled to 4 MiB (its cost per chunk does not depend on where it is). Prints a
// Markdown table and what each left of the secrets; asserts nothing.
// Run: npx tsx bench/redact.ts   (BENCH_REDACT_SAMPLES=n: samples of the fast ones, default 5)

import { generateKeyPairSync, randomBytes } from "node:crypto";
import os from "node:os";
import { Redactor } from "../src/util/redact.js";

const MIB = 1024 * 1024;
const TOTAL = 4 * MIB;
const SAMPLES = Math.max(1, Number(process.env.BENCH_REDACT_SAMPLES ?? 5) || 5);
const OLD_KIB = (process.env.BENCH_REDACT_OLD_KIB ?? "16,256").split(",").map(Number);

// ---------- the input ----------

const pem = generateKeyPairSync("rsa", {
  modulusLength: 4096,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
}).privateKey.trimEnd();
const tokens = Array.from({ length: 19 }, (_, i) => {
  const body = randomBytes(12 + i).toString("base64url");
  return [`ghp_${body}`, `sk-ant-api03-${body}`, `tok-"q"\\${body}/x`, `AKIA${body}&k=1`][i % 4]!;
});
const SECRETS = [...tokens, pem];

const words = "the agent ran npm test and then edited src/index.ts to fix the failing check".split(
  " ",
);
/** Log lines with, every 64 KiB or so, a secret printed one way or another. */
function makeText(): Buffer {
  const parts: string[] = [];
  let size = 0;
  let n = 0;
  while (size < TOTAL) {
    let line = "";
    for (let w = 0; w < 12; w++) line += `${words[(n * 7 + w * 3) % words.length]} `;
    line += `${n}\n`;
    if (n % 800 === 0) {
      const secret = SECRETS[(n / 800) % SECRETS.length]!;
      const way = (n / 800) % 3;
      if (way === 0) line += `token=${secret}\n`;
      else if (way === 1) line += `${JSON.stringify({ output: secret })}\n`;
      else line += `${secret.split("\n").join("\r\n")}\r\n`;
    }
    parts.push(line);
    size += line.length;
    n += 1;
  }
  return Buffer.from(parts.join("")).subarray(0, TOTAL);
}
const TEXT = makeText();

// ---------- the previous implementation (one RegExp), the baseline ----------

const OLD_BREAKS = ["\r\n", "\n", "\\r\\n", "\\n", "\\\\n"];
const OLD_MAX_BREAK = Math.max(...OLD_BREAKS.map((b) => b.length));

class OldRedactor {
  readonly pattern: RegExp;
  readonly maxMatchBytes: number;
  constructor(values: string[]) {
    const forms = [...new Set(values.flatMap(oldVariants))]
      .map((form) => Buffer.from(form, "utf8").toString("latin1"))
      .sort((a, b) => b.length - a.length);
    this.maxMatchBytes = forms.reduce((m, f) => Math.max(m, f.length * (1 + OLD_MAX_BREAK)), 0);
    const breaks = `(?:${OLD_BREAKS.map(escapeLatin1).join("|")})?`;
    const wrappable = (form: string) => [...form].map(escapeLatin1).join(breaks);
    this.pattern = new RegExp(forms.map(wrappable).join("|"), "g");
  }
  bytes(input: Buffer): Buffer {
    return Buffer.from(input.toString("latin1").replace(this.pattern, "***"), "latin1");
  }
  matches(text: string): Array<[number, number]> {
    this.pattern.lastIndex = 0;
    return [...text.matchAll(this.pattern)].map((m) => [m.index, m.index + m[0].length]);
  }
}

class OldStream {
  private carry = "";
  constructor(private readonly r: OldRedactor) {}
  push(chunk: Buffer): Buffer {
    const text = this.carry + chunk.toString("latin1");
    const safe = text.length - (this.r.maxMatchBytes - 1);
    let out = "";
    let from = 0;
    for (const [start, end] of this.r.matches(text)) {
      if (start >= safe) break;
      out += `${text.slice(from, start)}***`;
      from = end;
    }
    const cut = Math.max(from, safe);
    out += text.slice(from, cut);
    this.carry = text.slice(cut);
    return Buffer.from(out, "latin1");
  }
  end(): Buffer {
    const rest = Buffer.from(this.carry, "latin1");
    this.carry = "";
    return this.r.bytes(rest);
  }
}

function oldVariants(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    json.replaceAll("/", "\\/"),
    json.replace(/[<>&]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`),
    secret.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
  ];
  const bytes = Buffer.from(secret, "utf8");
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const core = encoded.slice(
      Math.ceil((offset * 8) / 6),
      Math.floor(((offset + bytes.length) * 8) / 6),
    );
    if (core.length >= 8) forms.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return forms.filter((f) => f.length > 0);
}

function escapeLatin1(text: string): string {
  return [...text]
    .map((ch) =>
      /[A-Za-z0-9]/.test(ch) ? ch : `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`,
    )
    .join("");
}

// ---------- the runs ----------

interface Stream {
  push(chunk: Buffer): Buffer;
  end(): Buffer;
}

function streamed(stream: Stream, text: Buffer, size: number): { ms: number; out: Buffer } {
  const parts: Buffer[] = [];
  const started = performance.now();
  for (let at = 0; at < text.length; at += size)
    parts.push(stream.push(text.subarray(at, at + size)));
  parts.push(stream.end());
  const ms = performance.now() - started;
  return { ms, out: Buffer.concat(parts) };
}

const plainForms = [
  ...new Set(
    SECRETS.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), ...s.split("\n").slice(1, -1)]),
  ),
].sort((a, b) => b.length - a.length);
function replaceAllLoop(text: Buffer): { ms: number; out: Buffer } {
  const started = performance.now();
  let out = text.toString("latin1");
  for (const form of plainForms) out = out.replaceAll(form, "***");
  const result = Buffer.from(out, "latin1");
  return { ms: performance.now() - started, out: result };
}

/** The key's body lines (and the tokens) still in the output. */
function leftOf(out: Buffer): number {
  const needles = [...tokens, ...pem.split("\n").slice(1, -1)].filter((l) => l.length >= 16);
  return needles.filter((n) => out.includes(Buffer.from(n))).length;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let started = performance.now();
const redactor = new Redactor(SECRETS);
const buildMs = performance.now() - started;
started = performance.now();
const old = new OldRedactor(SECRETS);
const oldBuildMs = performance.now() - started;

const rows: string[] = [];
const raw: string[] = [];
const floor: number[] = [];
const leaks: string[] = [];
const oursMedian: number[] = [];
for (const [i, size] of [64, 64 * 1024].entries()) {
  const ours: number[] = [];
  let out: Buffer = Buffer.alloc(0);
  for (let s = 0; s < SAMPLES; s++) {
    const run = streamed(redactor.stream(), TEXT, size);
    ours.push(run.ms);
    out = run.out;
    if (i === 0) floor.push(replaceAllLoop(TEXT).ms);
  }
  const oldBytes = Math.min(TEXT.length, (OLD_KIB[i] ?? 64) * 1024);
  const oldRun = streamed(new OldStream(old), TEXT.subarray(0, oldBytes), size);
  const oldMs = (oldRun.ms * TEXT.length) / oldBytes;
  const same = out.equals(redactor.bytes(TEXT));
  leaks.push(
    `${size}-byte chunks: ours leaves ${leftOf(out)} of ${tokens.length + pem.split("\n").length - 2} secret lines (stream equals one-shot: ${same ? "yes" : "no"}); ` +
      `the previous one ${leftOf(oldRun.out)} in its ${oldBytes / 1024} KiB`,
  );
  oursMedian.push(median(ours));
  const label = size === 64 ? "64-byte" : "64 KiB";
  rows.push(
    `| 4 MiB streamed in ${label} chunks | previous (one RegExp): ${(oldRun.ms / 1000).toFixed(1)} s for the first ${oldBytes / 1024} KiB, so ${(oldMs / 1000).toFixed(0)} s for 4 MiB | ${median(ours).toFixed(0)} ms | ${(oldMs / median(ours)).toFixed(0)}× faster |`,
  );
  raw.push(`${label} chunks, ours (ms): ${ours.map((x) => x.toFixed(0)).join(", ")}`);
}
const ours64 = oursMedian[0]!;
rows.push(
  `| 4 MiB streamed in 64-byte chunks, against a naive \`replaceAll\` loop | \`replaceAll\` of ${plainForms.length} plain and JSON forms, whole text at once: ${median(floor).toFixed(0)} ms | ${ours64.toFixed(0)} ms | ${(ours64 / median(floor)).toFixed(2)}× the time |`,
);
raw.push(`replaceAll (ms): ${floor.map((x) => x.toFixed(0)).join(", ")}`);

console.log(
  `${SECRETS.length} secrets (an RSA-4096 PEM key of ${pem.length} characters, ${pem.split("\n").length} lines); ` +
    `building the Redactor: ${buildMs.toFixed(0)} ms (the previous one: ${oldBuildMs.toFixed(0)} ms); ${SAMPLES} sample(s), median\n`,
);
console.log(`Load average (1 min): ${os.loadavg()[0]!.toFixed(2)}\n`);
console.log("| case | baseline | ours | ratio |");
console.log("| --- | --- | --- | --- |");
for (const row of rows) console.log(row);
console.log("");
for (const line of [...leaks, ...raw]) console.log(`- ${line}`);
