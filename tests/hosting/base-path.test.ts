/**
 * BASE_PATH, the path a preview is built and served under: read from the environment in words
 * (scripts/hosting/base-path.ts), put in front of the addresses content writes from the root
 * (ui/base.ts), and taken off again by `npm run serve` (server/base-path.ts). The whole preview is
 * clicked through in Chromium by `npm run test:preview`.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basePathFrom, underBase } from "../../scripts/hosting/base-path.ts";
import { basedPolicy, describeSite } from "../../scripts/hosting/policy.ts";
import { enterBase, rulesOffBase } from "../../server/base-path.ts";
import { htmlWithBase, srcsetWithBase, withBase, withoutBase } from "../../ui/base.ts";

describe("BASE_PATH", () => {
  it("is / when unset, and otherwise a path that starts and ends with a slash", () => {
    expect(basePathFrom(undefined)).toBe("/");
    expect(basePathFrom("")).toBe("/");
    expect(basePathFrom("/")).toBe("/");
    expect(basePathFrom("pr-123")).toBe("/pr-123/");
    expect(basePathFrom("/site/pr-123")).toBe("/site/pr-123/");
    expect(basePathFrom("/pr-1.2_x~y/")).toBe("/pr-1.2_x~y/");
  });

  it("refuses, in words, what cannot be a path to serve under", () => {
    for (const bad of ["https://example.com/pr-1/", "/a/../b/", "/pr 1/", "/pr-1/?x", "/ä/"]) {
      expect(() => basePathFrom(bad), bad).toThrow(
        /is not a path the site can be served under: write it like \/pr-123\//,
      );
    }
  });

  it("goes in front of the addresses content writes from the root, and nothing else", () => {
    expect(withBase("/contact", "/pr-1/")).toBe("/pr-1/contact");
    expect(withBase("/", "/pr-1/")).toBe("/pr-1/");
    for (const other of ["https://example.com/x", "//cdn.example/x", "#main", "tel:+15550100", "mailto:a@b.c"]) {
      expect(withBase(other, "/pr-1/")).toBe(other);
    }
    expect(withBase("/contact", "/")).toBe("/contact");
    expect(withoutBase("/pr-1/contact", "/pr-1/")).toBe("/contact");
    expect(withoutBase("/pr-1/", "/pr-1/")).toBe("/");
    expect(withoutBase("/pr-1", "/pr-1/")).toBe("/");
    expect(srcsetWithBase("/media/a-400.jpg 400w, /media/a-800.jpg 800w", "/pr-1/")).toBe(
      "/pr-1/media/a-400.jpg 400w, /pr-1/media/a-800.jpg 800w",
    );
    expect(
      htmlWithBase(
        '<a href="/contact">x</a> <img src="/media/a.svg" alt=""> <a href="https://x.example/">y</a>',
        "/pr-1/",
      ),
    ).toBe('<a href="/pr-1/contact">x</a> <img src="/pr-1/media/a.svg" alt=""> <a href="https://x.example/">y</a>');
    expect(underBase("/pr-1/", "/*")).toBe("/pr-1/*");
  });

  it("moves the hosts' rules under the base, and the server takes it off them again", () => {
    const policy = describeSite({
      pages: [{ route: "/", file: "index.html", html: "<html></html>" }],
      tagManager: false,
      redirects: [
        { from: "/old", to: "/new", permanent: true },
        { from: "/away", to: "https://elsewhere.example/", permanent: false },
      ],
      files: ["/sitemap.xml"],
    });
    const based = basedPolicy(policy, "/pr-1/");
    expect(based.redirects).toEqual([
      { from: "/pr-1/old", to: "/pr-1/new", status: 301 },
      { from: "/pr-1/away", to: "https://elsewhere.example/", status: 302 },
    ]);
    expect(based.headers.map((rule) => rule.path)).toEqual(policy.headers.map((rule) => `/pr-1${rule.path}`));
    expect(rulesOffBase(based, "/pr-1/")).toEqual(policy);
    expect(basedPolicy(policy, "/")).toBe(policy);
  });
});

describe("a server under a base path (server/base-path.ts)", () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (!enterBase("/pr-1/", request, response)) return;
      seen.push(request.url!);
      // As the lead endpoint and the redirects answer: a Location from the site's root.
      response.writeHead(303, { Location: "/thankyou", "Content-Length": 0 }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const get = (path: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port, path }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location, body }));
      })
        .on("error", reject)
        .end();
    });

  it("serves addresses under the base with the base taken off, and puts it back on Location", async () => {
    expect(await get("/pr-1/api/leads?x=1")).toMatchObject({ status: 303, location: "/pr-1/thankyou" });
    expect(seen.at(-1)).toBe("/api/leads?x=1");
  });

  it("sends the base without its slash to the base, and refuses what is outside it", async () => {
    expect(await get("/pr-1?a=b")).toMatchObject({ status: 301, location: "/pr-1/?a=b" });
    const outside = await get("/about");
    expect(outside.status).toBe(404);
    expect(outside.body).toContain("under /pr-1/");
    expect(seen).not.toContain("/about");
  });
});
