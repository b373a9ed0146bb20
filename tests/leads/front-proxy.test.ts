/**
 * The lead endpoint and the login behind a front proxy (a TLS terminator, CDN or load balancer) in
 * front of Debian's nginx with the shipped deploy/nginx.conf (tests/e2e/servers/nginx.ts, the endpoint
 * beside it as `npm run leads:serve`), as issue 39's second point asks. The front is a small proxy on
 * 127.0.0.1 that does what those fronts do: it appends the address it was reached from to
 * X-Forwarded-For and says X-Forwarded-Proto: https. Each visitor reaches it from an address of their
 * own (127.0.0.2, 127.0.0.3: the loopback network is a /8), so the front sees them apart, as a CDN sees
 * its visitors. Someone reaching nginx directly comes from 127.0.0.5, which the shipped configuration
 * does not trust (it trusts this machine's 127.0.0.1 and ::1 as a front).
 * Proves: one visitor's flood (bare posts, then well-formed ones) leaves another visitor answered 303;
 * bare posts use up no allowance; the login sees https through the front (its cookie Secure, GitHub told
 * the https callback); a direct client's X-Forwarded-For and X-Forwarded-Proto are ignored.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderAdminInclude, renderHttpInclude, renderServerInclude } from "../../scripts/hosting/nginx-includes.ts";
import { describeSite } from "../../scripts/hosting/policy.ts";
import { freePorts } from "../helpers/free-port.ts";
import { lead } from "../helpers/lead-fixture.ts";
import { startServer, type ServerProcess } from "../helpers/server-process.ts";

const formId = lead(0).form!;
const limit = 3;
const work = mkdtempSync(join(tmpdir(), "front-proxy-"));
const host = "site.test";

let nginx: ServerProcess;
let front: Server;
let nginxPort = 0;
let frontPort = 0;

/** A well-formed post of the first form of the content, made unique by `n`. */
const leadBody = (n: number) => new URLSearchParams(lead(n) as Record<string, string>).toString();

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
}

/** A request from `from` (a loopback address) to `port`, as a browser on the site sends it. */
function send(
  from: string,
  port: number,
  options: { method?: string; path?: string; body?: string; type?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const { method = "POST", path = "/api/leads", body, type = "application/x-www-form-urlencoded" } = options;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method,
        path,
        headers: {
          Host: host,
          ...(method === "POST"
            ? { "Content-Type": type, Origin: `https://${host}`, "Sec-Fetch-Site": "same-origin" }
            : {}),
          Accept: "application/json",
          ...options.headers,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

beforeAll(async () => {
  [nginxPort, frontPort] = (await freePorts(2)) as [number, number];
  // A built site's nginx includes (the pages do not matter here: the lead endpoint and the login do).
  const dist = join(work, "dist");
  mkdirSync(join(dist, "_nginx"), { recursive: true });
  const policy = describeSite({ pages: [], tagManager: false, redirects: [], files: [] });
  writeFileSync(join(dist, "_nginx", "http.conf"), renderHttpInclude(policy.headers));
  writeFileSync(join(dist, "_nginx", "server.conf"), renderServerInclude(policy.redirects));
  writeFileSync(join(dist, "_nginx", "admin.conf"), renderAdminInclude());
  writeFileSync(join(dist, "404.html"), "<!doctype html><title>Not found</title>");
  nginx = await startServer(
    [process.execPath, "--import", "tsx", "tests/e2e/servers/nginx.ts"],
    {
      PORT: String(nginxPort),
      LEADS_PORT: String((await freePorts(1))[0]),
      DIST: dist,
      LEADS_IP_KEY: "front-proxy-test-key-0123456789",
      LEADS_EMAIL_TO: "none",
      LEADS_WEBHOOK_URL: "none",
      LEADS_RATE_LIMIT: String(limit),
      GITHUB_CLIENT_ID: "Ov23liFrontProxy",
      GITHUB_CLIENT_SECRET: "front-proxy-secret",
      GITHUB_URL: "http://127.0.0.1:9",
      AUTH_ORIGIN: `https://${host}`,
    },
    { ready: /nginx .* serving/, timeoutMs: 240_000 },
  );
  // The front: appends the address it was reached from, says the visitor used https; reaches nginx from 127.0.0.1.
  front = createServer((request, response) => {
    const forwarded = [request.headers["x-forwarded-for"], request.socket.remoteAddress?.replace(/^::ffff:/, "")]
      .filter(Boolean)
      .join(", ");
    const onward = httpRequest(
      {
        host: "127.0.0.1",
        port: nginxPort,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": forwarded, "x-forwarded-proto": "https" },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on("error", () => response.writeHead(502).end());
    request.pipe(onward);
  });
  await new Promise<void>((resolve) => front.listen(frontPort, "127.0.0.1", resolve));
  // Up once the endpoint behind nginx answers (it starts beside nginx).
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await send("127.0.0.2", frontPort, { method: "GET", path: "/api/auth/github" }).catch(
      () => undefined,
    );
    if (answer && answer.status !== 502) break;
    if (Date.now() > deadline) throw new Error(`the endpoint behind nginx did not start in 60 s:\n${nginx.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => front?.close(resolve));
  await nginx?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("behind a front proxy, through the shipped deploy/nginx.conf", { timeout: 120_000 }, () => {
  test("one visitor's flood leaves another answered 303; bare posts use up no allowance", async () => {
    // Bare and broken posts first (no body, another type, no form, a field missing): none counts.
    const broken = [{ body: "" }, { type: "text/plain", body: "x" }, { body: "form=none" }, { body: `form=${formId}` }];
    const bare = await Promise.all(Array.from({ length: 20 }, (_, i) => send("127.0.0.2", frontPort, broken[i % 4]!)));
    for (const answer of bare) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(bare.filter((a) => a.status === 429)).toEqual([]);
    // Then well-formed posts: `limit` are taken, the rest refused.
    const flood = [];
    for (let n = 0; n < limit + 5; n++) flood.push((await send("127.0.0.2", frontPort, { body: leadBody(n) })).status);
    expect(flood.slice(0, limit)).toEqual(Array(limit).fill(303));
    expect(flood.slice(limit)).toEqual(Array(5).fill(429));
    // Another visitor, through the same front: answered as if nobody had flooded.
    expect((await send("127.0.0.3", frontPort, { body: leadBody(100) })).status).toBe(303);
  });

  test("the login sees the visitor's https through the front: a Secure cookie, GitHub told the https callback", async () => {
    const start = await send("127.0.0.3", frontPort, { method: "GET", path: "/api/auth/github?provider=github" });
    expect(start.status).toBe(302);
    expect(new URL(start.headers.location!).searchParams.get("redirect_uri")).toBe(
      `https://${host}/api/auth/github/callback`,
    );
    expect(String(start.headers["set-cookie"])).toMatch(/; Secure$/);
  });

  test("a client reaching nginx directly cannot choose its address or scheme with X-Forwarded-* headers", async () => {
    const posts = [];
    for (let n = 0; n < limit + 2; n++)
      posts.push(
        (
          await send("127.0.0.5", nginxPort, {
            body: leadBody(200 + n),
            headers: { "X-Forwarded-For": `198.51.100.${n}`, "X-Forwarded-Proto": "https" },
          })
        ).status,
      );
    expect(posts).toEqual([...Array(limit).fill(303), 429, 429]);
    // Its X-Forwarded-Proto is ignored: http, not the site's https address, so the login does not start.
    const start = await send("127.0.0.5", nginxPort, {
      method: "GET",
      path: "/api/auth/github?provider=github",
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(start.status).toBe(400);
    expect(start.headers["set-cookie"]).toBeUndefined();
  });
});
