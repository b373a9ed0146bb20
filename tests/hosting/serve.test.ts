/** `npm start` (server/serve.ts) serves a built folder as a host would, from its _headers and _redirects. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHeadersFile, renderRedirectsFile } from "../../scripts/hosting/netlify.ts";
import { describeSite } from "../../scripts/hosting/policy.ts";
import { createStaticServer } from "../../server/serve.ts";

const dir = mkdtempSync(join(tmpdir(), "serve-"));
const files: Record<string, string> = {
  "index.html": "<!doctype html><title>Home</title><style>h1{}</style>",
  "about/index.html": "<!doctype html><title>About</title><style>h2{}</style>",
  "404.html": "<!doctype html><title>Not found</title>",
  "assets/app-1234.js": `console.log(${JSON.stringify("x".repeat(2000))});`,
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), text);
}
const policy = describeSite({
  pages: [
    { route: "/", file: "index.html", html: files["index.html"]! },
    { route: "/about", file: "about/index.html", html: files["about/index.html"]! },
    { route: "/404", file: "404.html", html: files["404.html"]! },
  ],
  tagManager: false,
  redirects: [
    { from: "/about-us", to: "/about", permanent: true },
    { from: "/sale", to: "/#offers", permanent: false },
  ],
  files: [],
});
writeFileSync(join(dir, "_headers"), renderHeadersFile(policy.headers));
writeFileSync(join(dir, "_redirects"), renderRedirectsFile(policy.redirects));

const server = createStaticServer(dir);
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { redirect: "manual", headers });

describe("npm start", () => {
  it("sends each page with the headers _headers gives its address", async () => {
    for (const path of ["/about", "/about/"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(files["about/index.html"]);
      expect(response.headers.get("content-security-policy")).toBe(
        policy.headers.find((rule) => rule.path === "/about")!.headers["Content-Security-Policy"],
      );
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("follows _redirects: 301 and 302, with or without a final slash, the query kept", async () => {
    const permanent = await get("/about-us/?utm_source=mail");
    expect(permanent.status).toBe(301);
    expect(permanent.headers.get("location")).toBe("/about?utm_source=mail");
    const temporary = await get("/sale");
    expect(temporary.status).toBe(302);
    expect(temporary.headers.get("location")).toBe("/#offers");
  });

  it("sends a page asked for with an encoded or unnormalised path with that page's headers (issue 39)", async () => {
    const about = policy.headers.find((rule) => rule.path === "/about")!.headers;
    const home = policy.headers.find((rule) => rule.path === "/")!.headers;
    for (const [path, page, headers] of [
      ["/%61bout", "about/index.html", about],
      ["/%61bout/", "about/index.html", about],
      ["/about%2F", "about/index.html", about],
      ["/%2Fabout", "about/index.html", about],
      ["/about/%2E%2E/", "index.html", home],
      ["/%69ndex.html", "index.html", home],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(files[page]);
      for (const name of ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "Cache-Control"])
        expect(response.headers.get(name), `${path} ${name}`).toBe(headers[name] ?? null);
    }
    // A redirect's old address, encoded, is still redirected.
    expect((await get("/%61bout-us")).headers.get("location")).toBe("/about");
  });

  it("answers an unknown address with 404.html's own headers", async () => {
    const notFound = policy.headers.find((rule) => rule.path === "/404.html")!.headers;
    for (const path of ["/no-such-page", "/%6Eo-such-page", "/assets/missing.js"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-security-policy"), path).toBe(notFound["Content-Security-Policy"]);
    }
  });

  it("answers an unknown address with 404.html and status 404", async () => {
    const response = await get("/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(files["404.html"]);
  });

  it("does not serve the hosts' configuration files", async () => {
    for (const path of ["/_headers", "/_redirects"]) expect((await get(path)).status).toBe(404);
  });

  it("compresses text and caches hashed files for a year", async () => {
    const response = await fetch(`${base}/assets/app-1234.js`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get: httpGet }) =>
        httpGet(`${base}/assets/app-1234.js`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      );
    });
    expect(gunzipSync(raw).toString()).toBe(files["assets/app-1234.js"]);
  });

  it("answers an unknown address in a folder without 404.html (/admin/ built alone) with a plain 404, not a fault", async () => {
    const adminOnly = mkdtempSync(join(tmpdir(), "serve-admin-only-"));
    for (const name of ["_headers", "_redirects"]) writeFileSync(join(adminOnly, name), "");
    const bare = createStaticServer(adminOnly);
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/media/logo.svg`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found.");
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      rmSync(adminOnly, { recursive: true, force: true });
    }
  });

  it("refuses to start on a folder that was not built", () => {
    const empty = mkdtempSync(join(tmpdir(), "serve-empty-"));
    expect(() => createStaticServer(empty)).toThrow(/_headers is missing: run `npm run build` first/);
    rmSync(empty, { recursive: true });
  });
});
