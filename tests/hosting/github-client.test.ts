/**
 * The one GitHub client (scripts/github/client.ts) against the stand-in GitHub on 127.0.0.1
 * (tests/helpers/github-stand-in.ts), which pages, tags and limits as GitHub documents: every page of
 * a list by its `Link` header and no more than allowed; a GET asked again conditionally, its 304
 * served from the kept answer and not counted against the rate limit; refusals and rate limits in
 * words, with when to try again, and never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitHub, GitHubError, nextPage } from "../../scripts/github/client.ts";
import { startGitHubStandIn, type StandIn, type StandInPull } from "../helpers/github-stand-in.ts";

const repo = "acme/site";
const pulls: StandInPull[] = Array.from({ length: 5 }, (_, i) => ({ number: i + 1, sha: `sha${i + 1}` }));
let github: StandIn;
let tokens = 0;
/** A token of its own for each test: the stand-in counts the rate limit per token. */
const newToken = () => {
  const token = `ghs_clientTest${++tokens}0123456789abcdef`;
  github.grant(token);
  return token;
};
const client = (token: string, options: Partial<Parameters<typeof gitHub>[0]> = {}) =>
  gitHub({ api: github.url, token, ...options });
/** The error `promise` fails with. */
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(GitHubError);
  return error as GitHubError;
};
const asked = (token: string) => github.requests.filter((r) => r.authorization === `Bearer ${token}`);

beforeAll(async () => {
  github = await startGitHubStandIn({ repo, pulls, pageSize: 2 });
});
afterAll(() => github.close());

describe("paging by the Link header", () => {
  it("finds the next page in a Link header as GitHub writes it, whatever its order; none on the last page", () => {
    const docs =
      '<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", <https://api.github.com/repositories/1300192/issues?page=4>; rel="next", <https://api.github.com/repositories/1300192/issues?page=515>; rel="last", <https://api.github.com/repositories/1300192/issues?page=1>; rel="first"';
    expect(nextPage(docs)).toBe("https://api.github.com/repositories/1300192/issues?page=4");
    expect(
      nextPage('<https://api.github.com/x?page=1>; rel="first", <https://api.github.com/x?page=2>; rel="prev"'),
    ).toBeUndefined();
    expect(nextPage(null)).toBeUndefined();
  });

  it("reads every item of a list through the addresses GitHub gave, and stops where there is no next page", async () => {
    const token = newToken();
    const items = await client(token).all<{ number: number }>(`/repos/${repo}/pulls?state=open`);
    expect(items.map((p) => p.number)).toEqual(pulls.map((p) => p.number));
    expect(asked(token).map((r) => r.path)).toEqual([
      `/repos/${repo}/pulls?state=open&per_page=100`,
      `/repos/${repo}/pulls?state=open&per_page=100&page=2`,
      `/repos/${repo}/pulls?state=open&per_page=100&page=3`,
    ]);
  });

  it("asks no further page once the reader stops, and refuses to read past maxPages", async () => {
    const token = newToken();
    for await (const page of client(token).eachPage<unknown[]>(`/repos/${repo}/pulls`)) {
      expect(page).toHaveLength(2);
      break;
    }
    expect(asked(token)).toHaveLength(1);
    const error = await failure(client(token, { maxPages: 2 }).all(`/repos/${repo}/pulls`));
    expect(error.message).toMatch(/more than 2 pages; stopped/);
  });

  it("never sends the token to another host a Link header names", async () => {
    const token = newToken();
    github.answer = () => ({
      status: 200,
      body: [],
      headers: { Link: '<http://example.com/steal?page=2>; rel="next"' },
    });
    try {
      const error = await failure(client(token).all(`/repos/${repo}/pulls`));
      expect(error.message).toMatch(/another host: http:\/\/example\.com\/steal/);
    } finally {
      github.answer = undefined;
    }
  });
});

describe("conditional requests", () => {
  it("asks again with If-None-Match; a 304 gives the kept answer and spares the rate limit", async () => {
    const token = newToken();
    const saved = github.rateLimit;
    github.rateLimit = { ...saved, limit: 2 };
    try {
      const api = client(token);
      const first = await api.request<{ login: string }>("GET", "/user");
      expect(first).toMatchObject({ status: 200, fromCache: false });
      for (let n = 0; n < 5; n++) {
        const again = await api.request<{ login: string }>("GET", "/user");
        expect(again).toMatchObject({ status: 200, fromCache: true, data: first.data });
      }
      const sent = asked(token);
      expect(sent[0]!.headers["if-none-match"]).toBeUndefined();
      expect(sent.slice(1).map((r) => r.headers["if-none-match"])).toEqual(Array(5).fill(first.headers.get("etag")));
      // Six answers, one counted: one more request is allowed, the next is over the limit.
      expect((await api.request("GET", `/repos/${repo}`)).headers.get("x-ratelimit-remaining")).toBe("0");
      expect((await failure(api.get(`/repos/${repo}/pulls`))).rateLimited).toBe(true);
    } finally {
      github.rateLimit = saved;
    }
  });

  it("takes the new answer when it changed, and keeps no more answers than cacheSize", async () => {
    const token = newToken();
    const api = client(token, { cacheSize: 1 });
    const path = `/repos/${repo}/pulls/1/reviews`;
    expect(await api.get(path)).toEqual([]);
    pulls[0]!.reviews = [{ login: "lee", state: "APPROVED" }];
    const changed = await api.request<{ state: string }[]>("GET", path);
    expect(changed.fromCache).toBe(false);
    expect(changed.data.map((r) => r.state)).toEqual(["APPROVED"]);
    expect(asked(token)[1]!.headers["if-none-match"]).toEqual(expect.any(String));
    await api.get("/user");
    await api.get(path);
    // The answer for `path` gave way to /user's: asked without If-None-Match.
    expect(asked(token).at(-1)!.headers["if-none-match"]).toBeUndefined();
  });
});

describe("refusals in words", () => {
  it("401: the token is not accepted", async () => {
    const error = await failure(client("ghs_neverGiven0123456789").get(`/repos/${repo}`));
    expect(error.status).toBe(401);
    expect(error.rateLimited).toBe(false);
    expect(error.message).toMatch(/GitHub answered 401 Bad credentials\. .*wrong, has expired or was revoked/);
  });

  it("403: the token lacks the right, in GitHub's words and ours, never the token even echoed back", async () => {
    const token = `ghs_noStatuses0123456789abcdef`;
    github.grant(token, { statuses: false });
    const path = `/repos/${repo}/statuses/${"a".repeat(40)}`;
    const error = await failure(client(token).post(path, { state: "success", context: "deploy/preview" }));
    expect(error.status).toBe(403);
    expect(error.githubMessage).toBe("Resource not accessible by integration");
    expect(error.message).toMatch(/403 Resource not accessible by integration\. .*lacks the right/);
    github.answer = (request) => ({ status: 422, body: { message: `no (${request.authorization})` } });
    try {
      const echoed = await failure(client(token).get(`/repos/${repo}`));
      expect(echoed.message).toMatch(/GitHub answered 422 no \(Bearer \*\*\*\)/);
      expect(echoed.message).not.toContain(token);
    } finally {
      github.answer = undefined;
    }
  });

  it("the primary rate limit used up: 403 with remaining 0, and when it resets", async () => {
    const token = newToken();
    const saved = github.rateLimit;
    const reset = Date.UTC(2026, 10, 27, 20, 0) / 1000;
    github.rateLimit = { limit: 1, reset };
    try {
      const api = client(token, { now: () => reset * 1000 - 12 * 60_000 });
      await api.get("/user");
      const error = await failure(api.get(`/repos/${repo}`));
      expect(error.status).toBe(403);
      expect(error.rateLimited).toBe(true);
      expect(error.retryAt).toBe(reset * 1000);
      expect(error.message).toContain(
        "GitHub's rate limit for this token is used up (1 requests an hour): it resets at 2026-11-27 20:00 UTC, in 12 minutes.",
      );
    } finally {
      github.rateLimit = saved;
    }
  });

  it("a secondary rate limit: retry-after on a 403 or a 429 says how long to wait", async () => {
    const token = newToken();
    const now = Date.UTC(2026, 10, 27, 19, 30);
    const api = client(token, { now: () => now });
    github.secondary = { retryAfter: 30 };
    try {
      const error = await failure(api.get(`/repos/${repo}`));
      expect(error.status).toBe(403);
      expect(error.retryAt).toBe(now + 30_000);
      expect(error.message).toMatch(/secondary rate limit.*no more requests for 30 s .*after 2026-11-27 19:30:30 UTC/);
    } finally {
      github.secondary = undefined;
    }
    github.answer = () => ({ status: 429, body: { message: "Too many" }, headers: { "Retry-After": "120" } });
    try {
      const error = await failure(api.get(`/repos/${repo}`));
      expect(error.status).toBe(429);
      expect(error.retryAt).toBe(now + 120_000);
      expect(error.message).toMatch(/no more requests for 120 s .*after 2026-11-27 19:32:00 UTC/);
    } finally {
      github.answer = undefined;
    }
  });

  it("any other status with GitHub's message; an API that cannot be reached, in words", async () => {
    const token = newToken();
    const missing = await failure(client(token).get(`/repos/${repo}/nothing-here`));
    expect(missing.status).toBe(404);
    expect(missing.rateLimited).toBe(false);
    expect(missing.message).toMatch(/^GET \/repos\/acme\/site\/nothing-here: GitHub answered 404 Not Found/);
    const away = await failure(gitHub({ api: "http://127.0.0.1:1", token }).get("/user"));
    expect(away.status).toBeUndefined();
    expect(away.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1\/user/);
    expect(away.message).not.toContain(token);
  });
});
