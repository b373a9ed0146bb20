/** The one description of how the site is served: per-page hashed policies, the /admin/ exception, no overlaps. */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  adminPolicy,
  assertNoOverlap,
  describeSite,
  everyResponse,
  inlineHashes,
  pagePolicy,
} from "../../scripts/hosting/policy.ts";
import { evaluateCsp, highFindings } from "../csp-evaluator.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

const page = (route: string, file: string, inline: string) => ({
  route,
  file,
  html: `<!doctype html><html><head><style>body{margin:0}</style>${inline}</head><body></body></html>`,
});
const site = (tagManager = false) =>
  describeSite({
    pages: [
      page("/", "index.html", "<script>window.a = 1</script>"),
      page("/about", "about/index.html", '<script type="module">window.b = 2</script>'),
      page("/404", "404.html", ""),
    ],
    tagManager,
    redirects: [
      { from: "/old", to: "/about", permanent: true },
      { from: "/summer", to: "/#offer", permanent: false },
    ],
    files: ["/sitemap.xml"],
  });
const rule = (policy: ReturnType<typeof describeSite>, path: string) => policy.headers.find((r) => r.path === path);

describe("inline code in a page", () => {
  it("is hashed: styles, classic and module scripts; data blocks and external scripts are not", () => {
    const html =
      '<style>a{color:red}</style><script>run()</script><script type="module">go()</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/app.js"></script>';
    expect(inlineHashes(html)).toEqual({ styles: [sha("a{color:red}")], scripts: [sha("run()"), sha("go()")] });
  });

  it("hashes Speculation Rules too: the browser holds them to script-src", () => {
    const rules = '{"prerender":[{"where":{"href_matches":"/*"},"eagerness":"moderate"}]}';
    expect(inlineHashes(`<script type="speculationrules">${rules}</script>`).scripts).toEqual([sha(rules)]);
  });
});

describe("a page's Content-Security-Policy", () => {
  const policy = pagePolicy({ scripts: [sha("run()")], styles: [sha("a{}")] }, { tagManager: false });

  it("allows its own origin and its own inline code by hash, never 'unsafe-inline'", () => {
    expect(policy).not.toContain("unsafe");
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
    expect(directive(policy, "script-src")).toEqual(["'self'", sha("run()")]);
    expect(directive(policy, "style-src")).toEqual(["'self'", sha("a{}")]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'self'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "form-action")).toEqual(["'self'"]);
  });

  it("allows Google Tag Manager's hosts only when a container id is set", () => {
    expect(policy).not.toMatch(/google/);
    const withTagManager = pagePolicy({ scripts: [], styles: [] }, { tagManager: true });
    expect(directive(withTagManager, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(withTagManager, "connect-src")).toContain("https://*.google-analytics.com");
  });

  it("leaves out frame-ancestors in a <meta> element, where browsers ignore it with a warning", () => {
    const meta = pagePolicy({ scripts: [], styles: [sha("a{}")] }, { tagManager: false, meta: true });
    expect(directive(meta, "frame-ancestors")).toBeUndefined();
    expect(directive(meta, "style-src")).toEqual(["'self'", sha("a{}")]);
  });

  it("has no high-severity finding in Google's CSP Evaluator, with or without Tag Manager", () => {
    for (const tagManager of [false, true]) {
      expect(highFindings(pagePolicy({ scripts: [sha("x")], styles: [sha("y")] }, { tagManager }))).toEqual([]);
    }
    expect(highFindings(adminPolicy)).toEqual([]);
  });

  it("would be caught by that check if it allowed inline scripts", () => {
    const weak = policy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline' https:");
    expect(
      evaluateCsp(weak)
        .filter((f) => f.severity === "HIGH")
        .map((f) => f.directive),
    ).toContain("script-src");
  });
});

describe("the site's header rules", () => {
  const policy = site();

  it("give each page, at each of its addresses, the policy of its own inline code", () => {
    const home = rule(policy, "/")!.headers["Content-Security-Policy"]!;
    const about = rule(policy, "/about")!.headers["Content-Security-Policy"]!;
    expect(home).toContain(sha("window.a = 1"));
    expect(home).not.toContain(sha("window.b = 2"));
    expect(about).toContain(sha("window.b = 2"));
    expect(about).toContain(sha("body{margin:0}"));
    for (const path of ["/index.html", "/about/", "/about/index.html"]) expect(rule(policy, path)).toBeDefined();
    expect(rule(policy, "/about/")!.headers).toEqual(rule(policy, "/about")!.headers);
    expect(rule(policy, "/404.html")!.headers["Content-Security-Policy"]).toContain(sha("body{margin:0}"));
  });

  it("send the security headers with every response, pages no-cache, hashed files for a year", () => {
    expect(rule(policy, "/*")!.headers).toEqual(everyResponse);
    expect(rule(policy, "/about")!.headers["Cache-Control"]).toBe("no-cache");
    expect(rule(policy, "/sitemap.xml")!.headers).toEqual({ "Cache-Control": "no-cache" });
    for (const folder of ["/assets/*", "/media/*"]) {
      expect(rule(policy, folder)!.headers["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("give /admin/ the CMS's looser policy, and no other address", () => {
    const admin = rule(policy, "/admin/*")!.headers;
    expect(admin["Content-Security-Policy"]).toBe(adminPolicy);
    expect(admin["Cross-Origin-Opener-Policy"]).toBe("same-origin-allow-popups");
    const others = policy.headers.filter((r) => !r.path.startsWith("/admin"));
    expect(others.some((r) => JSON.stringify(r.headers).includes("unsafe"))).toBe(false);
  });

  it("never set one header twice for one address", () => {
    expect(() => assertNoOverlap(policy.headers)).not.toThrow();
    expect(() =>
      assertNoOverlap([
        { path: "/*", headers: { "Cache-Control": "no-cache" } },
        { path: "/assets/*", headers: { "cache-control": "immutable" } },
      ]),
    ).toThrow(/"\/\*" and "\/assets\/\*" both set Cache-Control/);
  });

  it("turn content's redirects into 301 (permanent) and 302 (temporary)", () => {
    expect(policy.redirects).toEqual([
      { from: "/old", to: "/about", status: 301 },
      { from: "/summer", to: "/#offer", status: 302 },
    ]);
  });
});
