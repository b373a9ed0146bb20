/**
 * The admin login's parts on their own (server/auth/, scripts/cms/repository.ts): the state cookie
 * and its check, the origin a request reached, the variables' checks, and how a build tells /admin/
 * where to log in. The whole login, in a browser against the real server, is tests/leads/admin-login.test.ts.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { EnvReader } from "../../server/config/env.ts";
import { readAuthConfig } from "../../server/auth/config.ts";
import { allowedOrigins, requestOrigin } from "../../server/auth/origin.ts";
import { clearedStateCookie, newState, sameState, stateCookie, stateFromCookies } from "../../server/auth/state.ts";
import { cmsAuth } from "../../scripts/cms/repository.ts";
import { adminPolicyFor, adminPolicy } from "../../scripts/hosting/policy.ts";

describe("the state", () => {
  test("is new and unguessable each time, and safe in a URL and a cookie", () => {
    const states = new Set(Array.from({ length: 50 }, newState));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(/^[\w-]{43}$/);
  });

  test("its cookie is HttpOnly, SameSite=Lax, scoped to the login and short-lived; Secure over https", () => {
    const http = stateCookie("abc", { path: "/api/auth/github", secure: false });
    expect(http).toBe("admin_login_state=abc; Path=/api/auth/github; Max-Age=600; HttpOnly; SameSite=Lax");
    expect(stateCookie("abc", { path: "/pr-1/api/auth/github", secure: true })).toMatch(
      /Path=\/pr-1\/api\/auth\/github;.*; Secure$/,
    );
    expect(clearedStateCookie({ path: "/api/auth/github", secure: true })).toMatch(
      /^admin_login_state=; Path=\/api\/auth\/github; Max-Age=0;.*Secure/,
    );
  });

  test("is read from the Cookie header among others", () => {
    expect(stateFromCookies("a=1; admin_login_state=xyz; b=2")).toBe("xyz");
    expect(stateFromCookies("a=1")).toBeUndefined();
    expect(stateFromCookies(undefined)).toBeUndefined();
  });

  test("matches only itself: not another, not a missing one, not a prefix", () => {
    const state = newState();
    expect(sameState(state, state)).toBe(true);
    expect(sameState(state, newState())).toBe(false);
    expect(sameState(state, state.slice(0, -1))).toBe(false);
    expect(sameState(undefined, state)).toBe(false);
    expect(sameState(state, undefined)).toBe(false);
    expect(sameState("", "")).toBe(false);
  });
});

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe("where the login was reached, and where a token may go", () => {
  test("the request's own origin; a proxy's headers only when it is trusted", () => {
    const forwarded = { host: "127.0.0.1:4174", "x-forwarded-host": "www.example.com", "x-forwarded-proto": "https" };
    expect(requestOrigin(request({ host: "site.example:8080" }), { trustProxy: false })).toBe(
      "http://site.example:8080",
    );
    expect(requestOrigin(request({ host: "site.example" }, true), { trustProxy: false })).toBe("https://site.example");
    expect(requestOrigin(request(forwarded), { trustProxy: false })).toBe("http://127.0.0.1:4174");
    expect(requestOrigin(request(forwarded), { trustProxy: true })).toBe("https://www.example.com");
  });

  test("a Host that is not a host name gives no origin", () => {
    expect(requestOrigin(request({}), { trustProxy: false })).toBeUndefined();
    expect(requestOrigin(request({ host: "evil.example/path" }), { trustProxy: false })).toBeUndefined();
    expect(requestOrigin(request({ host: "a b" }), { trustProxy: false })).toBeUndefined();
  });

  test("the allow-list is the own origin and the configured ones, exact", () => {
    expect(
      allowedOrigins("https://site.example", { origins: ["https://www.example.com", "https://site.example"] }),
    ).toEqual(["https://site.example", "https://www.example.com"]);
  });
});

describe("the login's variables", () => {
  const read = (env: Record<string, string>) => {
    const reader = new EnvReader(env);
    const setup = readAuthConfig(reader);
    return { setup, problems: reader.problems };
  };

  test("neither: the login is off and names both; both: ready with the safe defaults", () => {
    expect(read({}).setup).toEqual({ ready: false, missing: ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"] });
    const { setup, problems } = read({ GITHUB_CLIENT_ID: "Ov23li123", GITHUB_CLIENT_SECRET: "s3cret" });
    expect(problems).toEqual([]);
    expect(setup).toMatchObject({
      ready: true,
      config: { githubUrl: "https://github.com", scope: "repo", origins: [] },
    });
  });

  test("one without the other, a bad scope, GitHub over http to another machine, an origin with a path: each a line", () => {
    expect(read({ GITHUB_CLIENT_ID: "Ov23li123" }).problems).toEqual([
      expect.stringMatching(/^GITHUB_CLIENT_SECRET is not set but GITHUB_CLIENT_ID is/),
    ]);
    expect(read({ GITHUB_CLIENT_SECRET: "s" }).problems).toEqual([
      expect.stringMatching(/^GITHUB_CLIENT_ID is not set/),
    ]);
    const { problems } = read({
      GITHUB_CLIENT_ID: "Ov23li123",
      GITHUB_CLIENT_SECRET: "s3cret",
      GITHUB_SCOPE: "admin:org",
      GITHUB_URL: "http://github.example.com",
      GITHUB_AUTH_ORIGINS: "https://www.example.com/admin/",
    });
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/GITHUB_SCOPE="admin:org" is not one of repo, public_repo/);
    expect(problems.join("\n")).toMatch(/GITHUB_URL=.* uses http:\/\/ to another machine/);
    expect(problems.join("\n")).toMatch(/GITHUB_AUTH_ORIGINS=.* is not an origin/);
    expect(problems.join("\n")).not.toContain("s3cret");
  });
});

describe("where a build tells /admin/ to log in", () => {
  test("by default the site's own server (its route under BASE_PATH); /admin/ adds its origin", () => {
    expect(cmsAuth({})).toEqual({ authEndpoint: "api/auth/github" });
    expect(cmsAuth({ BASE_PATH: "/pr-7/" })).toEqual({ authEndpoint: "pr-7/api/auth/github" });
  });

  test("on Netlify, or with CMS_AUTH=netlify, Netlify's provider as before (nothing set)", () => {
    expect(cmsAuth({ NETLIFY: "true" })).toEqual({});
    expect(cmsAuth({ CMS_AUTH: "netlify" })).toEqual({});
    expect(cmsAuth({ NETLIFY: "true", CMS_AUTH: "site" })).toEqual({ authEndpoint: "api/auth/github" });
  });

  test("a server at another origin: its address, and our route unless another is named", () => {
    expect(cmsAuth({ CMS_AUTH_BASE_URL: "https://login.example.com/" })).toEqual({
      baseUrl: "https://login.example.com",
      authEndpoint: "api/auth/github",
    });
    expect(cmsAuth({ CMS_AUTH_BASE_URL: "https://oauth.example.com", CMS_AUTH_ENDPOINT: "auth" })).toEqual({
      baseUrl: "https://oauth.example.com",
      authEndpoint: "auth",
    });
  });

  test("/admin/'s policy reaches GitHub's API, or the one CMS_API_ROOT names, and nothing else", () => {
    expect(adminPolicy).toMatch(/connect-src 'self' https:\/\/api\.github\.com;/);
    expect(adminPolicyFor("https://github.example.com/api/v3")).toMatch(
      /connect-src 'self' https:\/\/github\.example\.com;/,
    );
  });
});
