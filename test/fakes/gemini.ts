/**
 * A scripted fake of the Gemini API (generativelanguage), for driving the real `gemini` CLI in
 * tests (`GOOGLE_GEMINI_BASE_URL` points it here).
 *
 * `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` answers the next turn of the script
 * as SSE; `:generateContent` (the CLI's side calls: routing, next-speaker checks) answers a short
 * JSON text without using the script; `:countTokens` answers a count. When the script runs out,
 * every further streaming request gets the text "done". Every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenOnLoopback, readBody, sendJson as sendJsonBase, sleep } from "./http-server.js";

export interface GeminiUsage {
  promptTokenCount: number;
  candidatesTokenCount: number;
  cachedContentTokenCount: number;
  thoughtsTokenCount: number;
}

export type GeminiPart =
  { text: string } | { call: { name: string; args: Record<string, unknown> } };

interface TurnOptions {
  usage?: Partial<GeminiUsage>;
  delayMs?: number;
}

export type GeminiTurn =
  | (GeminiPart & TurnOptions)
  | ({ parts: GeminiPart[] } & TurnOptions)
  | { status: number; body?: unknown; delayMs?: number };

export interface RecordedGeminiRequest {
  path: string;
  url: string;
  /** The model named in the path. */
  model: string;
  /** `streamGenerateContent`, `generateContent` or `countTokens`. */
  method: string;
  headers: IncomingMessage["headers"];
  body: {
    contents?: Array<{ role?: string; parts?: Array<Record<string, unknown>> }>;
    tools?: Array<{ functionDeclarations?: Array<{ name: string }> }>;
    [key: string]: unknown;
  };
  turn: number | undefined;
}

export interface FakeGemini {
  url: string;
  /** Streaming (scripted) requests only. */
  requests: RecordedGeminiRequest[];
  /** Every HTTP request seen (method and URL). */
  log: string[];
  /** Scripted calls naming a function the request did not declare. */
  warnings: string[];
  close(): Promise<void>;
}

const DEFAULT_USAGE: GeminiUsage = {
  promptTokenCount: 100,
  candidatesTokenCount: 20,
  cachedContentTokenCount: 0,
  thoughtsTokenCount: 0,
};

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** The body the real API sends with a given error status. */
export function geminiErrorBody(status: number, message?: string): unknown {
  return {
    error: {
      code: status,
      message: message ?? `fake error ${status}`,
      status: STATUS_NAMES[status] ?? "UNKNOWN",
    },
  };
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  sendJsonBase(res, status, body, { "content-type": "application/json; charset=UTF-8" });

function declaredFunctions(body: RecordedGeminiRequest["body"]): string[] {
  return (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
}

function usageMetadata(usage: Partial<GeminiUsage> | undefined) {
  const u = { ...DEFAULT_USAGE, ...usage };
  return {
    promptTokenCount: u.promptTokenCount,
    candidatesTokenCount: u.candidatesTokenCount,
    cachedContentTokenCount: u.cachedContentTokenCount,
    thoughtsTokenCount: u.thoughtsTokenCount,
    totalTokenCount: u.promptTokenCount + u.candidatesTokenCount + u.thoughtsTokenCount,
  };
}

export async function startFakeGemini(script: GeminiTurn[] = []): Promise<FakeGemini> {
  const requests: RecordedGeminiRequest[] = [];
  const log: string[] = [];
  const warnings: string[] = [];
  let next = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const path = url.split("?")[0] ?? "/";
    const match = /^\/v1(?:beta|alpha)?\/models\/([^:]+):(\w+)$/.exec(path);
    if (req.method !== "POST" || !match) {
      req.resume();
      sendJson(res, 404, geminiErrorBody(404, `fake: no route for ${req.method} ${path}`));
      return;
    }
    const [, model, method] = match as unknown as [string, string, string];
    const body = JSON.parse((await readBody(req)) || "{}") as RecordedGeminiRequest["body"];
    if (method === "countTokens") {
      sendJson(res, 200, { totalTokens: 10 });
      return;
    }
    if (method === "generateContent") {
      // Side calls (model routing, next-speaker checks): a short answer, off the script.
      sendJson(res, 200, {
        candidates: [
          {
            content: { role: "model", parts: [{ text: '{"next_speaker":"user"}' }] },
            finishReason: "STOP",
            index: 0,
          },
        ],
        usageMetadata: usageMetadata({ promptTokenCount: 0, candidatesTokenCount: 0 }),
        modelVersion: model,
      });
      return;
    }
    const index = next < script.length ? next++ : undefined;
    requests.push({ path, url, model, method, headers: req.headers, body, turn: index });
    const turn: GeminiTurn = index === undefined ? { text: "done" } : script[index]!;
    if (turn.delayMs) await sleep(turn.delayMs);
    if ("status" in turn) {
      sendJson(res, turn.status, turn.body ?? geminiErrorBody(turn.status));
      return;
    }
    const declared = declaredFunctions(body);
    const parts = ("parts" in turn ? turn.parts : [turn]).map((part) => {
      if ("text" in part) return { text: part.text };
      if (!declared.includes(part.call.name)) {
        warnings.push(
          `turn ${index}: function "${part.call.name}" not declared (declared: ${declared.join(", ")})`,
        );
      }
      return { functionCall: { name: part.call.name, args: part.call.args } };
    });
    res.writeHead(200, { "content-type": "text/event-stream" });
    const chunk = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      chunk({
        candidates: [
          {
            content: { role: "model", parts: [part] },
            ...(last ? { finishReason: "STOP" } : {}),
            index: 0,
          },
        ],
        ...(last ? { usageMetadata: usageMetadata(turn.usage) } : {}),
        modelVersion: model,
        responseId: `resp_fake_${requests.length}`,
      });
    });
    res.end();
  }

  const server = await listenOnLoopback((req, res) => {
    log.push(`${req.method ?? "?"} ${req.url ?? "/"}`);
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, geminiErrorBody(500, String(error)));
      else res.end();
    });
  });
  return { url: server.url, requests, log, warnings, close: server.close };
}
