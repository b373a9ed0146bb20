/**
 * The entries' pages as built (issue 59, items 5 to 7): for every entry, its canonical address, its
 * sitemap <loc>, its link in its kind's feeds and its JSON-LD `url` and `mainEntityOfPage` are one
 * string; its page has exactly one Article block and one BreadcrumbList; an unlisted entry is in no
 * feed and not in the sitemap; the feeds and the share images are served as built. Read from dist/
 * and the generated content, whatever entries the content has.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import type { PageData } from "../../schemas/index.ts";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const generated = join(root, "src", "generated");
const read = <T>(file: string) => JSON.parse(readFileSync(join(generated, file), "utf8")) as T;
const entries = read<{ route: string; file: string }[]>("routes.json")
  .map(({ file }) => read<PageData>(file))
  .flatMap((page) => (page.entry ? [page.entry] : []));
const html = (route: string) => readFileSync(join(dist, route.slice(1), "index.html"), "utf8");
const attribute = (text: string, pattern: RegExp) => pattern.exec(text)?.[1]?.replace(/&amp;/g, "&");
const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
const sitemapLocs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const feedHrefs = (route: string) =>
  [...html(route).matchAll(/<link rel="alternate" type="[^"]+" title="[^"]*" href="([^"]+)"/g)].map((m) => m[1]!);

test.skip(entries.length === 0, "the content has no entry of a kind with pages");

test("every entry's canonical, sitemap, feed and JSON-LD address are the same string", () => {
  for (const entry of entries) {
    const page = html(entry.url);
    const canonical = attribute(page, /<link rel="canonical" href="([^"]+)"/)!;
    const blocks = [...page.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const articles = blocks.filter((b) => b["@type"] === "Article" || b["@type"] === "BlogPosting");
    expect(articles, entry.url).toHaveLength(1);
    expect(
      blocks.filter((b) => b["@type"] === "BreadcrumbList"),
      entry.url,
    ).toHaveLength(1);
    const article = articles[0]!;
    expect(article.url, entry.url).toBe(canonical);
    expect((article.mainEntityOfPage as { "@id": string })["@id"], entry.url).toBe(canonical);
    expect(attribute(page, /<meta property="og:url" content="([^"]+)"/), entry.url).toBe(canonical);
    for (const field of ["headline", "description", "datePublished", "dateModified", "author", "image"]) {
      expect(article[field], `${entry.url}: ${field}`).toBeTruthy();
    }

    const rss = readFileSync(
      join(dist, new URL(feedHrefs(entry.url).find((h) => h.endsWith(".xml") && h.includes("rss"))!).pathname),
      "utf8",
    );
    const json = JSON.parse(
      readFileSync(join(dist, new URL(feedHrefs(entry.url).find((h) => h.endsWith(".json"))!).pathname), "utf8"),
    ) as {
      items: { url: string }[];
    };
    const inFeeds =
      rss.includes(`<link>${canonical.replace(/&/g, "&amp;")}</link>`) &&
      json.items.some((item) => item.url === canonical);
    if (entry.state.unlisted) {
      expect(sitemapLocs, entry.url).not.toContain(canonical);
      expect(
        json.items.some((item) => item.url === canonical),
        entry.url,
      ).toBe(false);
    } else {
      expect(sitemapLocs, entry.url).toContain(canonical);
      // A feed holds the newest 20: an older entry may be past its end.
      if (json.items.length < 20) expect(inFeeds, entry.url).toBe(true);
    }
  }
});

test("the feeds and each entry's share image are served as built", async ({ request }) => {
  const entry = entries[0]!;
  for (const href of feedHrefs(entry.url)) {
    const response = await request.get(new URL(href).pathname);
    expect(response.status(), href).toBe(200);
    expect(response.headers()["content-type"], href).toMatch(href.endsWith(".json") ? /json/ : /xml/);
  }
  for (const { url } of entries) {
    const image = attribute(html(url), /<meta property="og:image" content="([^"]+)"/)!;
    const response = await request.get(new URL(image).pathname);
    expect(response.status(), image).toBe(200);
    const bytes = await response.body();
    if (response.headers()["content-type"] === "image/png") {
      // A PNG's size is in its header: width at byte 16, height at byte 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], image).toEqual([1200, 630]);
    }
  }
});
