/**
 * What pre-rendering adds for the kinds with pages (rows of schemas/kinds.ts with an `address`),
 * derived from the table, nothing per kind: each kind's feeds (feeds.ts) and the links to them in
 * the head of its pages, each entry's head (entry-head.ts: its article data, breadcrumbs, social card)
 * and its share image (share-image.ts) unless it names a picture of its own (`shareImage`).
 * In: the site, the pages as emitted (an entry's page carries `entry`), the entries' fields
 * (collections.json), the clock. Out: the feeds' files, and per page what its head adds.
 */
import { absoluteAddress, listingAddress } from "../../schemas/addresses.ts";
import { pagesKinds, type PagesKind } from "../../schemas/kinds.ts";
import type { PageData, Site } from "../../schemas/index.ts";
import type { EntryPage } from "../../schemas/entry-pages.ts";
import { entryHead, type EntryHead } from "./entry-head.ts";
import {
  atomFeed,
  feedEntries,
  feedLinks,
  feedPaths,
  jsonFeed,
  rssFeed,
  type FeedChannel,
  type FeedEntry,
} from "./feeds.ts";

/** The kind a page belongs to: an entry's, or a listing's; else none. */
export function kindOfPage(page: PageData, kinds: readonly PagesKind[] = pagesKinds()): PagesKind | undefined {
  const name = page.entry?.kind ?? page.listing?.kind;
  return name === undefined ? undefined : kinds.find((kind) => kind.name === name);
}

/** An entry's full text as a feed carries it: its parts under their headings, then its body. */
function entryHtml(entry: EntryPage): string {
  return [...entry.parts.map((part) => `<h2>${part.heading}</h2>\n${part.html}`), entry.body ?? ""].join("\n");
}

/** A feed's channel of `kind`: its listing page's title and description. */
function channelOf(site: Site, kind: PagesKind, pages: readonly PageData[]): FeedChannel {
  const listing = pages.find((page) => page.route === listingAddress(kind.address));
  return {
    siteUrl: site.seo.siteUrl,
    siteName: site.company.name,
    title: listing?.title ?? kind.title,
    description: listing?.description ?? site.seo.description,
    language: site.seo.locale,
    pattern: kind.address,
    zone: site.timeZone,
  };
}

export function feedEntryOf(site: Site, entry: EntryPage): FeedEntry {
  const at = (path: string) => absoluteAddress(site.seo.siteUrl, path);
  return {
    url: at(entry.url),
    title: entry.title,
    description: entry.description,
    published: entry.published,
    ...(entry.updated ? { updated: entry.updated } : {}),
    author: { name: entry.author.name, url: at(entry.author.url) },
    html: entryHtml(entry),
    image: at(entry.hero.src),
    tags: entry.tags.map((tag) => tag.name),
    draft: entry.state.draft,
    unlisted: entry.state.unlisted,
    ...(entry.state.publishDate ? { publishDate: entry.state.publishDate } : {}),
    ...(entry.state.expiryDate ? { expiryDate: entry.state.expiryDate } : {}),
  };
}

/** Each kind's three feeds, as files of dist/ ("guides/rss.xml") and their text. */
export function feedFiles(site: Site, pages: readonly PageData[], now: number): { file: string; text: string }[] {
  return pagesKinds().flatMap((kind) => {
    const channel = channelOf(site, kind, pages);
    const all = pages.flatMap((page) => (page.entry?.kind === kind.name ? [feedEntryOf(site, page.entry)] : []));
    const chosen = feedEntries(all, now, site.timeZone);
    const paths = feedPaths(kind.address);
    return [
      { file: paths.rss.slice(1), text: rssFeed(channel, chosen, now) },
      { file: paths.atom.slice(1), text: atomFeed(channel, chosen, now) },
      { file: paths.json.slice(1), text: jsonFeed(channel, chosen) },
    ];
  });
}

/** The <link>s to a page's kind's feeds (none for a page of no kind). */
export function feedLinksOf(site: Site, page: PageData, pages: readonly PageData[]): string[] {
  const kind = kindOfPage(page);
  return kind ? feedLinks(channelOf(site, kind, pages)) : [];
}

/** An entry page's head: its article data with `card` as its image (its share image, or its own picture). */
export function entryHeadOf(
  site: Site,
  entry: EntryPage,
  card: { src: string; width: number; height: number; alt: string },
): EntryHead {
  return entryHead({
    siteUrl: site.seo.siteUrl,
    siteName: site.company.name,
    type: "Article",
    path: entry.url,
    headline: entry.title,
    description: entry.description,
    published: entry.published,
    ...(entry.updated ? { modified: entry.updated } : {}),
    author: { name: entry.author.name, path: entry.author.url },
    image: card,
    // The breadcrumbs as the page draws them, but the last (the entry itself, named by its headline).
    trail: entry.breadcrumbs.slice(0, -1).map((crumb) => ({ name: crumb.label, path: crumb.url })),
    tags: entry.tags.map((tag) => tag.name),
  });
}
