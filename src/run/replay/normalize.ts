// The matching rule: what of a request counts when a replay looks for its recorded answer.
//
// A request matches a recorded one when their normalized forms are equal:
//
// 1. Method, and path with its query parameters sorted and credential parameters (`key`,
//    `api_key`, `access_token` …) removed: where the request goes, not who sends it.
// 2. The body, parsed as JSON (object keys sorted), with what changes from run to run and does not
//    change what is asked left out:
//    a. caching hints are dropped: `cache_control` (Anthropic's prompt-cache markers, which a CLI
//       moves from turn to turn) and `prompt_cache_key` (OpenAI's, a session id);
//    b. ids become `<id>`: the value of any key named `id` or ending in `_id` / `Id`
//       (`metadata.user_id`, `session_id`, `tool_use_id`, `call_id`, `previous_response_id`,
//       `sessionId`; not a model's): a session's are new each run, the others come from the
//       model's answers; inside any string a UUID becomes `<uuid>`, and a hex id after an `ID:`
//       label (codex's tool output: `Chunk ID: 514c92`) becomes `<id>`;
//    c. dates and times inside strings become `<date>` and `<time>` (ISO `2026-12-06`,
//       `18:06:54.123Z`, `Sunday, December 6, 2026`, `Sun Dec 06 2026`, `12/6/2026`, and a Unix
//       time of 2017–2033 in seconds or milliseconds), and a number under `created`, `created_at`
//       or `timestamp` becomes `<time>`: a system prompt says today's date, codex's metadata the
//       turn's start; a duration after a `time:` label (`Wall time: 0.0012 seconds`) becomes
//       `<duration>`;
//    d. each `volatile` literal (the trial's workspace path, HOME, TMPDIR, and each as the slug a
//       CLI names a folder after) becomes its placeholder;
//    e. a process id a tool's output reports (`PGID: 26844`, `pid 123`) becomes `<pid>`: the
//       shell a command ran in is new each run;
//    f. the operating system's version a CLI tells the model (`OS Version: Linux 6.1.0-18-amd64`)
//       becomes `<os>`: a recording replays on another machine;
//    g. the spending limit a CLI tells the model (claude: `USD budget: $0/$0.9984; $0.9984
//       remaining`, from `--max-budget-usd`) becomes `<budget>`: the harness sets it from what the
//       trial spent before, and a replay spends nothing (a judge after a replayed agent gets more).
// 3. A body that is not JSON compares as text after the same string replacements (b's UUIDs, c–g).
//
// Headers do not count (credentials, client versions, retry counts). Among equal requests, the order
// within the trial decides: a request takes the first recorded exchange not used yet (match.ts).

import { CREDENTIAL_PARAMS } from "./http-parts.js";
import type { RecordedRequest } from "./types.js";

export const PLACEHOLDERS = {
  id: "<id>",
  uuid: "<uuid>",
  date: "<date>",
  time: "<time>",
  pid: "<pid>",
  duration: "<duration>",
  os: "<os>",
  budget: "<budget>",
};

/** Keys whose values are caching hints: dropped wherever they appear (rule 2a). */
const CACHING_HINTS = new Set(["cache_control", "prompt_cache_key"]);
/** Keys whose values are ids (rule 2b); keys naming a model are not. */
const ID_KEY = /^(?:id|.+_id|.+Id|.+ID)$/;
const MODEL_KEY = /model/i;
/** Keys whose numbers are timestamps (rule 2c). */
const TIME_KEYS = new Set(["created", "created_at", "timestamp"]);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const MONTHS =
  "January|February|March|April|May|June|July|August|September|October|November|December";
const DATES: RegExp[] = [
  /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g,
  new RegExp(
    `\\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\\s+)?(?:${MONTHS})\\s+\\d{1,2},?\\s+\\d{4}\\b`,
    "g",
  ),
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2} \d{4}\b/g,
  /(?<![\d/])\d{1,2}\/\d{1,2}\/\d{4}(?![\d/])/g,
];
/** Unix times in seconds or milliseconds, 2017–2033 (`turn_started_at_unix_ms` in codex's metadata). */
const EPOCH = /(?<!\d)1[5-9]\d{8}(?:\d{3})?(?!\d)/g;
/** A hex id after an `ID:` label in a tool's output (codex: `Chunk ID: 514c92`). */
const LABELLED_ID = /\b(ID:[ \t]*)[0-9a-f]{4,}\b/gi;
/** A duration after a `time:` label in a tool's output (codex: `Wall time: 0.0012 seconds`). */
const LABELLED_DURATION = /\b(time:[ \t]*)\d+(?:\.\d+)?(?=[ \t]*(?:s|ms|sec|secs|seconds?)\b)/gi;
/** The operating system's version a CLI tells the model (claude: `OS Version: Linux 6.1.0-18-amd64`). */
const OS_VERSION = /\b(OS Version:[ \t]*)[^\n\\"]+/g;
/** The spending limit a CLI tells the model (claude: `USD budget: $0/$1; $1 remaining`). */
const BUDGET = /\b(USD budget:[ \t]*)[^\n\\"]+/g;
/** A process id a tool's output reports (gemini: `Process Group PGID: 26844`). */
const PROCESS_ID = /\b(PP?G?ID|pid)(:?\s*)\d+/g;
const TIME =
  /(?<![\d:])\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2}(?!\d))?(?:\s?(?:AM|PM|am|pm)\b)?/g;

/** The `volatile` replacements, longest literal first (so that a longer one is not cut by a shorter). */
function volatilePairs(volatile: Record<string, string> | undefined): [string, string][] {
  return Object.entries(volatile ?? {})
    .filter(([literal]) => literal.length > 0)
    .sort((a, b) => b[0].length - a[0].length);
}

/** Rule 2d on a text: each literal → its placeholder (also in its JSON-escaped spelling). */
export function replaceVolatile(
  text: string,
  volatile: Record<string, string> | undefined,
): string {
  let out = text;
  for (const [literal, placeholder] of volatilePairs(volatile)) {
    out = out.split(literal).join(placeholder);
    const escaped = JSON.stringify(literal).slice(1, -1);
    if (escaped !== literal)
      out = out.split(escaped).join(JSON.stringify(placeholder).slice(1, -1));
  }
  return out;
}

/** The string replacements of the rule (2b's UUIDs, 2c–2g). */
export function normalizeString(text: string, volatile?: Record<string, string>): string {
  let out = replaceVolatile(text, volatile).replace(UUID, PLACEHOLDERS.uuid);
  for (const date of DATES) out = out.replace(date, PLACEHOLDERS.date);
  out = out.replace(EPOCH, PLACEHOLDERS.time).replace(TIME, PLACEHOLDERS.time);
  return out
    .replace(PROCESS_ID, `$1$2${PLACEHOLDERS.pid}`)
    .replace(OS_VERSION, `$1${PLACEHOLDERS.os}`)
    .replace(BUDGET, `$1${PLACEHOLDERS.budget}`)
    .replace(LABELLED_ID, `$1${PLACEHOLDERS.id}`)
    .replace(LABELLED_DURATION, `$1${PLACEHOLDERS.duration}`);
}

/** A JSON value under the rule (2a–2d), object keys sorted. */
export function normalizeJson(value: unknown, volatile?: Record<string, string>): unknown {
  if (typeof value === "string") return normalizeString(value, volatile);
  if (Array.isArray(value)) return value.map((item) => normalizeJson(item, volatile));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (CACHING_HINTS.has(key)) continue;
    const item = (value as Record<string, unknown>)[key];
    const name = normalizeString(key, volatile);
    if (
      ID_KEY.test(key) &&
      !MODEL_KEY.test(key) &&
      (typeof item === "string" || typeof item === "number")
    )
      out[name] = PLACEHOLDERS.id;
    else if (TIME_KEYS.has(key) && typeof item === "number") out[name] = PLACEHOLDERS.time;
    else out[name] = normalizeJson(item, volatile);
  }
  return out;
}

/** Rule 1: the path's query sorted, credential parameters removed, its text under the string rules. */
export function normalizePath(path: string, volatile?: Record<string, string>): string {
  const at = path.indexOf("?");
  const pathname = normalizeString(at < 0 ? path : path.slice(0, at), volatile);
  if (at < 0) return pathname;
  const params = [...new URLSearchParams(path.slice(at + 1))]
    .filter(([name]) => !CREDENTIAL_PARAMS.has(name.toLowerCase()))
    .map(([name, value]) => [name, normalizeString(value, volatile)] as const)
    .sort((a, b) => (a[0] === b[0] ? cmp(a[1], b[1]) : cmp(a[0], b[0])));
  if (params.length === 0) return pathname;
  return `${pathname}?${params.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join("&")}`;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A body under the rule: parsed JSON normalized (rule 2), or text (rule 3). */
export function normalizeBody(body: string, volatile?: Record<string, string>): unknown {
  const trimmed = body.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return normalizeJson(JSON.parse(trimmed), volatile);
    } catch {
      // not JSON after all: compared as text
    }
  }
  return normalizeString(body, volatile);
}

export interface NormalizedRequest {
  method: string;
  path: string;
  body: unknown;
}

/** The request as the matching rule sees it: two requests match when these are deep-equal. */
export function normalizeRequest(
  request: RecordedRequest,
  volatile?: Record<string, string>,
): NormalizedRequest {
  return {
    method: request.method.toUpperCase(),
    path: normalizePath(request.path, volatile),
    body:
      request.encoding === "base64"
        ? `base64:${request.body}`
        : normalizeBody(request.body, volatile),
  };
}

/** A key for equality of normalized requests (the keys are sorted, so equal values give equal text). */
export function matchKey(request: RecordedRequest, volatile?: Record<string, string>): string {
  return JSON.stringify(normalizeRequest(request, volatile));
}
