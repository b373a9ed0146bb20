/**
 * The admin login's parts on their own (server/auth/, scripts/cms/repository.ts): the state cookie
 * and its check, the origin a request reached, the variables' checks, and how a build tells /admin/
 * where to log in; the two routes in a server on 127.0.0.1 with forged hosts and states (issue 39's
 * first point). The whole login, in a browser against the real server, is tests/leads/admin-login.test.ts.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EnvReader } from "../../server/config/env.ts";
import { readAuthConfig, type AuthConfig } from "../../server/auth/config.ts";
import { allowedOrigins, loginOrigin, requestOrigin } from "../../server/auth/origin.ts";
import { authRoutes } from "../../server/auth/routes.ts";
import {
  clearedStateCookie,
  issuedState,
  newState,
  sameState,
  stateCookie,
  stateFromCookies,
} from "../../server/auth/state.ts";
import { router } from "../../server/router.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { cmsAuth } from "../../scripts/cms/repository.ts";
import { adminPolicyFor, adminPolicy } from "../../scripts/hosting/policy.ts";

const key = Buffer.from("a key derived from the client secret, 32 bytes long");
const site = "https://www.example.com";
const stateShape = /^[\w-]{43}\.\d+\.[\w-]{43}$/;

describe("the state", () => {
  test("is new and unguessable each time, and safe in a URL and a cookie", () => {
    const states = new Set(Array.from({ length: 50 }, () => newState(key, site)));
    expect(states.size).toBe(50);
    for (const state of states) expect(state).toMatch(stateShape);
  });

  test("is taken only as this server issued it: for this origin, with this key, within ten minutes", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const state = newState(key, site, now);
    expect(issuedState(key, site, state, now)).toBe(true);
    expect(issuedState(key, site, state, now + 599_000)).toBe(true);
    expect(issuedState(key, site, state, now + 601_000), "expired").toBe(false);
    expect(issuedState(key, "https://old.example.com", state, now), "another origin").toBe(false);
    expect(issuedState(Buffer.from("another server's key"), site, state, now), "another key").toBe(false);
    const [random, issued, mac] = state.split(".") as [string, string, string];
    expect(issuedState(key, site, `${random}.${Number(issued) + 600}.${mac}`, now), "its time changed").toBe(false);
    expect(
      issuedState(key, site, `${random.replace(/^./, (c) => (c === "A" ? "B" : "A"))}.${issued}.${mac}`, now),
    ).toBe(false);
    expect(issuedState(key, site, random, now), "a bare random value, as a cookie someone set").toBe(false);
    expect(issuedState(key, site, undefined, now)).toBe(false);
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
    const state = newState(key, site);
    expect(sameState(state, state)).toBe(true);
    expect(sameState(state, newState(key, site))).toBe(false);
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

  test("the login answers only at a configured origin; without AUTH_ORIGIN at this machine's own names only", () => {
    const config = { origin: "https://www.example.com", origins: ["https://example.com"] };
    expect(loginOrigin("https://www.example.com", config)).toBe("https://www.example.com");
    expect(loginOrigin("https://example.com", config)).toBe("https://example.com");
    expect(loginOrigin("https://dangling.example.com", config)).toBeUndefined();
    expect(loginOrigin("http://www.example.com", config), "the scheme counts").toBeUndefined();
    expect(loginOrigin("http://127.0.0.1:4173", config), "set: not even this machine").toBeUndefined();
    expect(loginOrigin(undefined, config)).toBeUndefined();
    const unset = { origins: [] };
    expect(loginOrigin("http://127.0.0.1:4173", unset)).toBe("http://127.0.0.1:4173");
    expect(loginOrigin("http://localhost:4173", unset)).toBe("http://localhost:4173");
    expect(loginOrigin("http://[::1]:4173", unset)).toBe("http://[::1]:4173");
    expect(loginOrigin("https://www.example.com", unset)).toBeUndefined();
  });

  test("the allow-list is the own origin and the configured ones, exact", () => {
    expect(
      allowedOrigins("https://site.example", {
        origin: "https://site.example",
        origins: ["https://www.example.com", "https://site.example"],
      }),
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
      config: { githubUrl: "https://github.com", scope: "repo", origin: undefined, origins: [] },
    });
  });

  test("AUTH_ORIGIN is the site's address: read as an origin, a path or another scheme is a line; unset is a warning", () => {
    const reader = new EnvReader({ GITHUB_CLIENT_ID: "Ov23li123", GITHUB_CLIENT_SECRET: "s3cret" });
    readAuthConfig(reader);
    expect(reader.warnings).toEqual([expect.stringMatching(/^AUTH_ORIGIN is not set: .*localhost/)]);
    const set = read({
      GITHUB_CLIENT_ID: "Ov23li123",
      GITHUB_CLIENT_SECRET: "s3cret",
      AUTH_ORIGIN: "https://WWW.example.com/",
    });
    expect(set.problems).toEqual([]);
    expect(set.setup).toMatchObject({ ready: true, config: { origin: "https://www.example.com" } });
    for (const wrong of ["https://www.example.com/admin/", "ftp://www.example.com", "www.example.com"])
      expect(read({ AUTH_ORIGIN: wrong }).problems).toEqual([
        expect.stringMatching(
          /^AUTH_ORIGIN=".*" is not the site's address .*; for example AUTH_ORIGIN=https:\/\/www\.example\.com$/,
        ),
      ]);
  });

  test("the states' key comes from the client secret: the same in every process with it, another with another", () => {
    const keyOf = (secret: string) =>
      (read({ GITHUB_CLIENT_ID: "Ov23li123", GITHUB_CLIENT_SECRET: secret }).setup as { config: AuthConfig }).config
        .stateKey;
    expect(keyOf("s3cret").equals(keyOf("s3cret"))).toBe(true);
    expect(keyOf("s3cret").equals(keyOf("other"))).toBe(false);
    expect(keyOf("s3cret").toString("latin1")).not.toContain("s3cret");
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

describe("the login's routes take only what this server issued, at the site's own address (issue 39)", () => {
  const clientId = "Ov23liStandIn0123456";
  const clientSecret = "standin-secret-routes";
  let standIn: StandIn;
  let server: Server;
  let port = 0;
  let clock = Date.parse("2026-11-26T10:00:00Z");

  beforeAll(async () => {
    standIn = await startGitHubStandIn({ clientId, clientSecret, repo: "acme/site", login: "marketer" });
    const reader = new EnvReader({
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_URL: standIn.url,
      AUTH_ORIGIN: "https://www.example.com",
      TRUST_PROXY: "1",
    });
    const setup = readAuthConfig(reader);
    reader.done();
    server = createServer(
      router(
        authRoutes(setup, "/", () => clock),
        (_, response) => response.writeHead(404).end(),
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await standIn?.close();
  });

  /** A GET with the headers a browser (or an attacker's script) sends, Host included. */
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject).end();
    });
  /** As nginx passes on a visitor's request to `host` over https. */
  const at = (host: string, more: Record<string, string> = {}) => ({
    Host: host,
    "X-Forwarded-Host": host,
    "X-Forwarded-Proto": "https",
    ...more,
  });
  const tokenRequests = () => standIn.requests.filter((r) => r.path === "/login/oauth/access_token").length;

  test("at the site's address: GitHub is told to come back to it, with a state this server signed", async () => {
    const start = await get("/api/auth/github?provider=github", at("www.example.com"));
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.location!);
    expect(authorize.searchParams.get("redirect_uri")).toBe("https://www.example.com/api/auth/github/callback");
    expect(authorize.searchParams.get("state")).toMatch(stateShape);
    expect(String(start.headers["set-cookie"])).toMatch(/^admin_login_state=[\w.-]+; .*; Secure$/);
  });

  test("a forged Host or X-Forwarded-Host starts no login and finishes none: refused in words, GitHub not asked", async () => {
    const before = tokenRequests();
    for (const headers of [
      at("dangling.example.com"),
      { Host: "dangling.example.com" },
      at("www.example.com.evil.test"),
      { ...at("www.example.com"), "X-Forwarded-Host": "dangling.example.com" },
    ]) {
      const start = await get("/api/auth/github?provider=github", headers);
      expect(start.status, JSON.stringify(headers)).toBe(400);
      expect(start.headers.location).toBeUndefined();
      expect(start.headers["set-cookie"]).toBeUndefined();
      expect(start.body).toMatch(/This address cannot sign anyone in/);
    }
    // The attack of issue 39: a code read at a host the attacker holds, brought to our callback with
    // that Host and a state cookie they set themselves.
    const state = newState(Buffer.from("the attacker's own key"), "https://dangling.example.com", clock);
    const callback = await get(
      `/api/auth/github/callback?code=stolen&state=${state}`,
      at("dangling.example.com", { Cookie: `admin_login_state=${state}` }),
    );
    expect(callback.status).toBe(400);
    expect(callback.body).not.toMatch(/authorization:github:success/);
    expect(tokenRequests()).toBe(before);
  });

  test("a state and cookie someone made up are refused at the site's own address, GitHub not asked", async () => {
    const before = tokenRequests();
    const madeUp = [
      "forged-state",
      "A".repeat(43),
      newState(Buffer.from("the attacker's own key"), "https://www.example.com", clock),
      // One this server issued, but for another of its addresses (a host with no state of its own).
      newState(readAuthKey(clientSecret), "https://dangling.example.com", clock),
    ];
    for (const state of madeUp) {
      const callback = await get(
        `/api/auth/github/callback?code=stolen&state=${state}`,
        at("www.example.com", { Cookie: `admin_login_state=${state}` }),
      );
      expect(callback.status, state).toBe(403);
      expect(callback.body).toMatch(/This sign-in link is not valid here/);
      expect(String(callback.headers["set-cookie"])).toMatch(/Max-Age=0/);
    }
    expect(tokenRequests()).toBe(before);
  });

  test("a login it started ends with the handshake; the same state eleven minutes later is refused", async () => {
    const start = await get("/api/auth/github?provider=github", at("www.example.com"));
    const cookie = String(start.headers["set-cookie"]).split(";")[0]!;
    // GitHub's authorize page (the stand-in), as the person clicks "Authorize".
    const back = new URL((await fetch(start.headers.location!, { redirect: "manual" })).headers.get("location")!);
    expect(back.origin + back.pathname).toBe("https://www.example.com/api/auth/github/callback");
    const path = back.pathname + back.search;
    clock += 11 * 60_000;
    const expired = await get(path, at("www.example.com", { Cookie: cookie }));
    clock -= 11 * 60_000;
    expect(expired.status).toBe(403);
    const done = await get(path, at("www.example.com", { Cookie: cookie }));
    expect(done.status).toBe(200);
    expect(done.body).toContain(standIn.tokens.at(-1)!);
  });
});

/** The states' key a server with `secret` has (as readAuthConfig derives it). */
function readAuthKey(secret: string): Buffer {
  const setup = readAuthConfig(new EnvReader({ GITHUB_CLIENT_ID: "Ov23li123", GITHUB_CLIENT_SECRET: secret }));
  return (setup as { config: AuthConfig }).config.stateKey;
}
