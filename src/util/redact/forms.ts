// What to look for: each value, the long lines of a multi-line one, and the forms each takes when an
// agent echoes it (escaped for JSON, HTML or URLs, base64-encoded).

import {
  LINE_ENDINGS,
  MIN_BASE64_CORE,
  MIN_SECRET_LENGTH,
  MIN_SECRET_LINE_LENGTH,
  PEM_ARMOR,
} from "./limits.js";

/**
 * The values to look for: each value, and each line of a multi-line one that is long enough to
 * identify it (MIN_SECRET_LINE_LENGTH, trimmed; PEM armor lines are not), so a line printed alone
 * or with other line endings is redacted too.
 */
export function secretsOf(values: Iterable<string>): string[] {
  const secrets = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    secrets.add(value);
    const lines = value.split(LINE_ENDINGS);
    if (lines.length < 2) continue;
    for (const line of lines.map((l) => l.trim())) {
      if (line.length >= MIN_SECRET_LINE_LENGTH && !PEM_ARMOR.test(line)) secrets.add(line);
    }
  }
  return [...secrets];
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The forms a value takes when an agent echoes it: escaped for JSON or URLs, base64-encoded. */
export function variantsOf(secret: string): string[] {
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
