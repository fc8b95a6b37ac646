import { afterEach, describe, expect, it } from "vitest";
import {
  CommentPermissionError,
  retryDecision,
  upsertStickyComment,
} from "../src/github/publish/comment.js";
import { STICKY_MARKER } from "../src/report/markdown.js";
import { FAKE_OWNER, FAKE_REPO, startFakeGitHub, type FakeGitHub } from "./fakes/github.js";

const servers: FakeGitHub[] = [];
/** What GITHUB_TOKEN's comments are written as. */
const BOT = { login: "github-actions[bot]", type: "Bot" } as const;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(options: Parameters<typeof startFakeGitHub>[0] = {}): Promise<FakeGitHub> {
  const server = await startFakeGitHub(options);
  servers.push(server);
  return server;
}

function upsert(
  server: FakeGitHub,
  body: string,
  extra: { token?: string; issueNumber?: number } = {},
) {
  return upsertStickyComment({
    token: extra.token ?? "test-token",
    baseUrl: server.url,
    owner: FAKE_OWNER,
    repo: FAKE_REPO,
    issueNumber: extra.issueNumber ?? 7,
    body: `${STICKY_MARKER}\n${body}`,
    marker: STICKY_MARKER,
  });
}

const onIssue = (server: FakeGitHub, n = 7) => server.comments.filter((c) => c.issueNumber === n);
const sticky = (server: FakeGitHub, n = 7) =>
  onIssue(server, n).filter((c) => c.body.includes(STICKY_MARKER));
/** The requests for comments (not the look-up of who the token is). */
const commentRequests = (server: FakeGitHub) =>
  server.requests.filter((r) => r.path.includes("/comments"));
const count = (server: FakeGitHub, method: string) =>
  server.requests.filter((r) => r.method === method && r.path.includes("/comments")).length;

describe("upsertStickyComment", () => {
  it("never edits a person's comment that quotes the marker: GITHUB_TOKEN edits only github-actions[bot]'s", async () => {
    const server = await fake();
    const ours = server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nrun 1`, user: BOT });
    const quoted = `> ${STICKY_MARKER}\n> run 1\nwhy did this fail?`;
    const person = server.addComment({ issueNumber: 7, body: quoted });
    const other = server.addComment({
      issueNumber: 7,
      body: `${STICKY_MARKER}\nanother bot's`,
      user: { login: "some-app[bot]", type: "Bot" },
    });
    const result = await upsert(server, "run 2");
    expect(result).toMatchObject({ action: "updated", id: ours.id });
    expect(ours.body).toBe(`${STICKY_MARKER}\nrun 2`);
    expect(person.body).toBe(quoted);
    expect(other.body).toBe(`${STICKY_MARKER}\nanother bot's`);
  });

  it("with only a person's quoting comment there, a new comment is created and theirs kept", async () => {
    const server = await fake();
    const person = server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nmine` });
    const result = await upsert(server, "results");
    expect(result.action).toBe("created");
    expect(person.body).toBe(`${STICKY_MARKER}\nmine`);
    expect(server.comments.find((c) => c.id === result.id)?.user).toEqual(BOT);
  });

  it("a personal access token edits its own user's comment, not github-actions[bot]'s", async () => {
    const server = await fake({
      tokens: ["pat"],
      identities: { pat: { login: "release-bot-user", type: "User" } },
    });
    const bots = server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nold`, user: BOT });
    const first = await upsert(server, "mine 1", { token: "pat" });
    expect(first.action).toBe("created");
    const second = await upsert(server, "mine 2", { token: "pat" });
    expect(second).toMatchObject({ action: "updated", id: first.id });
    expect(bots.body).toBe(`${STICKY_MARKER}\nold`);
    expect(server.comments.find((c) => c.id === first.id)?.user.login).toBe("release-bot-user");
  });

  it("finds the marker on page 2 of 150 comments and updates it in place", async () => {
    const server = await fake();
    for (let i = 0; i < 150; i++) {
      server.addComment({
        issueNumber: 7,
        body: i === 120 ? `${STICKY_MARKER}\nold results` : `comment ${i}`,
        ...(i === 120 ? { user: BOT } : {}),
      });
    }
    server.addComment({ issueNumber: 8, body: `${STICKY_MARKER}\nanother PR's`, user: BOT });
    const target = onIssue(server)[120];

    const result = await upsert(server, "new results");

    expect(result).toEqual({
      action: "updated",
      id: target?.id,
      url: `https://github.com/${FAKE_OWNER}/${FAKE_REPO}/pull/7#issuecomment-${target?.id}`,
    });
    expect(target?.body).toBe(`${STICKY_MARKER}\nnew results`);
    expect(onIssue(server)).toHaveLength(150);
    const gets = commentRequests(server).filter((r) => r.method === "GET");
    expect(gets.map((r) => r.query.get("page") ?? "1")).toEqual(["1", "2"]);
    expect(gets.every((r) => r.query.get("per_page") === "100")).toBe(true);
    expect(count(server, "POST")).toBe(0);
    expect(count(server, "PATCH")).toBe(1);
    // The other PR's comment is untouched.
    expect(server.comments.find((c) => c.issueNumber === 8)?.body).toContain("another PR's");
  });

  it("creates the comment once when there is none, then updates that same comment", async () => {
    const server = await fake({
      comments: [
        { issueNumber: 7, body: "LGTM" },
        { issueNumber: 7, body: "agent-evals is nice" },
      ],
    });

    const first = await upsert(server, "run 1");
    expect(first.action).toBe("created");
    expect(sticky(server)).toHaveLength(1);
    expect(sticky(server)[0]?.body).toBe(`${STICKY_MARKER}\nrun 1`);

    const second = await upsert(server, "run 2");
    expect(second).toMatchObject({ action: "updated", id: first.id, url: first.url });
    expect(sticky(server)).toHaveLength(1);
    expect(sticky(server)[0]?.body).toBe(`${STICKY_MARKER}\nrun 2`);
    expect(count(server, "POST")).toBe(1);
    expect(count(server, "PATCH")).toBe(1);
  });

  it("updates the newest of several marked comments", async () => {
    const server = await fake();
    server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nolder`, user: BOT });
    const newer = server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nnewer`, user: BOT });
    const result = await upsert(server, "latest");
    expect(result).toMatchObject({ action: "updated", id: newer.id });
    expect(onIssue(server).map((c) => c.body.split("\n")[1])).toEqual(["older", "latest"]);
  });

  it("adds the marker when the body lacks it", async () => {
    const server = await fake();
    await upsertStickyComment({
      token: "test-token",
      baseUrl: `${server.url}/`,
      owner: FAKE_OWNER,
      repo: FAKE_REPO,
      issueNumber: 7,
      body: "no marker here",
      marker: STICKY_MARKER,
    });
    expect(sticky(server)[0]?.body).toBe(`${STICKY_MARKER}\nno marker here`);
  });

  it("sends the token (token or Bearer accepted by the fake)", async () => {
    const server = await fake({ tokens: ["s3cret"] });
    await upsert(server, "x", { token: "s3cret" });
    expect(
      server.requests.every((r) => /^(token|bearer) s3cret$/i.test(r.headers.authorization ?? "")),
    ).toBe(true);
    await expect(upsert(server, "x", { token: "wrong" })).rejects.toThrow(/401.*Bad credentials/);
  });

  it("retries 502s and still posts exactly one comment", async () => {
    const server = await fake();
    server.failNext(502, 2);
    const result = await upsert(server, "after 502s");
    expect(result.action).toBe("created");
    expect(sticky(server)).toHaveLength(1);
    expect(commentRequests(server).map((r) => `${r.method} ${r.status}`)).toEqual([
      "GET 502",
      "GET 502",
      "GET 200",
      "POST 201",
    ]);
  });

  it("never duplicates a create that landed although the client saw a 502", async () => {
    const server = await fake();
    server.failNext(502, 1, undefined, { method: "POST", apply: true });
    const result = await upsert(server, "landed");
    expect(result.action).toBe("created");
    expect(sticky(server)).toHaveLength(1);
    expect(result.id).toBe(sticky(server)[0]?.id);
    expect(count(server, "POST")).toBe(1);
    expect(count(server, "GET")).toBe(2); // listed again before any second create
  });

  it("creates again after a 502 that did not land", async () => {
    const server = await fake();
    server.failNext(503, 1, undefined, { method: "POST" });
    const result = await upsert(server, "second try");
    expect(result.action).toBe("created");
    expect(sticky(server)).toHaveLength(1);
    expect(count(server, "POST")).toBe(2);
  });

  it("waits out a secondary rate limit (403 + retry-after) and a 429", async () => {
    const server = await fake();
    server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nold`, user: BOT });
    server.failNext("secondary-rate-limit", 1, undefined, { method: "GET" });
    server.failNext(429, 1, undefined, { method: "PATCH" });
    const started = Date.now();
    const result = await upsert(server, "rate limited");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.action).toBe("updated");
    expect(commentRequests(server).map((r) => `${r.method} ${r.status}`)).toEqual([
      "GET 403",
      "GET 200",
      "PATCH 429",
      "PATCH 200",
    ]);
    expect(sticky(server)[0]?.body).toContain("rate limited");
  });

  it("gives up after `retries` and says what failed", async () => {
    const server = await fake();
    server.failNext(500, 10);
    await expect(
      upsertStickyComment({
        token: "test-token",
        baseUrl: server.url,
        owner: FAKE_OWNER,
        repo: FAKE_REPO,
        issueNumber: 7,
        body: "x",
        marker: STICKY_MARKER,
        retries: 1,
      }),
    ).rejects.toThrow(/could not read the comments of acme\/widgets#7 \(HTTP 500/);
    expect(commentRequests(server)).toHaveLength(2);
  });

  it("reports a rate limit that outlasts the retries as such", async () => {
    const server = await fake();
    server.failNext("secondary-rate-limit", 10, undefined, { method: "POST" });
    const error = await upsertStickyComment({
      token: "test-token",
      baseUrl: server.url,
      owner: FAKE_OWNER,
      repo: FAKE_REPO,
      issueNumber: 7,
      body: "x",
      marker: STICKY_MARKER,
      retries: 2,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/rate limit still applied after the retries/);
    expect(error).not.toBeInstanceOf(CommentPermissionError);
    expect(count(server, "POST")).toBe(3);
    expect(count(server, "GET")).toBe(3);
  });

  it("explains a read-only token (fork PR) instead of retrying", async () => {
    const server = await fake({ readOnlyTokens: ["fork-token"] });
    const error = await upsert(server, "x", { token: "fork-token" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommentPermissionError);
    const message = (error as Error).message;
    expect(message).toMatch(/token can't write/);
    expect(message).toMatch(/fork/);
    expect(message).toContain("pull-requests: write");
    expect(message).toContain("Resource not accessible by integration");
    expect(count(server, "POST")).toBe(1);
    expect(onIssue(server)).toHaveLength(0);
  });

  it("explains a scripted read-only 403 on update", async () => {
    const server = await fake();
    server.addComment({ issueNumber: 7, body: `${STICKY_MARKER}\nold`, user: BOT });
    server.failNext("read-only", 1, undefined, { method: "PATCH" });
    await expect(upsert(server, "x")).rejects.toThrow(/token can't write.*pull-requests: write/s);
    expect(count(server, "PATCH")).toBe(1);
  });
});

describe("retryDecision", () => {
  const error = (status: number, headers: Record<string, string> = {}, message = "x") => ({
    status,
    message,
    response: { headers, data: { message } },
  });

  it("retries 5xx with a growing backoff", () => {
    const a = retryDecision(error(502), 0);
    const b = retryDecision(error(502), 2);
    expect(a.retry && b.retry && b.waitMs > a.waitMs).toBe(true);
  });

  it("honours retry-after and rate-limit resets, within a cap", () => {
    expect(retryDecision(error(403, { "retry-after": "2" }), 0)).toEqual({
      retry: true,
      waitMs: 2000,
    });
    expect(retryDecision(error(403, { "retry-after": "3600" }), 0)).toEqual({ retry: false });
    const now = 1_700_000_000_000;
    expect(
      retryDecision(
        error(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 5) }),
        0,
        now,
      ),
    ).toEqual({ retry: true, waitMs: 5000 });
    expect(retryDecision(error(403, {}, "You have exceeded a secondary rate limit"), 0).retry).toBe(
      true,
    );
  });

  it("does not retry permission errors or client errors", () => {
    expect(retryDecision(error(403, {}, "Resource not accessible by integration"), 0)).toEqual({
      retry: false,
    });
    expect(retryDecision(error(404), 0)).toEqual({ retry: false });
    expect(retryDecision(error(422), 0)).toEqual({ retry: false });
    expect(retryDecision(new Error("boom"), 0)).toEqual({ retry: false });
  });
});
