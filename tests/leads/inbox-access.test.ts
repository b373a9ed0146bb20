/**
 * The inbox's access check (server/leads/inbox/access.ts) against the stand-in GitHub on 127.0.0.1,
 * with the clock injected: what inbox.test.ts does not reach through the routes. A rate-limited
 * GitHub is said in words, with when it resets, and not kept; a verdict asked again after its minute
 * goes with GitHub's ETag, so an unchanged answer (304) costs the editor no rate limit.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { githubAccess } from "../../server/leads/inbox/access.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";

const repo = "example-org/example-site";
let github: StandIn;
beforeAll(async () => {
  github = await startGitHubStandIn({ repo, login: "editor-pat" });
});
afterAll(() => github.close());

test("asked again after a minute, it sends GitHub's ETags; the 304s leave the rate limit as it was", async () => {
  const token = "gho_access0123456789abcd";
  github.grant(token, { login: "editor-pat" });
  let clock = Date.UTC(2026, 10, 27, 19, 0);
  const access = githubAccess({ apiRoot: github.url, repo, cacheMs: 60_000, now: () => clock });
  expect(await access(token)).toEqual({ ok: true, login: "editor-pat" });
  clock += 60_001;
  expect(await access(token)).toEqual({ ok: true, login: "editor-pat" });
  const mine = github.requests.filter((r) => r.authorization === `Bearer ${token}`);
  expect(mine.map((r) => [r.path, r.headers["if-none-match"] !== undefined])).toEqual([
    [`/repos/${repo}`, false],
    ["/user", false],
    [`/repos/${repo}`, true],
    ["/user", true],
  ]);
  // Four requests, two counted: this fifth is the third.
  const after = await fetch(`${github.url}/user`, { headers: { Authorization: `Bearer ${token}` } });
  expect(Number(after.headers.get("x-ratelimit-used"))).toBe(3);
});

test("a rate-limited GitHub: 502 in words with when it resets, not kept, so the next minute asks again", async () => {
  const token = "gho_limited0123456789abc";
  github.grant(token);
  const saved = github.rateLimit;
  const reset = Date.UTC(2026, 10, 27, 20, 0) / 1000;
  const clock = reset * 1000 - 5 * 60_000;
  github.rateLimit = { limit: 0, reset };
  try {
    const access = githubAccess({ apiRoot: github.url, repo, cacheMs: 60_000, now: () => clock });
    const verdict = await access(token);
    expect(verdict).toMatchObject({ ok: false, status: 502 });
    expect(!verdict.ok && verdict.error).toMatch(/rate limit .*resets at 2026-11-27 20:00 UTC, in 5 minutes/);
    github.rateLimit = saved;
    expect(await access(token)).toMatchObject({ ok: true });
  } finally {
    github.rateLimit = saved;
  }
});
