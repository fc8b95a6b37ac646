/**
 * A fake of the GitHub Actions results service, for driving the real @actions/artifact (v6) and
 * @actions/cache (v6, cache service v2) clients in tests.
 *
 * What the clients call (read from their source in node_modules):
 *
 * - Twirp JSON: `POST /twirp/github.actions.results.api.v1.<Service>/<Method>` with
 *   `Authorization: Bearer $ACTIONS_RUNTIME_TOKEN` and a JSON body using the proto field names
 *   (snake_case; int64 as strings, `google.protobuf.StringValue` as a bare string, Timestamp as
 *   RFC 3339). Answers use the same names. A non-2xx answer carries `{ code, msg }`; the clients
 *   retry 500/502/503/504 (and the artifact client 429) five times with a 3 s backoff, so tests
 *   that inject failures should use a status they do not retry (e.g. 400, 401, 403, 409).
 *   - ArtifactService: CreateArtifact → `signed_upload_url`; FinalizeArtifact (`size`, `hash`
 *     "sha256:<hex>") → `artifact_id`; ListArtifacts (`name_filter`, `id_filter`; every job's and
 *     every attempt's artifacts of the run, as GitHub keeps them across re-runs, and a name stays
 *     taken across attempts: CreateArtifact answers 409); GetSignedArtifactURL → `signed_url`;
 *     DeleteArtifact.
 *   - CacheService: GetCacheEntryDownloadURL (`key`, `restore_keys`, `version`) →
 *     `signed_download_url`, `matched_key`; CreateCacheEntry → `signed_upload_url`;
 *     FinalizeCacheEntryUpload (`size_bytes`) → `entry_id`.
 * - Blob storage (Azure block blobs; the SDK treats an IP host as "path style", so URLs look like
 *   `/<account>/<container>/<blob>?sig=…`):
 *   - artifacts: `BlockBlobClient.uploadStream` → `PUT ?comp=block&blockid=<b64>` per 8 MiB chunk,
 *     then `PUT ?comp=blocklist` (XML `<BlockList><Latest>id</Latest>…`);
 *   - caches: `BlockBlobClient.uploadFile` → one `PUT` with `x-ms-blob-type: BlockBlob` up to
 *     128 MiB (bigger: blocks + block list, as above);
 *   - downloads: plain `GET` of the signed URL (the cache client checks `Content-Length`; the
 *     artifact client unzips when the type is application/zip).
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

const TWIRP = "/twirp/github.actions.results.api.v1.";
const ACCOUNT = "devstoreaccount1";

export interface FakeArtifact {
  id: number;
  name: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  mimeType?: string;
  expiresAt?: string;
  /** The blob as committed; undefined until the client commits it. */
  bytes?: Buffer;
  /** sha256 hex of `bytes`, computed by the fake. */
  sha256?: string;
  /** What FinalizeArtifact said: size and the hash without its "sha256:" prefix. */
  finalizedSize?: number;
  finalizedHash?: string;
  finalized: boolean;
  createdAt: Date;
}

export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  bytes?: Buffer;
  /** What FinalizeCacheEntryUpload said. */
  sizeBytes?: number;
  finalized: boolean;
  createdAt: Date;
}

export interface RecordedResultsRequest {
  method: string;
  /** Path without the query. */
  path: string;
  /** The query's `comp` (blob calls), if any. */
  comp?: string;
  /** The parsed JSON body of twirp calls. */
  body?: unknown;
  authorization?: string;
  headers: IncomingMessage["headers"];
  /** The status the fake answered. */
  status: number;
}

/** The variables the real clients read (at call time, not at import). */
export interface FakeResultsEnv {
  [name: string]: string;
  ACTIONS_RESULTS_URL: string;
  ACTIONS_RUNTIME_TOKEN: string;
  ACTIONS_CACHE_SERVICE_V2: string;
  GITHUB_SERVER_URL: string;
}

export interface FakeResultsService {
  /** Base URL, e.g. "http://127.0.0.1:40123". */
  url: string;
  /**
   * The environment the clients need: ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN (a JWT whose
   * `scp` holds "Actions.Results:<runId>:<jobId>"), ACTIONS_CACHE_SERVICE_V2=true and
   * GITHUB_SERVER_URL=https://github.com (anything else counts as GHES, which both clients refuse
   * or send to the v1 cache service).
   */
  env(runId?: string, jobId?: string): FakeResultsEnv;
  artifacts: FakeArtifact[];
  cacheEntries: FakeCacheEntry[];
  /** Every request, in arrival order. */
  requests: RecordedResultsRequest[];
  /**
   * An artifact uploaded by something other than the client under test (a hostile zip, say),
   * finalized as if a job of run `runId` had uploaded it; what ListArtifacts then lists.
   */
  seedArtifact(options: {
    name: string;
    bytes: Buffer;
    runId: string;
    jobId?: string;
  }): FakeArtifact;
  /**
   * Answer the next `count` requests whose path equals `path`, starts with it, or ends with
   * "/<path>" (so a twirp method name like "CreateCacheEntry" works) with `status`.
   */
  failNext(path: string, status: number, count?: number): void;
  close(): Promise<void>;
}

interface Blob {
  bytes?: Buffer;
  contentType?: string;
  blocks: Map<string, Buffer>;
}

interface Failure {
  path: string;
  status: number;
  count: number;
}

function base64url(value: string): string {
  return Buffer.from(value).toString("base64url");
}

/** An unsigned-looking JWT; the clients decode the payload and never verify the signature. */
export function fakeRuntimeToken(runId: string, jobId: string): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${runId}:${jobId}`,
      // Fixed, so the same ids give the same token (the clients don't check expiry).
      iat: 1_700_000_000,
      exp: 4_102_444_800,
    }),
  );
  return `${header}.${payload}.${base64url("fake-signature")}`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

type Json = Record<string, unknown>;

function str(body: Json, field: string): string {
  const value = body[field];
  return typeof value === "string" ? value : "";
}

export async function startFakeResultsService(): Promise<FakeResultsService> {
  const artifacts: FakeArtifact[] = [];
  const cacheEntries: FakeCacheEntry[] = [];
  const requests: RecordedResultsRequest[] = [];
  const blobs = new Map<string, Blob>();
  const failures: Failure[] = [];
  let nextId = 1000;
  let url = "";

  const signed = (container: string, name: string) =>
    `${url}/${ACCOUNT}/${container}/${name}?sv=2023-11-03&se=${encodeURIComponent(
      new Date(Date.now() + 3600_000).toISOString(),
    )}&sr=b&sp=rcw&sig=fake-${randomUUID()}`;
  const blobOf = (pathname: string) => blobs.get(decodeURIComponent(pathname));
  const artifactBlobPath = (a: FakeArtifact) =>
    `/${ACCOUNT}/actions-results/${a.workflowRunBackendId}/${a.workflowJobRunBackendId}/${a.id}/${a.name}.zip`;
  const cacheBlobPath = (e: FakeCacheEntry) => `/${ACCOUNT}/actions-cache/${e.id}/cache.tzst`;

  function takeFailure(pathname: string): number | undefined {
    const f = failures.find(
      (x) =>
        x.count > 0 &&
        (pathname === x.path || pathname.startsWith(x.path) || pathname.endsWith(`/${x.path}`)),
    );
    if (!f) return undefined;
    f.count--;
    if (f.count === 0) failures.splice(failures.indexOf(f), 1);
    return f.status;
  }

  function twirpError(status: number): { code: string; msg: string } {
    const code =
      {
        400: "invalid_argument",
        401: "unauthenticated",
        403: "permission_denied",
        404: "not_found",
        409: "already_exists",
        429: "resource_exhausted",
      }[status] ?? "internal";
    return { code, msg: `fake results service: injected ${status}` };
  }

  // ---------- ArtifactService ----------

  function findArtifact(body: Json, finalized?: boolean): FakeArtifact | undefined {
    return artifacts.find(
      (a) =>
        a.name === str(body, "name") &&
        a.workflowRunBackendId === str(body, "workflow_run_backend_id") &&
        (finalized === undefined || a.finalized === finalized),
    );
  }

  function artifactService(method: string, body: Json): [number, unknown] {
    switch (method) {
      case "CreateArtifact": {
        if (findArtifact(body, true)) {
          return [
            409,
            { code: "already_exists", msg: "an artifact with this name already exists" },
          ];
        }
        const expires = body["expires_at"];
        const mime = body["mime_type"];
        const artifact: FakeArtifact = {
          id: nextId++,
          name: str(body, "name"),
          workflowRunBackendId: str(body, "workflow_run_backend_id"),
          workflowJobRunBackendId: str(body, "workflow_job_run_backend_id"),
          ...(typeof mime === "string" ? { mimeType: mime } : {}),
          ...(typeof expires === "string" ? { expiresAt: expires } : {}),
          finalized: false,
          createdAt: new Date(),
        };
        // A retried create replaces an unfinished one of the same name.
        const stale = findArtifact(body, false);
        if (stale) artifacts.splice(artifacts.indexOf(stale), 1);
        artifacts.push(artifact);
        blobs.set(artifactBlobPath(artifact), { blocks: new Map() });
        const signedUrl = signed(
          "actions-results",
          artifactBlobPath(artifact).split("/").slice(3).join("/"),
        );
        return [200, { ok: true, signed_upload_url: signedUrl }];
      }
      case "FinalizeArtifact": {
        const artifact = findArtifact(body, false);
        if (!artifact) return [404, { code: "not_found", msg: "artifact not found" }];
        const blob = blobs.get(artifactBlobPath(artifact));
        if (!blob?.bytes) return [400, { code: "failed_precondition", msg: "blob not committed" }];
        artifact.bytes = blob.bytes;
        artifact.sha256 = sha256(blob.bytes);
        artifact.finalizedSize = Number(body["size"] ?? 0);
        const hash = body["hash"];
        if (typeof hash === "string") artifact.finalizedHash = hash.replace(/^sha256:/, "");
        artifact.finalized = true;
        return [200, { ok: true, artifact_id: String(artifact.id) }];
      }
      case "ListArtifacts": {
        const nameFilter = body["name_filter"];
        const idFilter = body["id_filter"];
        const list = artifacts.filter(
          (a) =>
            a.finalized &&
            a.workflowRunBackendId === str(body, "workflow_run_backend_id") &&
            (typeof nameFilter !== "string" || a.name === nameFilter) &&
            (idFilter === undefined || String(a.id) === String(idFilter)),
        );
        return [
          200,
          {
            artifacts: list.map((a) => ({
              workflow_run_backend_id: a.workflowRunBackendId,
              workflow_job_run_backend_id: a.workflowJobRunBackendId,
              database_id: String(a.id),
              name: a.name,
              size: String(a.bytes?.length ?? 0),
              created_at: a.createdAt.toISOString(),
              ...(a.sha256 ? { digest: `sha256:${a.sha256}` } : {}),
            })),
          },
        ];
      }
      case "GetSignedArtifactURL": {
        const artifact = findArtifact(body, true);
        if (!artifact) return [404, { code: "not_found", msg: "artifact not found" }];
        return [
          200,
          {
            signed_url: signed(
              "actions-results",
              artifactBlobPath(artifact).split("/").slice(3).join("/"),
            ),
          },
        ];
      }
      case "DeleteArtifact": {
        const artifact = findArtifact(body, true);
        if (!artifact) return [404, { code: "not_found", msg: "artifact not found" }];
        artifacts.splice(artifacts.indexOf(artifact), 1);
        blobs.delete(artifactBlobPath(artifact));
        return [200, { ok: true, artifact_id: String(artifact.id) }];
      }
      default:
        return [404, { code: "bad_route", msg: `no method ${method}` }];
    }
  }

  // ---------- CacheService ----------

  function cacheService(method: string, body: Json): [number, unknown] {
    const key = str(body, "key");
    const version = str(body, "version");
    switch (method) {
      case "GetCacheEntryDownloadURL": {
        const ready = cacheEntries
          .filter((e) => e.finalized && e.version === version)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
        const restoreKeys = Array.isArray(body["restore_keys"])
          ? (body["restore_keys"] as unknown[]).filter((k): k is string => typeof k === "string")
          : [];
        // Exact primary key first, then each restore key as a prefix, newest first.
        let hit = ready.find((e) => e.key === key);
        for (const prefix of restoreKeys) {
          hit ??=
            ready.find((e) => e.key === prefix) ?? ready.find((e) => e.key.startsWith(prefix));
        }
        if (!hit) return [200, { ok: false }];
        return [
          200,
          {
            ok: true,
            signed_download_url: signed(
              "actions-cache",
              cacheBlobPath(hit).split("/").slice(3).join("/"),
            ),
            matched_key: hit.key,
          },
        ];
      }
      case "CreateCacheEntry": {
        if (cacheEntries.some((e) => e.key === key && e.version === version && e.finalized)) {
          return [409, { code: "already_exists", msg: "cache entry already exists" }];
        }
        const stale = cacheEntries.findIndex((e) => e.key === key && e.version === version);
        if (stale >= 0) cacheEntries.splice(stale, 1);
        const entry: FakeCacheEntry = {
          id: nextId++,
          key,
          version,
          finalized: false,
          createdAt: new Date(),
        };
        cacheEntries.push(entry);
        blobs.set(cacheBlobPath(entry), { blocks: new Map() });
        return [
          200,
          {
            ok: true,
            signed_upload_url: signed(
              "actions-cache",
              cacheBlobPath(entry).split("/").slice(3).join("/"),
            ),
          },
        ];
      }
      case "FinalizeCacheEntryUpload": {
        const entry = cacheEntries.find(
          (e) => e.key === key && e.version === version && !e.finalized,
        );
        if (!entry) return [200, { ok: false, message: "no cache entry reserved for this key" }];
        const blob = blobs.get(cacheBlobPath(entry));
        if (!blob?.bytes) return [200, { ok: false, message: "cache archive not uploaded" }];
        entry.bytes = blob.bytes;
        entry.sizeBytes = Number(body["size_bytes"] ?? 0);
        entry.finalized = true;
        return [200, { ok: true, entry_id: String(entry.id) }];
      }
      default:
        return [404, { code: "bad_route", msg: `no method ${method}` }];
    }
  }

  // ---------- Blob storage ----------

  async function blobRequest(
    req: IncomingMessage,
    res: ServerResponse,
    target: URL,
    record: RecordedResultsRequest,
  ): Promise<void> {
    const blob = blobOf(target.pathname);
    const comp = target.searchParams.get("comp") ?? undefined;
    if (comp) record.comp = comp;
    const send = (status: number, body?: Buffer | string, headers: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, {
        "x-ms-request-id": randomUUID(),
        "x-ms-version": "2025-01-05",
        date: new Date().toUTCString(),
        ...headers,
      });
      res.end(body);
    };
    if (!blob || !target.searchParams.get("sig")) {
      await readBody(req);
      send(404, "<Error><Code>BlobNotFound</Code></Error>", { "content-type": "application/xml" });
      return;
    }
    const stored = {
      etag: `"0x${Date.now().toString(16).toUpperCase()}"`,
      "last-modified": new Date().toUTCString(),
    };
    if (req.method === "PUT" && comp === "block") {
      const id = target.searchParams.get("blockid") ?? "";
      blob.blocks.set(id, await readBody(req));
      send(201, undefined, { "content-length": "0" });
      return;
    }
    if (req.method === "PUT" && comp === "blocklist") {
      const xml = (await readBody(req)).toString("utf8");
      const ids = [...xml.matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)].map(
        (m) => m[2] ?? "",
      );
      const missing = ids.filter((id) => !blob.blocks.has(id));
      if (missing.length > 0) {
        send(400, "<Error><Code>InvalidBlockList</Code></Error>", {
          "content-type": "application/xml",
        });
        return;
      }
      blob.bytes = Buffer.concat(ids.map((id) => blob.blocks.get(id) as Buffer));
      blob.blocks.clear();
      const type = req.headers["x-ms-blob-content-type"];
      if (typeof type === "string") blob.contentType = type;
      send(201, undefined, { ...stored, "content-length": "0" });
      return;
    }
    if (req.method === "PUT" && !comp) {
      const body = await readBody(req);
      if (req.headers["x-ms-blob-type"] !== "BlockBlob") {
        send(400, "<Error><Code>InvalidHeaderValue</Code></Error>", {
          "content-type": "application/xml",
        });
        return;
      }
      blob.bytes = body;
      const type = req.headers["x-ms-blob-content-type"];
      if (typeof type === "string") blob.contentType = type;
      send(201, undefined, { ...stored, "content-length": "0" });
      return;
    }
    if ((req.method === "GET" || req.method === "HEAD") && !comp) {
      await readBody(req);
      if (!blob.bytes) {
        send(404, "<Error><Code>BlobNotFound</Code></Error>", {
          "content-type": "application/xml",
        });
        return;
      }
      const headers = {
        ...stored,
        "content-type": blob.contentType ?? "application/octet-stream",
        "content-length": String(blob.bytes.length),
        "accept-ranges": "bytes",
        "x-ms-blob-type": "BlockBlob",
      };
      if (req.method === "HEAD") {
        record.status = 200;
        res.writeHead(200, headers);
        res.end();
      } else send(200, blob.bytes, headers);
      return;
    }
    await readBody(req);
    send(405, "<Error><Code>UnsupportedHttpVerb</Code></Error>", {
      "content-type": "application/xml",
    });
  }

  // ---------- server ----------

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = new URL(req.url ?? "/", "http://127.0.0.1");
    const record: RecordedResultsRequest = {
      method: req.method ?? "GET",
      path: target.pathname,
      ...(typeof req.headers.authorization === "string"
        ? { authorization: req.headers.authorization }
        : {}),
      headers: req.headers,
      status: 0,
    };
    requests.push(record);

    const injected = takeFailure(target.pathname);
    if (injected !== undefined) {
      await readBody(req);
      record.status = injected;
      res.writeHead(injected, { "content-type": "application/json" });
      res.end(JSON.stringify(twirpError(injected)));
      return;
    }

    if (target.pathname.startsWith(TWIRP)) {
      const raw = await readBody(req);
      const reply = (status: number, body: unknown) => {
        record.status = status;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST") return reply(404, { code: "bad_route", msg: "POST only" });
      if (!/^Bearer \S+\.\S+\.\S+$/.test(req.headers.authorization ?? "")) {
        return reply(401, { code: "unauthenticated", msg: "missing bearer token" });
      }
      let body: Json;
      try {
        body = JSON.parse(raw.toString("utf8")) as Json;
      } catch {
        return reply(400, { code: "malformed", msg: "body is not JSON" });
      }
      record.body = body;
      const [service, method] = target.pathname.slice(TWIRP.length).split("/");
      if (service === "ArtifactService") return reply(...artifactService(method ?? "", body));
      if (service === "CacheService") return reply(...cacheService(method ?? "", body));
      return reply(404, { code: "bad_route", msg: `no service ${service}` });
    }

    if (target.pathname.startsWith(`/${ACCOUNT}/`)) return blobRequest(req, res, target, record);

    await readBody(req);
    record.status = 404;
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  }

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: "internal", msg: String(error) }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env(
      runId = "11111111-2222-4333-8444-555555555555",
      jobId = "66666666-7777-4888-8999-aaaaaaaaaaaa",
    ) {
      return {
        ACTIONS_RESULTS_URL: `${url}/`,
        ACTIONS_RUNTIME_TOKEN: fakeRuntimeToken(runId, jobId),
        ACTIONS_CACHE_SERVICE_V2: "true",
        GITHUB_SERVER_URL: "https://github.com",
      };
    },
    artifacts,
    cacheEntries,
    requests,
    seedArtifact({ name, bytes, runId, jobId = "seeded" }) {
      const artifact: FakeArtifact = {
        id: nextId++,
        name,
        workflowRunBackendId: runId,
        workflowJobRunBackendId: jobId,
        bytes,
        sha256: sha256(bytes),
        finalizedSize: bytes.length,
        finalized: true,
        createdAt: new Date(),
      };
      artifacts.push(artifact);
      blobs.set(artifactBlobPath(artifact), {
        bytes,
        contentType: "application/zip",
        blocks: new Map(),
      });
      return artifact;
    },
    failNext(path, status, count = 1) {
      failures.push({ path, status, count });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
