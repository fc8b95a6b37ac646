// Requests and responses as lines to diff: the normalized request (method and path, then the body
// pretty-printed with each multi-line string shown line by line) and a response's status and body.

import { unifiedDiff } from "./diff.js";
import { normalizeJson, normalizeRequest, normalizeString } from "./normalize.js";
import type { RecordedRequest, RecordedResponse } from "./types.js";

/** JSON pretty-printed, two spaces, with a string that holds line breaks continued on its own lines. */
export function printJson(value: unknown, indent = ""): string[] {
  if (typeof value === "string") {
    if (!value.includes("\n")) return [JSON.stringify(value)];
    const parts = value.split("\n");
    return parts.map(
      (part, i) =>
        `${i === 0 ? '"' : `${indent}  `}${JSON.stringify(part).slice(1, -1)}${i < parts.length - 1 ? "\\n" : '"'}`,
    );
  }
  if (value === null || typeof value !== "object") return [JSON.stringify(value) ?? "null"];
  const inner = `${indent}  `;
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  if (entries.length === 0) return [Array.isArray(value) ? "[]" : "{}"];
  const lines = [Array.isArray(value) ? "[" : "{"];
  entries.forEach(([key, item], index) => {
    const printed = printJson(item, inner);
    const head = key === undefined ? "" : `${JSON.stringify(key)}: `;
    printed[0] = `${inner}${head}${printed[0]}`;
    if (index < entries.length - 1) printed[printed.length - 1] += ",";
    lines.push(...printed);
  });
  lines.push(`${indent}${Array.isArray(value) ? "]" : "}"}`);
  return lines;
}

/** The normalized request as lines: `METHOD path`, a blank line, the body. */
export function requestLines(
  request: RecordedRequest,
  volatile?: Record<string, string>,
): string[] {
  const { method, path, body } = normalizeRequest(request, volatile);
  return [
    `${method} ${path}`,
    "",
    ...(typeof body === "string" ? body.split("\n") : printJson(body)),
  ];
}

/** A response's body bytes, the chunks put together. */
export function responseBody(response: RecordedResponse): Buffer {
  return Buffer.concat(
    response.chunks.map((chunk) =>
      Buffer.from(chunk.data, chunk.encoding === "base64" ? "base64" : "utf8"),
    ),
  );
}

/**
 * A response as lines, under the matching rule's replacements (ids, dates, volatile strings): the
 * status, a blank line, the body: a JSON body pretty-printed, an event stream's `data:` JSON lines
 * one per line, other text as it is.
 */
export function responseLines(response: RecordedResponse): string[] {
  const text = responseBody(response).toString("utf8");
  const head = [`HTTP ${response.status}${response.aborted ? " (cut before its end)" : ""}`, ""];
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return [...head, ...printJson(normalizeJson(JSON.parse(trimmed)))];
    } catch {
      // an event stream or text that starts like JSON: below
    }
  }
  const lines = text.split(/\r?\n/).map((line) => {
    const data = /^data: ?(.*)$/.exec(line);
    if (data?.[1]?.startsWith("{")) {
      try {
        return `data: ${JSON.stringify(normalizeJson(JSON.parse(data[1])))}`;
      } catch {
        // not JSON: as text
      }
    }
    return normalizeString(line);
  });
  return [...head, ...lines];
}

/** The readable diff of two requests under the matching rule: "" when they match. */
export function requestDiff(
  recorded: RecordedRequest,
  actual: RecordedRequest,
  volatile?: Record<string, string>,
  labels?: [string, string],
): string {
  return unifiedDiff(
    requestLines(recorded, volatile),
    requestLines(actual, volatile),
    labels ? { labels } : {},
  );
}

/** The readable diff of two responses (status and body, ids and dates left out): "" when alike. */
export function responseDiff(
  a: RecordedResponse,
  b: RecordedResponse,
  labels?: [string, string],
): string {
  return unifiedDiff(responseLines(a), responseLines(b), labels ? { labels } : {});
}
