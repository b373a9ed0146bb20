/** dist/_headers and dist/_redirects: written from the policy, read back and applied as Netlify does. */
import { describe, expect, it } from "vitest";
import {
  headersFor,
  parseHeadersFile,
  parseRedirectsFile,
  redirectFor,
  renderHeadersFile,
  renderRedirectsFile,
} from "../../scripts/hosting/netlify.ts";
import type { HeaderRule, RedirectRule } from "../../scripts/hosting/policy.ts";

const rules: HeaderRule[] = [
  { path: "/*", headers: { "X-Content-Type-Options": "nosniff" } },
  { path: "/about", headers: { "Content-Security-Policy": "default-src 'self'; style-src 'sha256-a+b/c='" } },
  { path: "/assets/*", headers: { "Cache-Control": "public, max-age=31536000, immutable" } },
];
const redirects: RedirectRule[] = [
  { from: "/about-us", to: "/about", status: 301 },
  { from: "/offer", to: "/#pricing", status: 302 },
  { from: "/blog", to: "https://blog.example.com/", status: 301 },
];

describe("_headers", () => {
  it("reads back exactly the rules it was written from", () => {
    const text = renderHeadersFile(rules);
    expect(text).toMatch(/^# Generated/);
    expect(text).toContain("/about\n  Content-Security-Policy: default-src 'self'");
    expect(parseHeadersFile(text)).toEqual(rules);
  });

  it("gives an address the headers of every rule that matches it", () => {
    expect(headersFor(rules, "/about")).toEqual([
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Security-Policy", "default-src 'self'; style-src 'sha256-a+b/c='"],
    ]);
    expect(headersFor(rules, "/about/team")).toEqual([["X-Content-Type-Options", "nosniff"]]);
    expect(headersFor(rules, "/assets/app.js").map(([name]) => name)).toEqual([
      "X-Content-Type-Options",
      "Cache-Control",
    ]);
  });

  it("joins a header that two matching rules set, as the hosts do", () => {
    const text = "/*\n  Cache-Control: no-cache\n/assets/*\n  cache-control: immutable\n";
    expect(headersFor(parseHeadersFile(text), "/assets/x.js")).toEqual([["Cache-Control", "no-cache, immutable"]]);
  });

  it("refuses a line it cannot read, with its line number", () => {
    expect(() => parseHeadersFile("/*\n  no colon here\n", "dist/_headers")).toThrow(/^dist\/_headers:2: /);
    expect(() => parseHeadersFile("/blog/:slug\n  X: y\n")).toThrow(/_headers:1: "\/blog\/:slug"/);
  });
});

describe("_redirects", () => {
  it("lists each old address with and without a final slash, and reads back", () => {
    const text = renderRedirectsFile(redirects);
    expect(text).toContain("/about-us /about 301\n/about-us/ /about 301\n");
    expect(parseRedirectsFile(text)).toEqual(redirects.flatMap((r) => [r, { ...r, from: `${r.from}/` }]));
  });

  it("sends a visitor on with the query kept, before any #anchor", () => {
    const parsed = parseRedirectsFile(renderRedirectsFile(redirects));
    expect(redirectFor(parsed, "/about-us", "?utm_source=mail")).toEqual({
      location: "/about?utm_source=mail",
      status: 301,
    });
    expect(redirectFor(parsed, "/offer/", "?a=1")).toEqual({ location: "/?a=1#pricing", status: 302 });
    expect(redirectFor(parsed, "/blog")).toEqual({ location: "https://blog.example.com/", status: 301 });
    expect(redirectFor(parsed, "/about")).toBeUndefined();
  });

  it("refuses a line it cannot read", () => {
    expect(() => parseRedirectsFile("/a /b 200\n")).toThrow(/_redirects:1: expected/);
  });
});
