// A replay miss, as the agent sees it and as the trial reports it. The agent gets HTTP 400 with an
// error body in its API's own shape (a 4xx that no CLI retries); the trial gets the turn, the
// nearest recorded request and the readable diff against it.

import { requestDiff } from "./render.js";
import type { Exchange, RecordedRequest, ReplayMiss } from "./types.js";

export const MISS_STATUS = 400;

/** The miss, with its message: the turn, the request, and the diff against the nearest recording. */
export function replayMiss(
  turn: number,
  request: RecordedRequest,
  nearest: Exchange | undefined,
  volatile?: Record<string, string>,
): ReplayMiss {
  const what = `${request.method} ${request.path}`;
  const diff = nearest ? requestDiff(nearest.request, request, volatile) : "";
  const head = `agent-evals replay miss: turn ${turn} (${what}) matches no recorded exchange`;
  const message = nearest
    ? `${head}; against the nearest recorded request (turn ${nearest.turn}):\n${diff}`
    : `${head}; nothing was recorded for ${request.method} ${request.path.split("?")[0]}`;
  return { turn, request, ...(nearest ? { nearest } : {}), diff, message };
}

type Style = "anthropic" | "gemini" | "openai";

/** Whose API the upstream is, by its host and the request's path. */
function styleOf(upstream: string, path: string): Style {
  const host = new URL(upstream).hostname;
  if (host.includes("anthropic") || /\/v1\/messages(?:[/?]|$)/.test(path)) return "anthropic";
  if (host.includes("googleapis") || /:(?:stream)?generateContent\b/i.test(path)) return "gemini";
  return "openai";
}

/** The 400's JSON body, shaped like the upstream's own errors. */
export function missBody(upstream: string, path: string, message: string): string {
  switch (styleOf(upstream, path)) {
    case "anthropic":
      return JSON.stringify({ type: "error", error: { type: "invalid_request_error", message } });
    case "gemini":
      return JSON.stringify({ error: { code: MISS_STATUS, message, status: "INVALID_ARGUMENT" } });
    case "openai":
      return JSON.stringify({
        error: { message, type: "invalid_request_error", param: null, code: "replay_miss" },
      });
  }
}
