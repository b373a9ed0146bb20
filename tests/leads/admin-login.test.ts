/**
 * The admin login through the site's own server (server/auth/), as a marketer meets it: the real
 * /admin/ (Decap, built by `vite build --mode admin` as `npm run build` builds it) in Chromium,
 * served by the real server process (`npm start -- DIR`), logging in through a stand-in for GitHub on
 * 127.0.0.1 (tests/helpers/github-stand-in.ts: GitHub's documented OAuth endpoints and the API calls
 * Decap makes first; it is not GitHub). The browser reaches the site as http://site.localhost:<port> and
 * an attacker's page as http://evil.localhost:<port> (both mapped to 127.0.0.1; secure contexts by their
 * name, as production's https is), so /admin/ runs as on a real host, not in its local-proxy mode.
 * The same /admin/ is then served by nginx with the shipped deploy/nginx.conf (tests/e2e/servers/nginx.ts),
 * the login proxied to the endpoint beside it, as the operations guide's own-server setup runs it.
 * Proves: the whole handshake ends with Decap showing its collections, behind nginx too (GitHub is told
 * the site's own address; the login's pages keep their own policy); a forged or foreign state is
 * refused in words; a login reached at a host that is not the site's (a forged Host, a dangling
 * subdomain) is refused and a state its sender made up gets no token (issue 39); a window of another
 * origin gets no token; a denied login is said in words; the
 * client secret is in no page, no log line and no file of the build; the variables are checked at
 * start (exit 78) and a server without them says which are missing.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Site } from "../../schemas/index.ts";
import { cmsConfig, cmsOptions } from "../../scripts/cms/config.ts";
import { renderAdminInclude, renderHttpInclude } from "../../scripts/hosting/nginx-includes.ts";
import { adminPolicyFor, describeSite } from "../../scripts/hosting/policy.ts";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { sharedAdmin, sharedAdminBuild, standInHostRules } from "../helpers/admin-build.ts";
import { freePorts } from "../helpers/free-port.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { until } from "../helpers/leads-endpoint.ts";
import { commands, runToEnd, startServer, type ServerProcess } from "../helpers/server-process.ts";

const { repo, clientId, apiRoot } = sharedAdmin;
const clientSecret = sharedAdmin.clientSecret();
const work = mkdtempSync(join(tmpdir(), "admin-login-"));
/** The run's /admin/ (tests/helpers/admin-build.ts), which this file serves as it is. */
let dist = "";

let standIn: StandIn;
let server: ServerProcess;
let browser: Browser;
let site = "";
/** The same /admin/ through nginx with deploy/nginx.conf (tests/e2e/servers/nginx.ts), and its upstream's port. */
let nginxPort = 0;
let nginxUpstreamPort = 0;
let nginxSite = "";
/** The servers of /admin/ on an address of its own (ADMIN_ORIGIN): `npm start`, and nginx with its upstream. */
let ownPort = 0;
let ownNginxPort = 0;
let ownNginxUpstreamPort = 0;
/** Every HTML page the browser got from the site or the stand-in, for the secret check. */
const pagesSeen: { url: string; body: string }[] = [];

/** A GET to `url` with `headers` as sent, Host included (fetch sets its own), redirects not followed. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const { hostname, port, pathname, search } = new URL(url);
    const request = httpRequest({ host: hostname, port, path: pathname + search, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject).end();
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.on("response", (response) => {
    if (!/text\/html/.test(response.headers()["content-type"] ?? "")) return;
    void response
      .text()
      .then((body) => pagesSeen.push({ url: response.url(), body }))
      .catch(() => undefined);
  });
  return context;
}

/** The lead endpoint with no delivery targets, and the login to the stand-in: what a server beside a static host gets. */
function endpointWithLogin(): Record<string, string> {
  return {
    LEADS_IP_KEY: "admin-login-test-key-0123456789",
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
    GITHUB_CLIENT_ID: clientId,
    GITHUB_CLIENT_SECRET: clientSecret,
    GITHUB_URL: standIn.url,
    // The site's address, as the browser reaches it through nginx (the endpoint trusts nginx's X-Forwarded-Host).
    AUTH_ORIGIN: nginxSite,
  };
}

/** /admin/'s "Login with GitHub", and the login window it opens. */
async function startLogin(page: Page, origin = site): Promise<Page> {
  const problems: string[] = [];
  page.on("console", (message) => problems.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  // The server compresses each file once, on its first request: Decap's bundle takes seconds on a busy machine.
  await page.goto(`${origin}/admin/`, { timeout: 120_000 });
  const button = page.getByRole("button", { name: /login with github/i });
  await button.waitFor({ timeout: 180_000 }).catch(async (error: Error) => {
    throw new Error(
      `${error.message}\n/admin/ shows: ${await page.locator("body").innerText()}\n${problems.join("\n")}`,
    );
  });
  const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  return popup;
}

/**
 * Waits for the login window to close itself; if it does not, says where it stopped and what it shows.
 * It may have closed already: the click that opens it returns only once the window is back from
 * GitHub at the callback, and /admin/ closes it 10 to 250 ms later: on a busy machine, before this is
 * called. waitForEvent("close") would then wait for an event that has passed.
 * (isClosed() and the listener are read and added in one synchronous step: no close slips between.)
 */
async function closed(popup: Page): Promise<void> {
  if (popup.isClosed()) return;
  await popup.waitForEvent("close", { timeout: 180_000 }).catch(async (error: Error) => {
    const shows = await popup
      .locator("body")
      .innerText({ timeout: 5_000 })
      .catch(() => "(nothing readable)");
    throw new Error(`${error.message}\nthe login window stayed open at ${popup.url()}, showing: ${shows}`);
  });
}

beforeAll(async () => {
  standIn = await startGitHubStandIn({ clientId, clientSecret, repo, login: "marketer" });
  // /admin/ as `npm run build` builds it, for a repository on "GitHub" (the stand-in's API, by the
  // name this browser maps to it), with the secret in the build's environment (it must not end up in
  // the build), and the production headers of /admin/ for a host and for nginx (its policy lets it
  // reach that API).
  dist = await sharedAdminBuild();
  let sitePort: number;
  [sitePort, nginxPort, nginxUpstreamPort, ownPort, ownNginxPort, ownNginxUpstreamPort] = (await freePorts(6)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  site = `http://site.localhost:${sitePort}`;
  nginxSite = `http://site.localhost:${nginxPort}`;
  // `npm start -- DIR` serves DIR as `npm start` does after building it, at the site's address.
  server = await startServer([...commands["npm start"], "--", dist], {
    PORT: String(sitePort),
    LEADS: "off",
    GITHUB_CLIENT_ID: clientId,
    GITHUB_CLIENT_SECRET: clientSecret,
    GITHUB_URL: standIn.url,
    AUTH_ORIGIN: site,
  });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      // Names under .localhost: a secure context over http, as production's https is (Decap needs one:
      // crypto.randomUUID), and each its own origin; mapped to 127.0.0.1, where the servers listen,
      // the build's GitHub API to the stand-in.
      standInHostRules(standIn),
    ],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("logging in to /admin/ through the site's own server", { timeout: 180_000 }, () => {
  test("the whole handshake: GitHub's authorize page, the token exchange, and Decap shows its collections", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const popup = await startLogin(page);
    await closed(popup);

    // Logged in: the collections of the configuration (generated from the schemas) are listed.
    const labels = cmsConfig(cmsOptions()).collections.map((c) => c.label);
    for (const label of labels.slice(0, 2)) {
      await page
        .getByRole("link", { name: label, exact: true })
        .first()
        .waitFor({ timeout: 180_000 })
        .catch(async (error: Error) => {
          const asked = standIn.requests.map((r) => `${r.method} ${r.path}`).join("\n");
          throw new Error(
            `${error.message}\n/admin/ shows: ${await page.locator("body").innerText()}\nGitHub was asked:\n${asked}`,
          );
        });
    }
    // What the server asked GitHub for: our client, our callback on the site's origin, the scope, a state.
    expect(standIn.authorize?.get("client_id")).toBe(clientId);
    expect(standIn.authorize?.get("redirect_uri")).toBe(`${site}/api/auth/github/callback`);
    expect(standIn.authorize?.get("scope")).toBe("repo");
    expect(standIn.authorize?.get("state")).toMatch(/^[\w-]{43}\.\d+\.[\w-]{43}$/);
    // Decap holds the token the stand-in gave (in localStorage, as the decision record says) and uses it.
    const token = standIn.tokens.at(-1)!;
    const stored = await page.evaluate(() => localStorage.getItem("decap-cms-user") ?? "");
    expect(JSON.parse(stored)).toMatchObject({ token, backendName: "github" });
    expect(standIn.requests.some((r) => r.path === "/user" && r.authorization?.includes(token))).toBe(true);
    expect(standIn.requests.some((r) => r.path === `/repos/${repo}`)).toBe(true);
    // Neither the token nor the code is written to the server's log.
    expect(server.output()).not.toContain(token);
    await until(() => /admin login: GitHub gave a token/.test(server.output()), "the login's log line");
    await context.close();
  });

  test("a forged state is refused with a page in words, and nobody is signed in", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const response = await page.goto(`${site}/api/auth/github/callback?code=stolen&state=forged-state`);
    expect(response?.status()).toBe(403);
    await page.getByRole("heading", { name: "This sign-in link is not valid here" }).waitFor();
    expect(await page.getByRole("main").innerText()).toMatch(/Nobody was signed in/);
    // The refusal is accessible (WCAG 2.2 AA, as the site's pages are held to) and fits 320 px.
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // A real state of this browser, but another one brought back: refused too.
    const host = { Host: new URL(site).host };
    const start = await get(`${server.base}/api/auth/github?provider=github`, host);
    expect(start.status).toBe(302);
    const cookie = String(start.headers["set-cookie"]);
    expect(cookie).toMatch(
      /^admin_login_state=[\w-]{43}\.\d+\.[\w-]{43}; Path=\/api\/auth\/github; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const state = new URL(start.headers.location!).searchParams.get("state")!;
    const other = state.slice(0, -1) + (state.endsWith("A") ? "B" : "A");
    const back = await get(`${server.base}/api/auth/github/callback?code=x&state=${other}`, {
      ...host,
      Cookie: cookie.split(";")[0]!,
    });
    expect(back.status).toBe(403);
    expect(String(back.headers["set-cookie"])).toMatch(/Max-Age=0/);
    expect(back.headers["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'nonce-/);
    await context.close();
  });

  test("a code taken at a host someone else holds, brought back with that Host and a state cookie they set, gets no token", async () => {
    // The attack of issue 39: GitHub gives the code for a redirect_uri on a subdomain the attacker
    // holds (GitHub accepts any subdomain of the registered callback's host); they call our callback
    // with their Host and a state of their own in a cookie.
    const dangling = `http://dangling.site.localhost:${new URL(site).port}`;
    const authorize = new URL(`${standIn.url}/login/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${dangling}/api/auth/github/callback`,
      state: "theirs",
    }).toString();
    const code = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!).searchParams.get(
      "code",
    )!;
    const asked = () => standIn.requests.filter((r) => r.path === "/login/oauth/access_token").length;
    const before = asked();
    const theirs = "A".repeat(43);
    const callback = `${server.base}/api/auth/github/callback?code=${code}&state=${theirs}`;
    const forgedHost = await get(callback, { Host: new URL(dangling).host, Cookie: `admin_login_state=${theirs}` });
    expect(forgedHost.status).toBe(400);
    expect(forgedHost.body).toMatch(/This address cannot sign anyone in/);
    // The same at the site's own address: the state is not one this server issued.
    const ownHost = await get(callback, { Host: new URL(site).host, Cookie: `admin_login_state=${theirs}` });
    expect(ownHost.status).toBe(403);
    for (const answer of [forgedHost, ownHost]) expect(answer.body).not.toMatch(/authorization:github:success/);
    expect(asked(), "GitHub was never asked for a token").toBe(before);
    // Nor does a login start at that host: GitHub is never told to send anyone there.
    const start = await get(`${server.base}/api/auth/github?provider=github`, { Host: new URL(dangling).host });
    expect(start.status).toBe(400);
    expect(start.headers.location).toBeUndefined();
  });

  test("a window of another origin that opens the login gets no token", async () => {
    standIn.page(
      "/evil.html",
      `<!doctype html><html lang="en"><title>Another site</title><body>
<button id="go">Start</button>
<script>
window.received = [];
window.addEventListener("message", (event) => window.received.push(String(event.data)));
document.getElementById("go").onclick = () => {
  window.login = window.open(${JSON.stringify(`${site}/api/auth/github?provider=github&site_id=x&scope=repo`)}, "login");
};
</script></body></html>`,
    );
    const context = await newContext();
    const page = await context.newPage();
    const evil = `http://evil.localhost:${standIn.port}`;
    await page.goto(`${evil}/evil.html`);
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Start" }).click();
    const popup = await opened;
    await popup.getByRole("heading", { name: "Signing you in to the content editor" }).waitFor();
    const tokensBefore = standIn.tokens.length;
    expect(tokensBefore).toBeGreaterThan(0);
    // Once the login page has handled the next message (its own listener, which answers at once, runs
    // first), it sends the other site a mark: what it answered, if anything, arrives before the mark.
    const marked = popup.evaluate(
      () =>
        new Promise<void>((resolve) =>
          window.addEventListener(
            "message",
            () => {
              window.opener.postMessage("handled", "*");
              resolve();
            },
            { once: true },
          ),
        ),
    );
    // The other site answers as /admin/ would, to any origin, and listens.
    await page.evaluate(() => (window as unknown as { login: Window }).login.postMessage("authorizing:github", "*"));
    await marked;
    const received = () => page.evaluate(() => (window as unknown as { received: string[] }).received);
    await expect.poll(received).toContain("handled");
    const answered = (await received()).join("\n");
    expect(answered).not.toMatch(/authorization:github/);
    expect(answered).not.toContain(standIn.tokens.at(-1)!);
    expect(popup.isClosed()).toBe(false);
    await context.close();
  });

  test("a login denied at GitHub shows a page in words", async () => {
    standIn.deny = true;
    try {
      const context = await newContext();
      const page = await context.newPage();
      const popup = await startLogin(page);
      await popup.getByRole("heading", { name: "GitHub access was not given" }).waitFor({ timeout: 180_000 });
      expect(await popup.getByRole("main").innerText()).toMatch(/nobody was signed in/i);
      expect(await page.evaluate(() => localStorage.getItem("decap-cms-user"))).toBeNull();
      await context.close();
    } finally {
      standIn.deny = false;
    }
  });

  test("the client secret is in no page, no log line and no file of the build", () => {
    expect(pagesSeen.length).toBeGreaterThan(3);
    expect(pagesSeen.some((p) => p.url.includes("/api/auth/github/callback"))).toBe(true);
    for (const seen of pagesSeen) expect(seen.body, seen.url).not.toContain(clientSecret);
    expect(server.output()).not.toContain(clientSecret);
    for (const file of filesUnder(dist)) expect(readFileSync(file).includes(clientSecret), file).toBe(false);
  });
});

describe("logging in through nginx with the shipped deploy/nginx.conf", { timeout: 300_000 }, () => {
  let nginx: ServerProcess;

  beforeAll(async () => {
    nginx = await startServer(
      [process.execPath, "--import", "tsx", "tests/e2e/servers/nginx.ts"],
      { PORT: String(nginxPort), LEADS_PORT: String(nginxUpstreamPort), DIST: dist, ...endpointWithLogin() },
      { ready: /nginx .* serving/, timeoutMs: 240_000 },
    );
    // Up once nginx answers for the login with its upstream's redirect (the endpoint starts beside it).
    const deadline = Date.now() + 180_000;
    for (;;) {
      const answer = await get(`http://127.0.0.1:${nginxPort}/api/auth/github?provider=github`, {
        Host: new URL(nginxSite).host,
      }).catch(() => undefined);
      if (answer?.status === 302) break;
      if (Date.now() > deadline) throw new Error(`nginx did not pass the login on in 180 s:\n${nginx.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
  });

  test("the whole handshake through nginx: the callback on the site's own address, and Decap shows its collections", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const popup = await startLogin(page, nginxSite);
    await closed(popup);
    const labels = cmsConfig(cmsOptions()).collections.map((c) => c.label);
    await page
      .getByRole("link", { name: labels[0]!, exact: true })
      .first()
      .waitFor({ timeout: 180_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\n/admin/ shows: ${await page.locator("body").innerText()}\n${nginx.output()}`,
        );
      });
    // nginx passed the visitor's host on (X-Forwarded-Host, trusted behind it): GitHub is told to come
    // back to the address the browser used, not to the upstream's 127.0.0.1 port.
    expect(standIn.authorize?.get("redirect_uri")).toBe(`${nginxSite}/api/auth/github/callback`);
    const token = standIn.tokens.at(-1)!;
    const stored = await page.evaluate(() => localStorage.getItem("decap-cms-user") ?? "");
    expect(JSON.parse(stored)).toMatchObject({ token, backendName: "github" });
    expect(nginx.output()).not.toContain(token);
    expect(nginx.output()).not.toContain(clientSecret);
    await context.close();
  });

  test("the leads inbox (/admin/'s Leads screen) reaches the same process through nginx, and nothing keeps its answers", async () => {
    const host = { Host: new URL(nginxSite).host };
    for (const path of [
      "/api/leads/inbox",
      "/api/leads/inbox.csv",
      "/api/leads/inbox/00000000-0000-0000-0000-000000000000",
    ]) {
      const answer = await get(`http://127.0.0.1:${nginxPort}${path}`, host);
      // The endpoint's own refusal (JSON, in words), not nginx's page: no token was sent.
      expect(answer.status, path).toBe(401);
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body).error, path).toMatch(/Sign in to the content editor/);
      expect(answer.headers["cache-control"], path).toBe("no-store");
    }
  });

  test("the login's pages keep their own policy through nginx, once, with HSTS", async () => {
    const refused = await get(`http://127.0.0.1:${nginxPort}/api/auth/github/callback?code=x&state=forged`, {
      Host: new URL(nginxSite).host,
    });
    expect(refused.status).toBe(403);
    // One policy, the login page's own (a nonce for its one script): not the site's beside it.
    const policy = String(refused.headers["content-security-policy"]);
    expect(policy).toMatch(/^default-src 'none'; script-src 'nonce-[^']+'/);
    expect(policy).not.toContain(", ");
    expect(refused.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(refused.body).toMatch(/This sign-in link is not valid here/);
    // A Host that is not the site's, through nginx (server_name _ answers any): refused by the endpoint.
    const forged = await get(`http://127.0.0.1:${nginxPort}/api/auth/github?provider=github`, {
      Host: "dangling.site.localhost",
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    // /admin/ itself gets the site's /admin/ policy from nginx, which lets it reach the stand-in's API.
    const admin = await fetch(`http://127.0.0.1:${nginxPort}/admin/`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("content-security-policy")).toContain(apiRoot);
  });
});

describe(
  "/admin/ and the login on an address of their own (ADMIN_ORIGIN, issue 39's fifth point)",
  { timeout: 300_000 },
  () => {
    /** The site's home page, where a Tag Manager container would run: it must never see the editor's token. */
    const home = '<!doctype html><html lang="en"><title>The site</title><h1>The site\'s home page</h1></html>';
    const notFound =
      '<!doctype html><html lang="en"><title>Not found</title><h1>The site\'s not-found page</h1></html>';

    /** Logs in from the site's /admin/ (sent on to `admin`), and checks where the token went and did not go. */
    async function logInAtOwnAddress(siteOrigin: string, admin: string, output: () => string) {
      const context = await newContext();
      const page = await context.newPage();
      const popup = await startLogin(page, siteOrigin);
      // The site's /admin/ sent the browser to the editor's own address, and the login ran there.
      expect(new URL(page.url()).origin).toBe(admin);
      await closed(popup);
      const labels = cmsConfig(cmsOptions()).collections.map((c) => c.label);
      await page
        .getByRole("link", { name: labels[0]!, exact: true })
        .first()
        .waitFor({ timeout: 180_000 })
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\n/admin/ shows: ${await page.locator("body").innerText()}\n${output()}`);
        });
      expect(standIn.authorize?.get("redirect_uri")).toBe(`${admin}/api/auth/github/callback`);
      // The editor links to the site at its own address (Decap's display_url, the content's siteUrl).
      const siteUrl = (JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site).seo
        .siteUrl;
      const siteLink = page.getByRole("link", { name: siteUrl.replace(/^https?:\/\//, "") });
      expect(await siteLink.getAttribute("href")).toBe(siteUrl);
      const token = standIn.tokens.at(-1)!;
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem("decap-cms-user"))) ?? "{}")).toMatchObject({
        token,
        backendName: "github",
      });
      // The site's own pages, in the same browser: their storage has no token (a tag there finds nothing).
      await page.goto(`${siteOrigin}/`);
      await page.getByRole("heading", { name: "The site's home page" }).waitFor();
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(token);
      await context.close();
    }

    test("through npm start: the site's /admin/ sends the browser to ADMIN_ORIGIN, the login ends there, the site's pages hold no token", async () => {
      const ownDist = join(work, "own-dist");
      cpSync(dist, ownDist, { recursive: true });
      writeFileSync(join(ownDist, "index.html"), home);
      writeFileSync(join(ownDist, "404.html"), notFound);
      const admin = `http://admin.site.localhost:${ownPort}`;
      const own = await startServer([...commands["npm start"], "--", ownDist], {
        PORT: String(ownPort),
        LEADS: "off",
        GITHUB_CLIENT_ID: clientId,
        GITHUB_CLIENT_SECRET: clientSecret,
        GITHUB_URL: standIn.url,
        AUTH_ORIGIN: "",
        ADMIN_ORIGIN: admin,
      });
      try {
        await logInAtOwnAddress(`http://site.localhost:${ownPort}`, admin, own.output);
        // The login is not at the site's address at all.
        const start = await get(`${own.base}/api/auth/github?provider=github`, { Host: `site.localhost:${ownPort}` });
        expect(start.status).toBe(404);
        expect(start.body).toBe(notFound);
        expect(start.headers["set-cookie"]).toBeUndefined();
        expect(own.output()).not.toContain(clientSecret);
      } finally {
        await own.stop();
      }
    });

    test("through nginx with the shipped deploy/nginx.conf and a build made with ADMIN_ORIGIN: the same, in its second server block", async () => {
      const admin = `http://admin.site.localhost:${ownNginxPort}`;
      const ownDist = join(work, "own-nginx-dist");
      cpSync(dist, ownDist, { recursive: true });
      writeFileSync(join(ownDist, "index.html"), home);
      writeFileSync(join(ownDist, "404.html"), notFound);
      // What `npm run build` writes with ADMIN_ORIGIN set (scripts/prerender/prerender.ts).
      const policy = describeSite({ pages: [], tagManager: false, redirects: [], files: [], cmsApiRoot: apiRoot });
      writeFileSync(join(ownDist, "_nginx", "http.conf"), renderHttpInclude(policy.headers, admin));
      writeFileSync(join(ownDist, "_nginx", "admin.conf"), renderAdminInclude(admin));
      const nginx = await startServer(
        [process.execPath, "--import", "tsx", "tests/e2e/servers/nginx.ts"],
        {
          PORT: String(ownNginxPort),
          LEADS_PORT: String(ownNginxUpstreamPort),
          DIST: ownDist,
          ...endpointWithLogin(),
          AUTH_ORIGIN: "",
          ADMIN_ORIGIN: admin,
        },
        { ready: /nginx .* serving/, timeoutMs: 240_000 },
      );
      try {
        const at = (host: string, path: string) => get(`http://127.0.0.1:${ownNginxPort}${path}`, { Host: host });
        const siteHost = `site.localhost:${ownNginxPort}`;
        const adminHost = new URL(admin).host;
        // Up once the endpoint beside nginx answers the login at the editor's address.
        const deadline = Date.now() + 180_000;
        while ((await at(adminHost, "/api/auth/github?provider=github").catch(() => undefined))?.status !== 302) {
          if (Date.now() > deadline) throw new Error(`nginx did not pass the login on in 180 s:\n${nginx.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // The site's block: /admin/ is sent to the editor's address (encoded too), the login is not found.
        for (const path of ["/admin/", "/admin", "/%61dmin/?x=1"])
          expect(await at(siteHost, path), path).toMatchObject({
            status: 302,
            headers: { location: `${admin}${path}` },
          });
        const login = await at(siteHost, "/api/auth/github?provider=github");
        expect(login.status).toBe(404);
        expect(login.body).toBe(notFound);
        expect(login.headers["set-cookie"]).toBeUndefined();
        expect((await at(siteHost, "/")).body).toBe(home);
        // The editor's block: /admin/ with its policy, "/" sent to it, and none of the site's pages.
        const editor = await at(adminHost, "/admin/");
        expect(editor.status).toBe(200);
        expect(editor.headers["content-security-policy"]).toBe(adminPolicyFor(apiRoot));
        expect(await at(adminHost, "/")).toMatchObject({ status: 302, headers: { location: "/admin/" } });
        for (const path of [
          "/index.html",
          "/404.html",
          "/_nginx/http.conf",
          "/no-such-page",
          "/admin/no-such-page",
          "/assets/no-such-file.js",
        ]) {
          const answer = await at(adminHost, path);
          expect(answer.status, path).toBe(404);
          expect(answer.body, path).not.toMatch(/The site's (home|not-found) page/);
        }
        await logInAtOwnAddress(`http://${siteHost}`, admin, nginx.output);
        expect(nginx.output()).not.toContain(clientSecret);
      } finally {
        await nginx.stop();
      }
    });
  },
);

describe("the login on each server, and its variables", { timeout: 120_000 }, () => {
  test("npm run leads:serve (beside a static host) serves the login too, at its own address only", async () => {
    const leads = await startServer(commands["npm run leads:serve"], {
      LEADS_DATA_DIR: join(work, "leads"),
      ...endpointWithLogin(),
      AUTH_ORIGIN: "https://login.example.com",
      TRUST_PROXY: "1",
      GITHUB_AUTH_ORIGINS: "https://www.example.com",
    });
    try {
      const proxied = (host: string) => ({ Host: host, "X-Forwarded-Host": host, "X-Forwarded-Proto": "https" });
      const start = await get(`${leads.base}/api/auth/github?provider=github`, proxied("login.example.com"));
      expect(start.status).toBe(302);
      const location = new URL(start.headers.location!);
      expect(location.origin + location.pathname).toBe(`${standIn.url}/login/oauth/authorize`);
      expect(location.searchParams.get("redirect_uri")).toBe("https://login.example.com/api/auth/github/callback");
      expect(String(start.headers["set-cookie"])).toMatch(
        /^admin_login_state=[\w.-]+;.*HttpOnly; SameSite=Lax; Secure$/,
      );
      // Its own address on this machine is not the site's: refused, as any other host is.
      for (const headers of [{}, proxied("dangling.example.com")])
        expect((await get(`${leads.base}/api/auth/github?provider=github`, headers)).status).toBe(400);
      // The log line reaches this process through a pipe, beside the answer: waited for.
      await until(
        () => /admin login refused: reached at an address that is not the site's/.test(leads.output()),
        "the refusal's log line",
      );
      expect(leads.output()).not.toContain(clientSecret);
    } finally {
      await leads.stop();
    }
  });

  test("AUTH_ORIGIN that is not an address stops the start with a line naming it (exit 78)", async () => {
    const result = await runToEnd([...commands["npm run serve"], "--", dist], {
      LEADS: "off",
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      AUTH_ORIGIN: "https://www.example.com/admin/",
    });
    expect(result.code, result.output).toBe(78);
    expect(result.output).toMatch(/AUTH_ORIGIN="https:\/\/www\.example\.com\/admin\/" is not the site's address/);
    expect(result.output).not.toContain(clientSecret);
  });

  test("one without the other stops the start with a line naming the missing one (exit 78)", async () => {
    const result = await runToEnd([...commands["npm run serve"], "--", dist], {
      LEADS: "off",
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: "",
    });
    expect(result.code, result.output).toBe(78);
    expect(result.output).toMatch(
      /GITHUB_CLIENT_SECRET is not set but GITHUB_CLIENT_ID is .*for example GITHUB_CLIENT_SECRET=/,
    );
    expect(result.output, "no stack trace").not.toMatch(/^\s+at /m);
  });

  test("without both, the login window says which variables the server needs", async () => {
    const bare = await startServer([...commands["npm run serve"], "--", dist], {
      LEADS: "off",
      GITHUB_CLIENT_ID: "",
      GITHUB_CLIENT_SECRET: "",
    });
    try {
      const context = await newContext();
      const page = await context.newPage();
      const response = await page.goto(`${bare.base}/api/auth/github?provider=github`);
      expect(response?.status()).toBe(503);
      await page.getByRole("heading", { name: "Login is not set up on this server" }).waitFor();
      expect(await page.getByRole("main").innerText()).toMatch(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET/);
      await context.close();
    } finally {
      await bare.stop();
    }
  });
});
