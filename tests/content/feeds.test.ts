// @vitest-environment jsdom
/** The three feeds of a kind with pages (scripts/prerender/feeds.ts), read back as a feed reader would. */
import { describe, expect, it } from "vitest";
import {
  absoluteLinks,
  atomFeed,
  feedEntries,
  feedLinks,
  feedPaths,
  feedSize,
  jsonFeed,
  rssFeed,
  type FeedChannel,
  type FeedEntry,
} from "../../scripts/prerender/feeds.ts";

const now = Date.parse("2026-06-15T12:00:00Z");
const channel: FeedChannel = {
  siteUrl: "https://support.example",
  siteName: "Example & Co",
  title: "Help guides",
  description: "Fixes you can do yourself",
  language: "en-US",
  pattern: "/guides/:id",
  zone: "America/New_York",
};
const entry = (n: number, extra: Partial<FeedEntry> = {}): FeedEntry => ({
  url: `https://support.example/guides/guide-${n}`,
  title: `Guide <${n}> & more`,
  description: `What guide ${n} solves`,
  published: `2026-01-${String(n).padStart(2, "0")}`,
  author: { name: "Dana Reyes", url: "https://support.example/guides/authors/dana" },
  html: `<p>Step one: see <a href="/guides/guide-1#fix">the fix</a> and <img src="/media/p-1.png" srcset="/media/p-1.png 1x, /media/p-2.png 2x" alt="">.</p>`,
  tags: ["printers"],
  ...extra,
});
// 24 shown entries (more than a feed holds), and one each that a feed must leave out.
const shown = Array.from({ length: 24 }, (_, i) => entry(i + 1));
const hidden = [
  entry(25, { draft: true, title: "A draft" }),
  entry(26, { unlisted: true, title: "An unlisted one" }),
  entry(27, { publishDate: "2026-07-01T00:00", title: "A future one" }),
  entry(28, { expiryDate: "2026-06-01T00:00", title: "An expired one" }),
];
const chosen = feedEntries([...hidden, ...shown], now, channel.zone);

const xml = (text: string) => {
  const doc = new DOMParser().parseFromString(text, "application/xml");
  // A document that is not well-formed XML parses to a <parsererror>.
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
};

describe("a kind's feeds", () => {
  it("carry the newest shown entries, at most the feed's size, and no draft, unlisted, future or expired one", () => {
    expect(chosen).toHaveLength(feedSize);
    expect(chosen.map((e) => e.url)).toEqual(shown.slice(-feedSize).reverse().map((e) => e.url));
    expect(chosen.some((e) => hidden.includes(e))).toBe(false);
  });

  it("RSS 2.0: well-formed, its own address, each item's link and guid the entry's address, full text with absolute addresses", () => {
    const doc = xml(rssFeed(channel, chosen, now));
    expect(doc.documentElement.tagName).toBe("rss");
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    const channelElement = doc.getElementsByTagName("channel")[0]!;
    expect(channelElement.getElementsByTagName("title")[0]!.textContent).toBe("Help guides | Example & Co");
    expect(doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]!.getAttribute("href")).toBe(
      "https://support.example/guides/rss.xml",
    );
    const items = [...doc.getElementsByTagName("item")];
    expect(items).toHaveLength(feedSize);
    const first = items[0]!;
    expect(first.getElementsByTagName("title")[0]!.textContent).toBe(chosen[0]!.title);
    expect(first.getElementsByTagName("link")[0]!.textContent).toBe(chosen[0]!.url);
    expect(first.getElementsByTagName("guid")[0]!.textContent).toBe(chosen[0]!.url);
    expect(new Date(first.getElementsByTagName("pubDate")[0]!.textContent!).toISOString()).toBe(
      new Date(chosen[0]!.published).toISOString(),
    );
    const content = first.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded")[0]!.textContent!;
    expect(content).toContain('href="https://support.example/guides/guide-1#fix"');
    expect(content).toContain('src="https://support.example/media/p-1.png"');
    expect(content).toContain("https://support.example/media/p-2.png 2x");
  });

  it("Atom: well-formed, ids and links absolute, dates in RFC 3339, an author for the feed", () => {
    const doc = xml(atomFeed(channel, chosen, now));
    expect(doc.documentElement.namespaceURI).toBe("http://www.w3.org/2005/Atom");
    const self = [...doc.documentElement.children].find((e) => e.tagName === "link" && e.getAttribute("rel") === "self");
    expect(self!.getAttribute("href")).toBe("https://support.example/guides/atom.xml");
    const entries = [...doc.getElementsByTagName("entry")];
    expect(entries.map((e) => e.getElementsByTagName("id")[0]!.textContent)).toEqual(chosen.map((e) => e.url));
    for (const e of entries) {
      expect(e.getElementsByTagName("updated")[0]!.textContent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(e.getElementsByTagName("content")[0]!.getAttribute("type")).toBe("html");
    }
    expect(doc.documentElement.getElementsByTagName("author").length).toBeGreaterThan(0);
  });

  it("JSON Feed 1.1: its version, its own address, items newest first with their full text", () => {
    const feed = JSON.parse(jsonFeed(channel, chosen)) as {
      version: string;
      feed_url: string;
      home_page_url: string;
      items: { id: string; url: string; content_html: string; date_published: string }[];
    };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.feed_url).toBe("https://support.example/guides/feed.json");
    expect(feed.home_page_url).toBe("https://support.example/guides");
    expect(feed.items.map((i) => i.url)).toEqual(chosen.map((e) => e.url));
    expect(feed.items[0]!.content_html).toContain('href="https://support.example/guides/guide-1#fix"');
  });

  it("are linked from the head by their absolute addresses, one per format", () => {
    const links = feedLinks(channel).join("\n");
    for (const [type, path] of [
      ["application/rss+xml", feedPaths(channel.pattern).rss],
      ["application/atom+xml", feedPaths(channel.pattern).atom],
      ["application/feed+json", feedPaths(channel.pattern).json],
    ]) {
      expect(links).toContain(`type="${type}"`);
      expect(links).toContain(`href="https://support.example${path}"`);
    }
  });

  it("leave addresses elsewhere and anchors as they are", () => {
    const html = '<a href="https://other.example/x">a</a><a href="#top">b</a><a href="mailto:a@b.example">c</a>';
    expect(absoluteLinks(html, "https://support.example/guides/x")).toBe(html);
  });
});
