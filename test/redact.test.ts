// The redactor on its own: every form a secret takes when echoed, streams cut anywhere, the
// environment's credential names, and the process runner writing agent output through it.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "../src/util/process.js";
import {
  KNOWN_SECRET_NAMES,
  Redactor,
  redactOutgoing,
  redactTree,
  secretNames,
  secretRedactor,
  withRedactor,
} from "../src/util/redact.js";

const SECRET = 'tok-"quoted"\\back/slash-Zq81x';
const PLAIN = "sk-ant-api03-0123456789abcdefXYZ";
const redactor = new Redactor([SECRET, PLAIN]);

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-redact-"));
  dirs.push(dir);
  return dir;
}

/** No byte sequence of any form of the secrets is left. */
function expectClean(text: string): void {
  for (const secret of [SECRET, PLAIN]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(text).not.toContain(secret.slice(4, -4));
  }
}

describe("Redactor", () => {
  it.each([
    ["plain", `key=${PLAIN} and ${SECRET}.`],
    ["in JSON", JSON.stringify({ key: SECRET, nested: { list: [PLAIN] } })],
    ["in JSON inside JSON", JSON.stringify({ line: JSON.stringify({ key: SECRET }) })],
    ["URL-encoded", `https://x.test/?t=${encodeURIComponent(SECRET)}`],
    [
      "split across lines",
      `${SECRET.slice(0, 9)}\n${SECRET.slice(9)} and ${PLAIN.slice(0, 5)}\r\n${PLAIN.slice(5)}`,
    ],
    [
      "split inside a JSON string",
      JSON.stringify({ text: `${SECRET.slice(0, 12)}\n${SECRET.slice(12)}` }),
    ],
    [
      // `\\\n`: the secret's escaped backslash, then an escaped line break.
      "split right after its backslash inside a JSON string",
      JSON.stringify({ text: `${SECRET.slice(0, 13)}\r\n${SECRET.slice(13)}` }),
    ],
    [
      "split right after its backslash inside JSON inside JSON",
      JSON.stringify({
        line: JSON.stringify({ text: `${SECRET.slice(0, 13)}\n${SECRET.slice(13)}` }),
      }),
    ],
  ])("removes a secret %s", (_, text) => {
    const out = redactor.text(text);
    expectClean(out);
    expect(out).toContain("***");
  });

  it("removes the piece of a secret that a shortened excerpt leaves at either end", () => {
    // An evidence line cut to 120 characters, an output's last lines: the cut goes through the value.
    const start = redactor.text(`found: ${"x".repeat(20)} key=${SECRET.slice(0, 14)}`);
    expect(start).toBe(`found: ${"x".repeat(20)} key=***`);
    const end = redactor.text(`${SECRET.slice(-10)} and then the rest`);
    expect(end).toBe("*** and then the rest");
    // Fewer than 6 characters of it are left alone, and so is ordinary text.
    expect(redactor.text(`ends with ${SECRET.slice(0, 5)}`)).toBe(
      `ends with ${SECRET.slice(0, 5)}`,
    );
    expect(redactor.text("nothing to see")).toBe("nothing to see");
  });

  it("removes HTML-escaped, Go-JSON-escaped and lowercase-URL-encoded forms", () => {
    const secret = "wJalr&nFEMI/K7<EX>KEY'q";
    const only = new Redactor([secret]);
    const forms = [
      "wJalr&amp;nFEMI/K7&lt;EX&gt;KEY&#39;q",
      "wJalr\\u0026nFEMI/K7\\u003cEX\\u003eKEY'q",
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ];
    for (const form of forms) expect(only.text(`before ${form} after`)).toBe("before *** after");
  });

  it("removes base64 and base64url encodings at any alignment", () => {
    for (const prefix of ["", "u", "us", "user:"]) {
      for (const secret of [SECRET, PLAIN]) {
        const encoded = Buffer.from(`${prefix}${secret}`).toString("base64");
        const out = redactor.text(`Authorization: Basic ${encoded}`);
        expect(out, `${prefix}${secret}`).toContain("***");
        // What is left is at most the characters that also encode the prefix or the padding.
        expect(out.replace("Authorization: Basic ", "").replaceAll("*", "").length).toBeLessThan(
          prefix.length + 6,
        );
        const url = Buffer.from(`${prefix}${secret}`).toString("base64url");
        expect(redactor.text(url)).toContain("***");
      }
    }
  });

  it("leaves text without secrets, and values too short to be secrets, alone", () => {
    const short = new Redactor(["12345", ""]);
    expect(short.empty).toBe(true);
    expect(short.text("12345 is not redacted")).toBe("12345 is not redacted");
    const text = "nothing secret here: sk-ant-api03-0123 (a prefix only)";
    expect(redactor.text(text)).toBe(text);
  });

  it("redacts keys and values of plain data, deeply, without touching the input", () => {
    const input = { [PLAIN]: [{ evidence: `found ${SECRET}` }], n: 3, ok: true, none: null };
    const out = redactor.value(input);
    expect(out).toEqual({ "***": [{ evidence: "found ***" }], n: 3, ok: true, none: null });
    expect(input.n).toBe(3);
    expect(Object.keys(input)).toContain(PLAIN);
  });

  it("a stream cut at every byte gives the same bytes as the whole", () => {
    const text = Buffer.from(
      `a${SECRET}b ${JSON.stringify(PLAIN)} c${PLAIN.slice(0, 7)}\n${PLAIN.slice(7)}`,
    );
    const stream = redactor.stream(1);
    const parts: Buffer[] = [];
    for (const byte of text) parts.push(stream.push(Buffer.from([byte])));
    parts.push(stream.end());
    expect(Buffer.concat(parts).toString()).toBe(redactor.text(text.toString()));
    expectClean(Buffer.concat(parts).toString());
  });

  it("property: any text, any secret, any chunking — the stream equals the whole, and no secret is left", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 6, maxLength: 40 }).filter((s) => s.trim().length >= 6),
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(1, 7, 1024),
        (secret, pieces, cuts, batch) => {
          const r = new Redactor([secret]);
          const text = Buffer.from(pieces.join(secret));
          const parts: Buffer[] = [];
          const stream = r.stream(batch);
          let at = 0;
          for (let i = 0; at < text.length; i++) {
            const size = cuts[i % cuts.length]!;
            parts.push(stream.push(text.subarray(at, at + size)));
            at += size;
          }
          parts.push(stream.end());
          const out = Buffer.concat(parts);
          expect(out.equals(r.bytes(text))).toBe(true);
          expect(out.includes(Buffer.from(secret))).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** A 4-line PEM-style key as an environment variable holds it (LF endings): armor, 64, 52, armor. */
const KEY_LINES = [
  "-----BEGIN TEST PRIVATE KEY-----",
  "MIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEAq7BFUpkGp3LQmlQz",
  "Yx2eqiDZ0xL3LXy7pvp7kFp4w5Lq3Vjv2pEYwH8X1U1Oq9XyT4k=",
  "-----END TEST PRIVATE KEY-----",
];
const KEY = KEY_LINES.join("\n");
const keyRedactor = secretRedactor({ TEST_PRIVATE_KEY: KEY });

/** No line of the key's body is left (the armor lines are ordinary text). */
function expectNoKey(text: string): void {
  for (const line of KEY_LINES.slice(1, -1)) {
    expect(text).not.toContain(line);
    expect(text).not.toContain(line.slice(0, 16));
    expect(text).not.toContain(line.slice(-16));
  }
}

/** The bytes through a stream fed `size` bytes at a time. */
function streamed(r: Redactor, bytes: Buffer, size: number, minBatch?: number): Buffer {
  const stream = r.stream(minBatch);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size)
    parts.push(stream.push(bytes.subarray(at, at + size)));
  parts.push(stream.end());
  return Buffer.concat(parts);
}

describe("a multi-line secret", () => {
  expect(KEY_LINES.map((l) => l.length)).toEqual([32, 64, 52, 30]);

  it.each([
    ["CRLF", "\r\n"],
    ["LF", "\n"],
    ["CR", "\r"],
  ])("printed with %s endings is redacted whole, one-shot and streamed in any chunks", (_, eol) => {
    const printed = `key:${eol}${KEY_LINES.join(eol)}${eol}next line${eol}`;
    const expected = `key:${eol}***${eol}next line${eol}`;
    expect(keyRedactor.text(printed)).toBe(expected);
    for (const size of [1, 7, 64]) {
      for (const batch of [1, undefined]) {
        const out = streamed(keyRedactor, Buffer.from(printed), size, batch).toString();
        expect(out, `${size}-byte chunks, batch ${batch}`).toBe(expected);
      }
    }
    // Stored with these endings and printed with LF: the same.
    const stored = secretRedactor({ TEST_PRIVATE_KEY: KEY_LINES.join(eol) });
    expect(stored.text(`key:\n${KEY}\nnext`)).toBe("key:\n***\nnext");
  });

  it("printed JSON-escaped with CRLF endings is redacted", () => {
    const json = JSON.stringify({ key: KEY_LINES.join("\r\n") });
    const out = keyRedactor.text(json);
    expect(out).toBe('{"key":"***"}');
  });

  it("each line long enough to identify it is redacted on its own, with any ending", () => {
    // The 52-character line alone, and the 64-character one inside other text.
    expect(keyRedactor.text(`line: ${KEY_LINES[2]}\r\n`)).toBe("line: ***\r\n");
    expect(keyRedactor.text(`a ${KEY_LINES[1]} b`)).toBe("a *** b");
    for (const size of [1, 7, 64]) {
      const out = streamed(keyRedactor, Buffer.from(`line: ${KEY_LINES[2]}\r\n`), size, 1);
      expect(out.toString(), `${size}-byte chunks`).toBe("line: ***\r\n");
    }
    // Two of the lines printed out of order, each with its own ending.
    const shuffled = `${KEY_LINES[2]}\r\n${KEY_LINES[1]}\n`;
    expectNoKey(keyRedactor.text(shuffled));
  });

  it("leaves a line shorter than 16 characters and the armor lines alone", () => {
    const short = "AbCdEf123456=";
    const r = new Redactor([`${KEY_LINES[0]}\n${KEY_LINES[1]}\n${short}\n${KEY_LINES[3]}`]);
    expect(r.text(`tail: ${short}`)).toBe(`tail: ${short}`);
    for (const armor of [KEY_LINES[0]!, KEY_LINES[3]!])
      expect(keyRedactor.text(`${armor}\r\n`)).toBe(`${armor}\r\n`);
    // A value on one line is not split: its words are not secrets of their own.
    const oneLine = new Redactor(["correct horse battery staple, all of it"]);
    const words = 'I said "correct horse battery staple" once';
    expect(oneLine.text(words)).toBe(words);
  });

  it("a secret after a backslash the text escapes, or before an `n`, is still redacted", () => {
    // `\\npm_…` in JSON: the matcher reads `\\n` as a break, which takes the secret's first byte.
    const npm = "npm_0123456789abcdefghijklmnop";
    const r = new Redactor([npm]);
    expect(r.text(JSON.stringify({ path: `C:\\${npm}` }))).not.toContain(npm.slice(1));
    expect(r.text(`${"x".repeat(4)}${npm}`)).toBe("xxxx***");
  });

  it("property: random multi-line secrets, text and chunking — the stream equals the whole, no line is left", () => {
    const unit = fc.constantFrom(
      ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= -",
    );
    // Lines under 16 characters (not secrets alone) and over (secrets alone), as in a PEM key.
    const line = fc.oneof(
      fc.string({ unit, minLength: 1, maxLength: 15 }),
      fc.string({ unit, minLength: 16, maxLength: 80 }),
    );
    const ending = fc.constantFrom("\r\n", "\n", "\r");
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.string({ maxLength: 30 }), ending), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(1, 7, 1024),
        (lines, around, cuts, batch) => {
          const secret = lines.join("\n");
          fc.pre(secret.trim().length >= 6 && !secret.includes("*"));
          const r = new Redactor([secret]);
          const text = Buffer.from(
            around.map(([t, eol]) => `${t}${lines.join(eol)}`).join("") + around[0]![0],
          );
          const stream = r.stream(batch);
          const parts: Buffer[] = [];
          for (let i = 0, at = 0; at < text.length; i++) {
            const size = cuts[i % cuts.length]!;
            parts.push(stream.push(text.subarray(at, at + size)));
            at += size;
          }
          parts.push(stream.end());
          const out = Buffer.concat(parts);
          expect(out.equals(r.bytes(text))).toBe(true);
          expect(out.includes(Buffer.from(secret))).toBe(false);
          for (const l of lines.map((l) => l.trim()).filter((l) => l.length >= 16))
            expect(out.includes(Buffer.from(l))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("line breaks and backslashes, however they fall", () => {
  it("property: text of backslashes, letters and breaks — the stream equals the whole at any chunking", () => {
    const unit = fc.constantFrom("\\", "n", "r", "\r", "\n", "a", "b", "c");
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 6, maxLength: 24 }),
        fc.array(fc.string({ unit, maxLength: 12 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(1, 3, 1024),
        (secret, pieces, cuts, batch) => {
          const r = new Redactor([secret]);
          const text = Buffer.from(pieces.join(secret));
          const stream = r.stream(batch);
          const parts: Buffer[] = [];
          for (let i = 0, at = 0; at < text.length; i++) {
            const size = cuts[i % cuts.length]!;
            parts.push(stream.push(text.subarray(at, at + size)));
            at += size;
          }
          parts.push(stream.end());
          expect(Buffer.concat(parts).toString("latin1")).toBe(r.bytes(text).toString("latin1"));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("which values are secrets", () => {
  it("known credential names, names that look like credentials, AGENT_EVALS_REDACT and extra names", () => {
    const env = {
      ANTHROPIC_API_KEY: "a",
      ACME_DEPLOY_TOKEN: "b",
      DB_PASSWORD: "c",
      AGENT_EVALS_REDACT: "DATABASE_URL, OTHER",
      PATH: "/bin",
    };
    const names = secretNames(env, ["DECLARED"]);
    expect(names).toEqual(expect.arrayContaining([...KNOWN_SECRET_NAMES]));
    expect(names).toEqual(
      expect.arrayContaining([
        "ACME_DEPLOY_TOKEN",
        "DB_PASSWORD",
        "DATABASE_URL",
        "OTHER",
        "DECLARED",
      ]),
    );
    expect(names).not.toContain("PATH");
    const r = secretRedactor({
      GITHUB_TOKEN: "ghs_abcdefghijkl",
      DATABASE_URL: "postgres://u:pw@db/x",
      AGENT_EVALS_REDACT: "DATABASE_URL",
      HOME: "/home/runner",
    });
    expect(r.text("ghs_abcdefghijkl postgres://u:pw@db/x /home/runner")).toBe(
      "*** *** /home/runner",
    );
  });

  it("redactOutgoing uses the run's redactor and this process's credential variables", () => {
    const previous = process.env.GH_TOKEN;
    process.env.GH_TOKEN = "ghp_outgoing_check_1234";
    try {
      const inRun = withRedactor(new Redactor(["declared-secret-value"]), () =>
        redactOutgoing("declared-secret-value ghp_outgoing_check_1234 fine"),
      );
      expect(inRun).toBe("*** *** fine");
      expect(redactOutgoing("ghp_outgoing_check_1234")).toBe("***");
    } finally {
      if (previous === undefined) delete process.env.GH_TOKEN;
      else process.env.GH_TOKEN = previous;
    }
  });

  it("redactTree rewrites only the files that hold a secret", async () => {
    const dir = await tempDir();
    await fs.mkdir(path.join(dir, "sub"));
    await fs.writeFile(path.join(dir, "sub", "a.txt"), `x ${PLAIN} y`);
    await fs.writeFile(path.join(dir, "b.txt"), "clean");
    const before = (await fs.stat(path.join(dir, "b.txt"))).mtimeMs;
    await redactTree(dir, redactor);
    expect(await fs.readFile(path.join(dir, "sub", "a.txt"), "utf8")).toBe("x *** y");
    expect((await fs.stat(path.join(dir, "b.txt"))).mtimeMs).toBe(before);
    expect(await fs.readdir(dir)).toEqual(expect.arrayContaining(["b.txt", "sub"]));
  });
});

describe("runProcess under a redactor", () => {
  it("never writes a secret that a child prints slowly, byte by byte, to stdout and stderr", async () => {
    const dir = await tempDir();
    const out = path.join(dir, "out");
    const err = path.join(dir, "err");
    // One byte per write, with pauses: the pipe hands it over in many chunks.
    const script =
      'for ((i = 0; i < ${#SECRET_VALUE}; i++)); do printf %s "${SECRET_VALUE:i:1}"; sleep 0.002; done; echo; echo "err: $SECRET_VALUE" >&2';
    const result = await withRedactor(redactor, () =>
      runProcess({
        command: "bash",
        args: ["-c", script],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", SECRET_VALUE: PLAIN },
        timeoutMs: 60_000,
        stdoutFile: out,
        stderrFile: err,
      }),
    );
    expect(result.exitCode).toBe(0);
    expect(await fs.readFile(out, "utf8")).toBe("***\n");
    expect(await fs.readFile(err, "utf8")).toBe("err: ***\n");
    // The count is of the child's bytes, not of what was written.
    expect(result.stdoutBytes).toBe(PLAIN.length + 1);
  });

  it("never writes a *_PRIVATE_KEY that a child prints with CRLF endings, or one line of it", async () => {
    const dir = await tempDir();
    const out = path.join(dir, "out");
    // The whole key with CRLF endings, slowly (a line per write), then its 52-character line alone.
    const script =
      'printf "%s\\n" "$TEST_PRIVATE_KEY" | while IFS= read -r l; do printf "%s\\r\\n" "$l"; sleep 0.01; done; printf "%s\\n" "$TEST_PRIVATE_KEY" | sed -n 3p';
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", TEST_PRIVATE_KEY: KEY };
    const result = await withRedactor(secretRedactor(env), () =>
      runProcess({
        command: "bash",
        args: ["-c", script],
        cwd: dir,
        env,
        timeoutMs: 60_000,
        stdoutFile: out,
        stderrFile: path.join(dir, "err"),
      }),
    );
    expect(result.exitCode).toBe(0);
    expect(await fs.readFile(out, "utf8")).toBe("***\r\n***\n");
  });

  it("does not write the start of a secret the output cap cut through", async () => {
    const dir = await tempDir();
    const out = path.join(dir, "out");
    const cap = 100;
    await withRedactor(redactor, () =>
      runProcess({
        command: "bash",
        args: ["-c", `printf '%*s' 90 '' | tr ' ' x; printf '%s' "$V"; printf '%s' "$V"`],
        cwd: dir,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", V: PLAIN },
        timeoutMs: 60_000,
        stdoutFile: out,
        stderrFile: path.join(dir, "err"),
        maxOutputBytes: cap,
      }),
    );
    const text = await fs.readFile(out, "utf8");
    expect(text).toContain("[agent-evals: output cut at 100 bytes]");
    expect(text).not.toContain(PLAIN.slice(0, 8));
  });
});

/** What a terminal shows as nothing, put inside a secret to hide it from a plain search. */
const INVISIBLE = [
  "\x1b[0m",
  "\x1b[38;5;196m",
  "\x1b]8;;\x1b\\",
  "\x1b]8;;https://x.test/?a=1\x07",
  "\x1b(B",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\x00",
  "\x7f",
  "\u009b",
  // As a JSON transcript holds them.
  "\\u001b[0m",
  "\\u001B]8;;\\u001b\\\\",
  "\\u200b",
];

/** `text` fed to a stream in pieces of the sizes `cuts` gives, over and over. */
function streamedBy(r: Redactor, text: Buffer, cuts: number[], batch: number): Buffer {
  const stream = r.stream(batch);
  const parts: Buffer[] = [];
  for (let i = 0, at = 0; at < text.length; i++) {
    const size = cuts[i % cuts.length]!;
    parts.push(stream.push(text.subarray(at, at + size)));
    at += size;
  }
  parts.push(stream.end());
  return Buffer.concat(parts);
}

describe("a secret cut by what a terminal hides", () => {
  it.each(INVISIBLE.map((cut) => [JSON.stringify(cut), cut]))(
    "is redacted cut by %s, and the sequence is gone with it",
    (_, cut) => {
      const out = redactor.text(`say ${PLAIN.slice(0, 9)}${cut}${PLAIN.slice(9)} done`);
      expect(out).toBe("say *** done");
    },
  );

  it("leaves a lone or unfinished sequence, and escapes that hide no secret, as they are", () => {
    const text = `\x1b[31mred\x1b[0m ${PLAIN.slice(0, 9)}\x1b]8;;no end ${PLAIN.slice(9)} \x1b`;
    expect(redactor.text(text)).toBe(text);
  });

  it("property: secrets cut by escape sequences, zero-width characters, any chunking — the stream equals the whole, and no secret shows", () => {
    const letters = fc.constantFrom(..."abcdefgh0123");
    fc.assert(
      fc.property(
        fc.string({ unit: letters, minLength: 6, maxLength: 30 }),
        fc.array(fc.string({ maxLength: 20 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE)), { maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(1, 5, 1024),
        (secret, pieces, cuts, sizes, batch) => {
          fc.pre(!pieces.some((p) => p.includes("*")));
          // Each cut goes between two characters of the secret (not inside another cut).
          const after = new Map(cuts.map(([at, seq]) => [1 + (at % (secret.length - 1)), seq]));
          const hidden = [...secret].map((ch, k) => (after.get(k) ?? "") + ch).join("");
          const r = new Redactor([secret]);
          const text = Buffer.from(pieces.join(hidden));
          const out = streamedBy(r, text, sizes, batch);
          expect(out.equals(r.bytes(text))).toBe(true);
          let shown = out.toString();
          for (const seq of INVISIBLE) shown = shown.replaceAll(seq, "");
          expect(shown).not.toContain(secret);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: text of escape bytes, backslashes and letters — the stream equals the whole at any chunking", () => {
    const unit = fc.constantFrom(
      "\x1b",
      "[",
      "]",
      "\\",
      "u001b",
      "u",
      "\x07",
      "0",
      "m",
      "8;;",
      "n",
      "\n",
      "\u200b",
      "\xad",
      "a",
      "b",
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "m", "0", "8"), minLength: 6, maxLength: 12 }),
        fc.array(fc.string({ unit, maxLength: 14 }), { minLength: 2, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(1, 3, 1024),
        (secret, pieces, sizes, batch) => {
          const r = new Redactor([secret]);
          const text = Buffer.from(pieces.join(secret));
          const out = streamedBy(r, text, sizes, batch);
          expect(out.toString("latin1")).toBe(r.bytes(text).toString("latin1"));
        },
      ),
      { numRuns: 500 },
    );
  });
});
