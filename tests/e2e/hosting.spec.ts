/**
 * The site as a host serves it, in both projects of playwright.config.ts: "nginx" (Debian's nginx with
 * the shipped deploy/nginx.conf) and "serve" (`npm start`, applying dist/_headers and dist/_redirects
 * as Netlify and Cloudflare Pages do). Every page answers 200 with the security headers and a
 * Content-Security-Policy that hashes its own inline code and passes Google's CSP Evaluator; unknown
 * addresses get the not-found page with 404; the redirects in content answer 301 or 302; text is
 * compressed; and in Chromium, with the policy enforced, no page reports a single violation with
 * every popup opened and a form sent. Expectations come from the generated content and dist/.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { visitorPhone } from "../content-facts.ts";
import { evaluateCsp, highFindings } from "../csp-evaluator.ts";
import { content, expect, hydrated, notFoundTitle, redirects, routes, site, test } from "./fixtures.ts";

const dist = join(import.meta.dirname, "..", "..", "dist");
const unknown = "/no-such-page/anywhere";
const oneYear = 31_536_000;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every header line as sent, name lower-cased, repeated names kept. */
  lines: [string, string][];
  body: Buffer;
}

/** A GET as a client sends it: nothing decompressed, no redirect followed. */
function get(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, baseURL), { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        const lines: [string, string][] = [];
        for (let i = 0; i < raw.length; i += 2) lines.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
        resolve({ status: response.statusCode!, headers: response.headers, lines, body: Buffer.concat(chunks) });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** The policy's directives: name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** The hash sources a page's inline styles and scripts need (JSON-LD and other data blocks run nothing). */
function inlineCode(html: string) {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha(m[1]!));
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes!))
    .map((m) => sha(m[2]!));
  return { styles, scripts };
}

function expectSecurityHeaders(headers: IncomingHttpHeaders, where: string) {
  const hsts = String(headers["strict-transport-security"]);
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), `${where} HSTS`).toBeGreaterThanOrEqual(oneYear);
  expect(hsts, where).toMatch(/includeSubDomains/);
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"], where).toContain(
    headers["referrer-policy"],
  );
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    expect(String(headers["permissions-policy"]), where).toContain(`${feature}=()`);
  }
  expect(headers["x-frame-options"], where).toBe("DENY");
}

/** What a page's policy must say, whatever the page. */
function expectStrictPolicy(policy: string, where: string) {
  const d = directives(policy);
  expect(policy, where).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*(?!\.)/);
  expect(d.get("default-src"), where).toEqual(["'self'"]);
  expect(d.get("object-src"), where).toEqual(["'none'"]);
  expect(d.get("base-uri"), where).toEqual(["'self'"]);
  expect(d.get("form-action"), where).toEqual(["'self'"]);
  // Tag Manager's hosts only when content sets a container id.
  expect(policy.includes("googletagmanager.com"), where).toBe(Boolean(site.analytics.gtmContainerId));
  expect(highFindings(policy), `${where}: CSP Evaluator's high findings`).toEqual([]);
}

for (const route of routes) {
  test(`${route} answers 200 with the security headers and a policy for its own inline code`, async ({ baseURL }) => {
    for (const path of route === "/" ? ["/", "/index.html"] : [route, `${route}/`]) {
      const response = await get(baseURL!, path);
      expect(response.status, path).toBe(200);
      expect(response.headers["content-type"], path).toMatch(/^text\/html/);
      expectSecurityHeaders(response.headers, path);
      expect(response.headers["cache-control"], path).toBe("no-cache");
      expect(response.headers["cross-origin-opener-policy"], path).toBe("same-origin");
      const policies = response.lines.filter(([name]) => name === "content-security-policy").map(([, value]) => value);
      expect(policies, `${path}: one Content-Security-Policy header`).toHaveLength(1);
      const policy = policies[0]!;
      expectStrictPolicy(policy, path);
      expect(directives(policy).get("frame-ancestors"), path).toEqual(["'none'"]);
      const { styles, scripts } = inlineCode(response.body.toString("utf8"));
      for (const hash of styles) expect(directives(policy).get("style-src"), `${path} style`).toContain(hash);
      for (const hash of scripts) expect(directives(policy).get("script-src"), `${path} script`).toContain(hash);
      test
        .info()
        .annotations.push({ type: "CSP Evaluator", description: `${path}: ${JSON.stringify(evaluateCsp(policy))}` });
    }
  });
}

test("an unknown address answers 404 with the not-found page, the security headers and its policy", async ({
  page,
  baseURL,
  consoleProblems,
}) => {
  const response = await get(baseURL!, unknown);
  expect(response.status).toBe(404);
  expectSecurityHeaders(response.headers, unknown);
  // The page carries its policy itself (no header rule can name every unknown address); nginx also
  // sends it as a header.
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(response.body.toString("utf8"));
  expect(meta, "the not-found page's own policy").not.toBeNull();
  expectStrictPolicy(meta![1]!.replace(/&#39;|&apos;/g, "'"), `${unknown} <meta>`);
  const header = response.headers["content-security-policy"];
  if (header !== undefined) expectStrictPolicy(String(header), unknown);

  const shown = await page.goto(unknown);
  expect(shown!.status()).toBe(404);
  await expect(page).toHaveTitle(notFoundTitle);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
});

test("each redirect in content answers 301 or 302 to its page, with or without a final slash, query kept", async ({
  page,
  baseURL,
}) => {
  test.skip(redirects.length === 0, "content/redirects.yaml lists no redirects");
  for (const redirect of redirects) {
    const [target, hash = ""] = redirect.to.split(/(?=#)/);
    for (const from of [redirect.from, `${redirect.from}/`]) {
      const response = await get(baseURL!, `${from}?utm_source=test`);
      expect(response.status, from).toBe(redirect.permanent ? 301 : 302);
      expect(new URL(String(response.headers.location), baseURL).href, from).toBe(
        new URL(`${target}?utm_source=test${hash}`, baseURL).href,
      );
      expectSecurityHeaders(response.headers, from);
    }
    if (redirect.to.startsWith("/")) {
      const arrived = await page.goto(redirect.from);
      expect(arrived!.status(), redirect.from).toBe(200);
      expect(new URL(page.url()).pathname).toBe(target);
    }
  }
});

test("text is sent gzip-compressed to browsers that accept it", async ({ baseURL }) => {
  const scripts = readdirSync(join(dist, "assets")).filter((file) => file.endsWith(".js"));
  const largest = scripts.sort(
    (a, b) => statSync(join(dist, "assets", b)).size - statSync(join(dist, "assets", a)).size,
  )[0]!;
  for (const [path, file] of [
    ["/", "index.html"],
    [`/assets/${largest}`, `assets/${largest}`],
  ] as const) {
    const response = await get(baseURL!, path, { "Accept-Encoding": "gzip" });
    expect(response.headers["content-encoding"], path).toBe("gzip");
    expect(String(response.headers.vary), path).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(response.body).equals(readFileSync(join(dist, file))), path).toBe(true);
  }
});

test("content-hashed files are cached for a year; other files are revalidated", async ({ baseURL }) => {
  for (const folder of ["assets", "media"]) {
    const file = readdirSync(join(dist, folder))[0]!;
    const response = await get(baseURL!, `/${folder}/${file}`);
    expect(response.status, file).toBe(200);
    expect(response.headers["cache-control"], file).toBe(`public, max-age=${oneYear}, immutable`);
    expectSecurityHeaders(response.headers, file);
  }
  for (const path of ["/sitemap.xml", "/robots.txt"]) {
    expect((await get(baseURL!, path)).headers["cache-control"], path).toBe("no-cache");
  }
});

test("the hosts' own configuration files are not served", async ({ baseURL }) => {
  for (const path of ["/_headers", "/_redirects", "/_nginx/http.conf", "/_nginx/server.conf"]) {
    expect((await get(baseURL!, path)).status, path).toBe(404);
  }
});

/** Collects the page's CSP violations: the DOM's securitypolicyviolation events and the console's reports. */
async function watchViolations(page: Page): Promise<() => string[]> {
  const found: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => found.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(`console: ${message.text()}`);
  });
  return () => [...new Set(found)];
}

/** Fills every field of a form as a visitor would, by its type, and sends it. */
async function send(form: Locator) {
  const fields = form.getByRole("textbox");
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const type = await field.getAttribute("type");
    await field.fill(type === "email" ? "pat@example.com" : type === "tel" ? visitorPhone(site) : "Pat Example");
  }
  await form.getByRole("button").last().click();
}

for (const route of [...routes, unknown]) {
  test(`${route}: no CSP violation with the policy enforced, every popup opened and a form sent`, async ({
    page,
    consoleProblems,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(route);
    expect(response!.status()).toBe(route === unknown ? 404 : 200);
    await hydrated(page);

    const openers = page.getByRole("button").and(page.locator('[aria-haspopup="dialog"]'));
    const dialog = page.getByRole("dialog");
    const popups = await openers.count();
    for (let i = 0; i < popups; i++) {
      await openers.nth(i).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }

    // Send the page's own form or, without one, the last popup's.
    const own = page.getByRole("main").getByRole("form");
    let form: Locator | undefined;
    if ((await own.count()) > 0) form = own.first();
    else if (popups > 0) {
      await openers.last().click();
      form = dialog.getByRole("form");
    }
    if (form) {
      // The form posts to the lead endpoint (proxied by nginx), which sends the visitor on to a success page.
      const successes = new Set(Object.values(content.forms).map((f) => f.success));
      await send(form);
      await expect(page).toHaveURL((url) => successes.has(url.pathname));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }

    const found = violations();
    console.log(
      `CSP violations on ${route}: ${found.length} (${popups} popups opened, ${form ? "a form sent" : "no form"})`,
    );
    expect(found).toEqual([]);
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
  });
}

for (const route of ["/", unknown]) {
  test(`the policy is enforced on ${route}: injected inline code is blocked and reported`, async ({
    page,
    consoleProblems,
  }) => {
    const violations = await watchViolations(page);
    await page.goto(route);
    await hydrated(page);
    const outcome = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
      const holder = document.createElement("div");
      holder.innerHTML = '<p style="color: rgb(255, 0, 0)">injected</p>';
      document.body.append(holder);
      return {
        ran: (window as unknown as { injected?: boolean }).injected === true,
        color: getComputedStyle(holder.firstElementChild!).color,
      };
    });
    expect(outcome.ran).toBe(false);
    expect(outcome.color).not.toBe("rgb(255, 0, 0)");
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/), expect.stringMatching(/^style-src/)]));
    // The blocked injections are reported on the console too: that is what this test wants.
    consoleProblems.splice(0, consoleProblems.length);
  });
}
