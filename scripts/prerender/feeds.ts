/**
 * Feeds: RSS 2.0, Atom 1.0 and JSON Feed 1.1 of a kind with pages (issue 59, item 5), written at
 * pre-render for every kind whose row declares an address, so a new kind gets its three feeds with no
 * line of its own. Each carries the newest 20 entries that are shown to everyone (no draft, nothing
 * outside its window, nothing unlisted), newest first, with their full text, every address absolute
 * (a feed reader has no page to resolve a relative link against; Docusaurus and @astrojs/rss do the
 * same). The files sit in the kind's folder ("/guides/rss.xml", "/guides/atom.xml",
 * "/guides/feed.json"), and the kind's pages link them from their head (`feedLinks`).
 * In: the site's name, address and language, the kind's title and pattern, its entries. Out: the files' text.
 */
import { absoluteAddress, listingAddress } from "../../schemas/addresses.ts";
import { liveAt } from "../../schemas/when.ts";

/** An entry as the feeds need it. */
export interface FeedEntry {
  /** Its address, absolute: the same string as its canonical link (absoluteAddress). */
  url: string;
  title: string;
  description: string;
  /** ISO 8601: when it was first published (its publishDate, or its date). */
  published: string;
  /** ISO 8601: when it was last changed; `published` when never. */
  updated?: string;
  author?: { name: string; url?: string };
  /** Its text as HTML (full content), addresses in it relative to the site or absolute. */
  html: string;
  /** Its picture, absolute. */
  image?: string;
  tags?: readonly string[];
  draft?: boolean;
  unlisted?: boolean;
  /** Its window, as in content (publishDate, expiryDate), read in the site's time zone. */
  publishDate?: string;
  expiryDate?: string;
}

export interface FeedChannel {
  /** The site's address ("https://www.example.com"). */
  siteUrl: string;
  siteName: string;
  /** The kind's title ("Guides"): the feed's is "<kind> | <site>". */
  title: string;
  description: string;
  /** BCP 47 ("en-US"). */
  language: string;
  /** The kind's address pattern ("/guides/:id"). */
  pattern: string;
  /** The site's time zone, for windows written without an offset. */
  zone?: string;
}

/** At most this many entries in a feed: readers poll it, and the full text of each is in it. */
export const feedSize = 20;

/** The three feeds' paths of a kind, beside its listing: "/guides/rss.xml", "/guides/atom.xml", "/guides/feed.json". */
export function feedPaths(pattern: string): { rss: string; atom: string; json: string } {
  const folder = `${listingAddress(pattern)}/`;
  return { rss: `${folder}rss.xml`, atom: `${folder}atom.xml`, json: `${folder}feed.json` };
}

/** What a kind's pages put in their head: the three feeds, for browsers and readers to find. */
export function feedLinks(channel: Pick<FeedChannel, "siteUrl" | "siteName" | "title" | "pattern">): string[] {
  const paths = feedPaths(channel.pattern);
  const title = escapeXml(`${channel.title} | ${channel.siteName}`);
  const link = (type: string, path: string) =>
    `<link rel="alternate" type="${type}" title="${title}" href="${escapeXml(absoluteAddress(channel.siteUrl, path))}" />`;
  return [
    link("application/rss+xml", paths.rss),
    link("application/atom+xml", paths.atom),
    link("application/feed+json", paths.json),
  ];
}

/** The entries a feed carries at `now`: shown to everyone, newest first, at most `feedSize`. */
export function feedEntries(entries: readonly FeedEntry[], now: number, zone?: string): FeedEntry[] {
  return entries
    .filter((entry) => !entry.draft && !entry.unlisted && liveAt(entry, now, zone))
    .sort((a, b) => Date.parse(b.published) - Date.parse(a.published) || (a.url < b.url ? -1 : 1))
    .slice(0, feedSize);
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/[^\t\n\r\u0020-\uffff]/gu, (char) => (char.codePointAt(0)! > 0xffff ? char : ""));
}

/** The HTML with every address in href, src and srcset made absolute against the entry's own. */
export function absoluteLinks(html: string, base: string): string {
  const absolute = (value: string) => {
    if (/^(#|[a-z][a-z0-9+.-]*:)/i.test(value)) return value;
    try {
      return new URL(value.replace(/&amp;/g, "&"), base).href.replace(/&/g, "&amp;");
    } catch {
      return value;
    }
  };
  return html.replace(/\s(href|src|srcset)="([^"]*)"/gi, (_, name: string, value: string) => {
    const out =
      name.toLowerCase() === "srcset"
        ? value
            .split(",")
            .map((part) => part.trim().replace(/^\S+/, (url) => absolute(url)))
            .join(", ")
        : absolute(value);
    return ` ${name}="${out}"`;
  });
}

const rfc822 = (iso: string) => new Date(iso).toUTCString();
const rfc3339 = (iso: string) => new Date(iso).toISOString();
const newest = (entries: readonly FeedEntry[], now: number) =>
  entries.length === 0
    ? new Date(now).toISOString()
    : new Date(Math.max(...entries.map((e) => Date.parse(e.updated ?? e.published)))).toISOString();

/** RSS 2.0, the full text in content:encoded, the feed's own address in atom:link (as validators ask). */
export function rssFeed(channel: FeedChannel, entries: readonly FeedEntry[], now: number): string {
  const home = absoluteAddress(channel.siteUrl, listingAddress(channel.pattern));
  const self = absoluteAddress(channel.siteUrl, feedPaths(channel.pattern).rss);
  const items = entries.map((entry) =>
    [
      "    <item>",
      `      <title>${escapeXml(entry.title)}</title>`,
      `      <link>${escapeXml(entry.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(entry.url)}</guid>`,
      `      <description>${escapeXml(entry.description)}</description>`,
      `      <pubDate>${rfc822(entry.published)}</pubDate>`,
      ...(entry.author ? [`      <dc:creator>${escapeXml(entry.author.name)}</dc:creator>`] : []),
      ...(entry.tags ?? []).map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <content:encoded>${escapeXml(absoluteLinks(entry.html, entry.url))}</content:encoded>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${channel.title} | ${channel.siteName}`)}</title>`,
    `    <link>${escapeXml(home)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <lastBuildDate>${rfc822(newest(entries, now))}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Atom 1.0 (RFC 4287): each entry's id is its address, its text in <content type="html">. */
export function atomFeed(channel: FeedChannel, entries: readonly FeedEntry[], now: number): string {
  const home = absoluteAddress(channel.siteUrl, listingAddress(channel.pattern));
  const self = absoluteAddress(channel.siteUrl, feedPaths(channel.pattern).atom);
  const items = entries.map((entry) =>
    [
      "  <entry>",
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}" />`,
      `    <id>${escapeXml(entry.url)}</id>`,
      `    <published>${rfc3339(entry.published)}</published>`,
      `    <updated>${rfc3339(entry.updated ?? entry.published)}</updated>`,
      ...(entry.author
        ? [
            `    <author><name>${escapeXml(entry.author.name)}</name>${entry.author.url ? `<uri>${escapeXml(entry.author.url)}</uri>` : ""}</author>`,
          ]
        : []),
      ...(entry.tags ?? []).map((tag) => `    <category term="${escapeXml(tag)}" />`),
      `    <summary>${escapeXml(entry.description)}</summary>`,
      `    <content type="html">${escapeXml(absoluteLinks(entry.html, entry.url))}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(channel.language)}">`,
    `  <title>${escapeXml(`${channel.title} | ${channel.siteName}`)}</title>`,
    `  <subtitle>${escapeXml(channel.description)}</subtitle>`,
    `  <id>${escapeXml(home)}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(home)}" />`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}" />`,
    `  <updated>${newest(entries, now)}</updated>`,
    // Atom asks for an author of the feed when an entry has none: the site.
    `  <author><name>${escapeXml(channel.siteName)}</name></author>`,
    ...items,
    "</feed>",
    "",
  ].join("\n");
}

/** JSON Feed 1.1 (jsonfeed.org/version/1.1). */
export function jsonFeed(channel: FeedChannel, entries: readonly FeedEntry[]): string {
  const home = absoluteAddress(channel.siteUrl, listingAddress(channel.pattern));
  const feed = {
    version: "https://jsonfeed.org/version/1.1",
    title: `${channel.title} | ${channel.siteName}`,
    home_page_url: home,
    feed_url: absoluteAddress(channel.siteUrl, feedPaths(channel.pattern).json),
    description: channel.description,
    language: channel.language,
    authors: [{ name: channel.siteName, url: absoluteAddress(channel.siteUrl, "/") }],
    items: entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      summary: entry.description,
      content_html: absoluteLinks(entry.html, entry.url),
      ...(entry.image ? { image: entry.image } : {}),
      date_published: rfc3339(entry.published),
      date_modified: rfc3339(entry.updated ?? entry.published),
      ...(entry.author
        ? { authors: [{ name: entry.author.name, ...(entry.author.url ? { url: entry.author.url } : {}) }] }
        : {}),
      ...(entry.tags?.length ? { tags: [...entry.tags] } : {}),
    })),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}
