// A smart-HTTP git server for tests: node's http server in front of `git http-backend` (CGI), on
// 127.0.0.1. It records each request's Authorization header and can refuse pushes with a 403 the
// way GitHub does for a read-only token.

import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GitHttpServer {
  /** `http://127.0.0.1:PORT/` — append the bare repo's name relative to `root`. */
  url: string;
  /** Authorization headers received, in order (undefined when a request had none). */
  authorizations: Array<string | undefined>;
  /** Requests received, as `METHOD /path?query`. */
  requests: string[];
  close(): Promise<void>;
}

export interface GitHttpOptions {
  /** Directory holding the bare repositories. */
  root: string;
  /** Refuse pushes (receive-pack) with 403 and GitHub's message, whatever the credentials. */
  readOnly?: boolean;
  /** When set, requests without `Authorization: <requireAuthorization>` (any case) get a 401. */
  requireAuthorization?: string;
}

export async function startGitHttpServer(options: GitHttpOptions): Promise<GitHttpServer> {
  const authorizations: Array<string | undefined> = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${req.method ?? "GET"} ${req.url ?? "/"}`);
    const auth = req.headers.authorization;
    authorizations.push(auth);
    if (
      options.requireAuthorization !== undefined &&
      auth?.toLowerCase() !== options.requireAuthorization.toLowerCase()
    ) {
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="test"' }).end("unauthorized\n");
      return;
    }
    const pushing =
      url.pathname.endsWith("/git-receive-pack") ||
      url.searchParams.get("service") === "git-receive-pack";
    if (options.readOnly && pushing) {
      // What github.com answers when the token may only read.
      res
        .writeHead(403, { "Content-Type": "text/plain" })
        .end("Permission to o/r.git denied to github-actions[bot].\n");
      return;
    }
    const child = spawn("git", ["http-backend"], {
      env: {
        PATH: process.env.PATH ?? "",
        GIT_PROJECT_ROOT: options.root,
        GIT_HTTP_EXPORT_ALL: "1",
        REMOTE_USER: "test",
        REMOTE_ADDR: "127.0.0.1",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        HTTP_CONTENT_ENCODING: req.headers["content-encoding"] ?? "",
        GIT_HTTP_MAX_REQUEST_BUFFER: "100M",
      },
      stdio: ["pipe", "pipe", "inherit"],
    });
    req.pipe(child.stdin);
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf("\r\n\r\n");
      const head = split < 0 ? "" : out.subarray(0, split).toString("latin1");
      const body = split < 0 ? out : out.subarray(split + 4);
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    authorizations,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
