/**
 * A fake of the GitHub REST API's issue comments, for driving the real Octokit in tests.
 *
 * - `GET /repos/:owner/:repo/issues/:n/comments` lists oldest first, paginated like GitHub
 *   (`per_page` default 30, at most 100; `page` from 1; a `Link` header with absolute
 *   rel="next"/"last"/"first"/"prev" URLs).
 * - `POST /repos/:owner/:repo/issues/:n/comments` creates (201), `PATCH
 *   /repos/:owner/:repo/issues/comments/:id` updates (200), `GET …/issues/comments/:id` reads.
 * - `authorization: token X` or `Bearer X` must name a known token (401 otherwise); a read-only
 *   token may read but gets GitHub's 403 "Resource not accessible by integration" on writes.
 * - `failNext(status, count, body?, options?)` makes the next `count` comment requests (of one
 *   method, if given) fail: 5xx, a 403/429 secondary rate limit with `retry-after: 0`, or the read-only
 *   403. With `apply: true` the request takes effect before the failure is returned (a create that
 *   landed although the client saw a 502).
 * - Who a token is: `identities` (default: every token is `github-actions[bot]`, an installation
 *   token like GITHUB_TOKEN). `GET /user` answers a user's token and gives an installation token
 *   GitHub's 403 "Resource not accessible by integration"; `POST /graphql` `{ viewer { login } }`
 *   answers both (a bot's login with its `[bot]` suffix). Comments are created as the token's
 *   identity.
 * - `GET /repos/:owner/:repo/collaborators/:user/permission`: `permissions` (login → role; default
 *   `maintainer: admin`; anyone else `read`, as on a public repository), answered as GitHub does:
 *   `permission` admin/write/read/none (maintain counts as write, triage as read) and `role_name`.
 * Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface FakeComment {
  id: number;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  user: { login: string; type: "Bot" | "User" };
  createdAt: string;
  updatedAt: string;
}

export interface RecordedGitHubRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
  /** The status answered. */
  status: number;
}

/** A number is sent as that status; the names are GitHub's two kinds of 403. */
export type FakeFailure = number | "secondary-rate-limit" | "read-only";

export interface FailOptions {
  /** Only requests of this method count (and fail); others pass. */
  method?: "GET" | "POST" | "PATCH";
  /** Carry the request out, then answer with the failure anyway. */
  apply?: boolean;
  headers?: Record<string, string>;
}

export type RepoRole = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export interface FakeGitHubOptions {
  /** Who each token is (default: github-actions[bot], a Bot). */
  identities?: Record<string, FakeComment["user"]>;
  /** Collaborators' roles on the repository (default { maintainer: "admin" }). */
  permissions?: Record<string, RepoRole>;
  /** Tokens that may read and write (default ["test-token"]). */
  tokens?: string[];
  /** Tokens that may only read (a fork PR's GITHUB_TOKEN). */
  readOnlyTokens?: string[];
  /** Comments present at start, oldest first. */
  comments?: Array<{
    owner?: string;
    repo?: string;
    issueNumber?: number;
    body: string;
    user?: FakeComment["user"];
  }>;
}

export interface FakeGitHub {
  /** API root to give Octokit as baseUrl, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every comment on every issue, oldest first (the live state: push to seed more). */
  comments: FakeComment[];
  requests: RecordedGitHubRequest[];
  failNext(status: FakeFailure, count?: number, body?: unknown, options?: FailOptions): void;
  addComment(comment: {
    owner?: string;
    repo?: string;
    issueNumber?: number;
    body: string;
    user?: FakeComment["user"];
  }): FakeComment;
  close(): Promise<void>;
}

export const FAKE_OWNER = "acme";
export const FAKE_REPO = "widgets";

interface PendingFailure {
  status: number;
  remaining: number;
  body: unknown;
  headers: Record<string, string>;
  method?: string;
  apply: boolean;
}

const DOCS = "https://docs.github.com/rest";

function failureFor(
  kind: FakeFailure,
  count: number,
  body: unknown,
  options: FailOptions,
): PendingFailure {
  const base = { remaining: count, method: options.method, apply: options.apply ?? false };
  if (kind === "secondary-rate-limit" || kind === 429) {
    return {
      ...base,
      status: kind === 429 ? 429 : 403,
      body: body ?? {
        message:
          "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
        documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api`,
      },
      headers: { "retry-after": "0", ...options.headers },
    };
  }
  if (kind === "read-only") kind = 403;
  return {
    ...base,
    status: kind,
    body:
      body ?? (kind === 403 ? readOnlyBody() : { message: kind >= 500 ? "Server Error" : "Error" }),
    headers: { ...options.headers },
  };
}

function readOnlyBody() {
  return {
    message: "Resource not accessible by integration",
    documentation_url: `${DOCS}/issues/comments#create-an-issue-comment`,
    status: "403",
  };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const tokens = new Set(options.tokens ?? ["test-token"]);
  const identities = options.identities ?? {};
  const identityOf = (token: string): FakeComment["user"] =>
    identities[token] ?? { login: "github-actions[bot]", type: "Bot" };
  const roles: Record<string, RepoRole> = { maintainer: "admin", ...options.permissions };
  const readOnly = new Set(options.readOnlyTokens ?? []);
  const comments: FakeComment[] = [];
  const requests: RecordedGitHubRequest[] = [];
  const failures: PendingFailure[] = [];
  let nextId = 1000;
  let clock = Date.parse("2025-01-01T00:00:00Z");
  const now = () => new Date((clock += 1000)).toISOString();
  let url = "";

  const addComment: FakeGitHub["addComment"] = (c) => {
    const time = now();
    const comment: FakeComment = {
      id: nextId++,
      owner: c.owner ?? FAKE_OWNER,
      repo: c.repo ?? FAKE_REPO,
      issueNumber: c.issueNumber ?? 1,
      body: c.body,
      user: c.user ?? { login: "someone", type: "User" },
      createdAt: time,
      updatedAt: time,
    };
    comments.push(comment);
    return comment;
  };
  for (const c of options.comments ?? []) addComment(c);

  const toJson = (c: FakeComment) => ({
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${url}/repos/${c.owner}/${c.repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${c.owner}/${c.repo}/pull/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${url}/repos/${c.owner}/${c.repo}/issues/${c.issueNumber}`,
    body: c.body,
    user: { login: c.user.login, id: 1, type: c.user.type },
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    author_association: "NONE",
  });

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };

  const handle = (
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    token: string,
  ): Answer => {
    const list = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/);
    const one = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/);
    if (path === "/user" && method === "GET") {
      const who = identityOf(token);
      if (who.type === "Bot")
        return {
          status: 403,
          body: {
            message: "Resource not accessible by integration",
            documentation_url: `${DOCS}/users/users#get-the-authenticated-user`,
            status: "403",
          },
        };
      return { status: 200, body: { login: who.login, id: 7, type: "User" } };
    }
    if (path === "/graphql" && method === "POST") {
      const query = String((body as { query?: unknown } | undefined)?.query ?? "");
      if (!/viewer\s*{\s*login\s*}/.test(query))
        return {
          status: 200,
          body: { errors: [{ message: "the fake answers only viewer { login }" }] },
        };
      return { status: 200, body: { data: { viewer: { login: identityOf(token).login } } } };
    }
    const permission = path.match(
      /^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)\/permission$/,
    );
    if (permission && method === "GET") {
      const login = decodeURIComponent(permission[3]!);
      const role = roles[login] ?? "read";
      const legacy = role === "maintain" ? "write" : role === "triage" ? "read" : role;
      return {
        status: 200,
        body: { permission: legacy, role_name: role, user: { login, type: "User" } },
      };
    }
    const write = method !== "GET";
    if (write && readOnly.has(token)) return { status: 403, body: readOnlyBody() };

    if (list && method === "GET") {
      const [, owner, repo, n] = list;
      const all = comments.filter(
        (c) => c.owner === owner && c.repo === repo && c.issueNumber === Number(n),
      );
      const perPage = Math.min(100, Math.max(1, Number(query.get("per_page") ?? 30) || 30));
      const page = Math.max(1, Number(query.get("page") ?? 1) || 1);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const pageUrl = (p: number) => {
        const q = new URLSearchParams(query);
        q.set("per_page", String(perPage));
        q.set("page", String(p));
        return `<${url}${path}?${q.toString()}>`;
      };
      const links: string[] = [];
      if (page < last)
        links.push(`${pageUrl(page + 1)}; rel="next"`, `${pageUrl(last)}; rel="last"`);
      if (page > 1) links.push(`${pageUrl(page - 1)}; rel="prev"`, `${pageUrl(1)}; rel="first"`);
      return {
        status: 200,
        body: all.slice((page - 1) * perPage, page * perPage).map(toJson),
        headers: links.length ? { link: links.join(", ") } : {},
      };
    }
    if (list && method === "POST") {
      const [, owner, repo, n] = list;
      const text = (body as { body?: unknown } | undefined)?.body;
      if (typeof text !== "string") return invalid("body");
      if (text.length > 65536) return invalid("body is too long (maximum is 65536 characters)");
      const created = addComment({
        owner,
        repo,
        issueNumber: Number(n),
        body: text,
        user: identityOf(token),
      });
      return { status: 201, body: toJson(created) };
    }
    if (one && (method === "PATCH" || method === "GET")) {
      const [, owner, repo, id] = one;
      const comment = comments.find(
        (c) => c.id === Number(id) && c.owner === owner && c.repo === repo,
      );
      if (!comment) return notFound();
      if (method === "PATCH") {
        const text = (body as { body?: unknown } | undefined)?.body;
        if (typeof text !== "string") return invalid("body");
        if (text.length > 65536) return invalid("body is too long (maximum is 65536 characters)");
        comment.body = text;
        comment.updatedAt = now();
      }
      return { status: 200, body: toJson(comment) };
    }
    return notFound();
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const parsed = new URL(req.url ?? "/", "http://fake");
      const method = req.method ?? "GET";
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const record: RecordedGitHubRequest = {
        method,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body,
        status: 0,
      };
      requests.push(record);

      const send = (answer: Answer) => {
        record.status = answer.status;
        res.writeHead(answer.status, {
          "content-type": "application/json; charset=utf-8",
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body));
      };

      const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? "");
      const token = auth?.[1] ?? "";
      if (!tokens.has(token) && !readOnly.has(token)) {
        return send({
          status: 401,
          body: { message: "Bad credentials", documentation_url: DOCS },
        });
      }

      // Scripted failures hit the comment endpoints only (not the identity or permission look-ups).
      const index = parsed.pathname.includes("/comments")
        ? failures.findIndex((f) => !f.method || f.method === method)
        : -1;
      const failure = index >= 0 ? failures[index] : undefined;
      if (failure) {
        failure.remaining--;
        if (failure.remaining <= 0) failures.splice(index, 1);
        if (failure.apply) handle(method, parsed.pathname, parsed.searchParams, body, token);
        return send({ status: failure.status, body: failure.body, headers: failure.headers });
      }
      send(handle(method, parsed.pathname, parsed.searchParams, body, token));
    });
  });

  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    comments,
    requests,
    failNext(status, count = 1, body, failOptions = {}) {
      failures.push(failureFor(status, count, body, failOptions));
    },
    addComment,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function notFound() {
  return { status: 404, body: { message: "Not Found", documentation_url: DOCS } };
}

function invalid(field: string) {
  return {
    status: 422,
    body: {
      message: "Validation Failed",
      errors: [{ resource: "IssueComment", field, code: "invalid" }],
    },
  };
}
