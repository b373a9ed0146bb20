/**
 * Entry pages: the pages the kinds with pages make (rows of schemas/kinds.ts with an `address`), as
 * Astro's `getStaticPaths` and Hugo's sections and taxonomies make theirs. In: the content as the site
 * shows it (drafts and entries outside their window already left out, but in `npm run dev`'s preview)
 * and the table of kinds. Out: one page per entry (`entry`), the pages of each kind's listing, of
 * each of its tags' and of each of its authors' (`listing`), and the cards of every kind's listed
 * entries (entries.json), each as schemas/entry-pages.ts says. Unlisted entries get their page
 * (`index: false`) and are on no listing; no listing with no entry is made.
 */
import type { z } from "zod";
import {
  authorAddress,
  defaultPerPage,
  entryAddress,
  listingAddress,
  pageAddress,
  pageCount,
  pagesKinds,
  tagAddress,
  withoutContext,
  type AuthorLink,
  type Crumb,
  type EntryCard,
  type EntryCards,
  type EntryPage,
  type EntryWords,
  type Html,
  type KindTable,
  type ListingPage,
  type PageData,
  type PagesKind,
  type PartMeta,
  type Reference,
  type ResolvedImage,
  type Site,
  type TagLink,
} from "../../../schemas/index.ts";
import { unwrap } from "../../../schemas/walk.ts";
import { compareText } from "../problems/problem.ts";
import type { Content } from "./validate.ts";

/** An entry of a kind with pages as validated: the fields every such entry has (schemas/entries.ts), and its kind's own. */
interface EntryValue {
  id: string;
  title: string;
  description: string;
  published: string;
  updated?: string;
  author?: Reference<"team">;
  tags: Reference<"tags">[];
  hero: ResolvedImage;
  quote?: { text: Html; name: string; detail?: string };
  unlisted: boolean;
  draft: boolean;
  publishDate?: string;
  expiryDate?: string;
  body?: Html;
  [field: string]: unknown;
}

/** Words a minute a reader reads, for the reading time. */
const wordsPerMinute = 200;
/** A text with this many h2 headings or more gets a table of contents. */
const tocFrom = 3;
/** Related entries shown at the end of an entry's page. */
const relatedCount = 3;

/**
 * What is worked out from an entry's text alone (its reading time, its table of contents), kept by
 * the text: `npm run dev` rebuilds every entry's page on a save, and a thousand guides' texts are
 * read again only when they change. Emptied when it holds far more texts than a site has.
 */
function byText<T>(make: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let found = known.get(text);
    if (found === undefined) {
      if (known.size > 20_000) known.clear();
      found = make(text);
      known.set(text, found);
    }
    return found;
  };
}

/** The plain words of some HTML. */
const wordsOf = byText((html: string): number => {
  const text = html.replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  return text.split(/\s+/).filter(Boolean).length;
});

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

/** The h2 and h3 of an entry's text (markdown.ts gave them ids), when it has enough of them to need a table of contents. */
export function tableOfContents(body: string | undefined): EntryPage["toc"] {
  return body ? tocOf(body) : [];
}
const tocOf = byText((body: string): EntryPage["toc"] => {
  const headings = [...body.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)].map((match) => ({
    id: match[2]!,
    text: decode(match[3]!),
    depth: Number(match[1]) as 2 | 3,
  }));
  return headings.filter((heading) => heading.depth === 2).length >= tocFrom ? headings : [];
});

/** The kind's own Markdown fields drawn as parts of its page, in its schema's order: field name → heading. */
const partsOfKind = new WeakMap<PagesKind, [string, string][]>();
function partFields(kind: PagesKind): [string, string][] {
  let found = partsOfKind.get(kind);
  if (!found) {
    const shape = (kind.schema(withoutContext) as z.ZodObject).shape ?? {};
    found = Object.entries(shape).flatMap(([name, field]) => {
      const part = (unwrap(field as z.ZodType).meta as Partial<PartMeta>).part;
      return typeof part === "string" ? [[name, part] as [string, string]] : [];
    });
    partsOfKind.set(kind, found);
  }
  return found;
}

/** "%n of %total" with its values. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/%(\w+)/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Newest first; the same day: by id. */
const newestFirst = (a: { published: string; id: string }, b: { published: string; id: string }) =>
  a.published === b.published ? compareText(a.id, b.id) : a.published < b.published ? 1 : -1;

export interface EntryPages {
  pages: PageData[];
  cards: EntryCards;
}

/** What the pages of one kind are made with: its words, its addresses, and its entries as cards. */
interface KindContext {
  kind: PagesKind;
  words: EntryWords;
  home: Crumb;
  kindUrl: string;
  kindCrumb: Crumb;
  /** The kind's own Markdown fields drawn as parts (field → heading). */
  parts: [string, string][];
  tags: Map<string, { id: string; name: string; slug?: string; description?: string }>;
  tagLink: (reference: Reference<"tags">) => TagLink | undefined;
  authorLink: (reference: Reference<"team"> | undefined) => AuthorLink | undefined;
  /** Each entry's card, by id. */
  cards: Map<string, EntryCard>;
}

function kindContext(kind: PagesKind, content: Content, words: EntryWords, entries: readonly EntryValue[]): KindContext {
  const team = new Map((content.collections.team ?? []).map((member) => [member.id, member]));
  const tags = new Map((content.collections.tags ?? []).map((tag) => [tag.id, tag]));
  const kindUrl = listingAddress(kind.address);
  const parts = partFields(kind);
  const tagLink = (reference: Reference<"tags">): TagLink | undefined => {
    const tag = tags.get(reference.id);
    return tag && { id: tag.id, name: tag.name, url: tagAddress(kind.address, tag.slug ?? tag.id) };
  };
  const authorLink = (reference: Reference<"team"> | undefined): AuthorLink | undefined => {
    const member = reference && team.get(reference.id);
    if (!member) return undefined;
    return { id: member.id, name: member.name, role: member.role, photo: member.photo, url: authorAddress(kind.address, member.id) };
  };
  const cardOf = (entry: EntryValue): EntryCard => {
    const text = [entry.body ?? "", ...parts.map(([field]) => String(entry[field] ?? ""))].join(" ");
    return {
      kind: kind.name,
      id: entry.id,
      url: entryAddress(kind.address, entry.id),
      title: entry.title,
      description: entry.description,
      published: entry.published,
      ...(entry.updated === undefined ? {} : { updated: entry.updated }),
      readingMinutes: Math.max(1, Math.ceil(wordsOf(text) / wordsPerMinute)),
      // An author outside their window is left out of the entry by the schedule (shownAt): no author then.
      author: authorLink(entry.author) ?? { id: "", name: "", role: "", url: kindUrl },
      tags: entry.tags.flatMap((reference) => tagLink(reference) ?? []),
      hero: entry.hero,
    };
  };
  const home: Crumb = { label: words.home, url: "/" };
  const cards = new Map(entries.map((entry) => [entry.id, cardOf(entry)]));
  return { kind, words, home, kindUrl, kindCrumb: { label: kind.title, url: kindUrl }, parts, tags, tagLink, authorLink, cards };
}

/** The listed entries that are not drafts, by the id of each tag they carry: where related entries are found. */
type ByTag = Map<string, EntryValue[]>;
function byTagOf(listed: readonly EntryValue[]): ByTag {
  const byTag: ByTag = new Map();
  for (const entry of listed) {
    if (entry.draft) continue;
    for (const { id } of entry.tags) (byTag.get(id) ?? byTag.set(id, []).get(id)!).push(entry);
  }
  return byTag;
}

/** One entry's page, with its related entries: those sharing the most tags with it, then the newest. */
function entryPageOf(k: KindContext, entry: EntryValue, byTag: ByTag): PageData {
  const card = k.cards.get(entry.id)!;
  const shared = new Map<EntryValue, number>();
  for (const id of new Set(entry.tags.map((reference) => reference.id))) {
    for (const other of byTag.get(id) ?? []) if (other.id !== entry.id) shared.set(other, (shared.get(other) ?? 0) + 1);
  }
  const related = [...shared]
    .sort(([a, m], [b, n]) => n - m || newestFirst(a, b))
    .slice(0, relatedCount)
    .map(([other]) => k.cards.get(other.id)!);
  const window = {
    ...(entry.publishDate === undefined ? {} : { publishDate: entry.publishDate }),
    ...(entry.expiryDate === undefined ? {} : { expiryDate: entry.expiryDate }),
  };
  const page: EntryPage = {
    ...card,
    kindTitle: k.kind.title,
    kindUrl: k.kindUrl,
    parts: k.parts.flatMap(([field, heading]) => (typeof entry[field] === "string" ? [{ heading, html: entry[field] as Html }] : [])),
    ...(entry.body === undefined ? {} : { body: entry.body }),
    toc: tableOfContents(entry.body),
    ...(entry.quote === undefined ? {} : { quote: entry.quote }),
    breadcrumbs: [k.home, k.kindCrumb, { label: entry.title, url: card.url }],
    related,
    state: { draft: entry.draft, unlisted: entry.unlisted, ...window },
  };
  return {
    route: card.url,
    title: entry.title,
    description: entry.description,
    index: !entry.unlisted,
    draft: entry.draft,
    landing: false,
    ...window,
    updated: entry.updated ?? entry.published,
    sections: [],
    entry: page,
  };
}

/** The pages of one listing, `perPage` entries each: `first` its address, `heading` its h1. */
function listingPagesOf(k: KindContext, listing: { first: string; by: ListingPage["by"]; heading: string; description: string; crumbs: Crumb[] }, list: readonly EntryValue[]): PageData[] {
  const perPage = k.kind.perPage ?? defaultPerPage;
  const count = pageCount(list.length, perPage);
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const on = list.slice(index * perPage, n * perPage);
    const numbered = count > 1 ? ` (${fill(k.words.pageOf, { n, total: count })})` : "";
    const updated = on.reduce((latest, entry) => {
      const changed = entry.updated ?? entry.published;
      return changed > latest ? changed : latest;
    }, "");
    return {
      route: pageAddress(listing.first, n),
      title: `${listing.heading}${numbered}`,
      description: listing.description,
      index: true,
      draft: false,
      landing: false,
      updated,
      sections: [],
      listing: {
        kind: k.kind.name,
        kindTitle: k.kind.title,
        by: listing.by,
        heading: listing.heading,
        entries: on.map((entry) => k.cards.get(entry.id)!),
        page: n,
        pages: count,
        first: listing.first,
        ...(n > 1 ? { prev: pageAddress(listing.first, n - 1) } : {}),
        ...(n < count ? { next: pageAddress(listing.first, n + 1) } : {}),
        breadcrumbs: [...listing.crumbs, { label: listing.heading, url: listing.first }],
      },
    };
  });
}

const summary = (list: readonly EntryValue[]) =>
  list
    .slice(0, 3)
    .map((entry) => entry.title)
    .join("; ");

/** The listing of the kind, and of each of its tags and authors with listed entries. */
function listingsOf(k: KindContext, listed: readonly EntryValue[]): PageData[] {
  const pages = listingPagesOf(k, { first: k.kindUrl, by: { type: "all" }, heading: k.kind.title, description: `${k.kind.title}: ${summary(listed)}.`, crumbs: [k.home] }, listed);
  const byTag = new Map<string, { link: TagLink; description?: string; list: EntryValue[] }>();
  const byAuthor = new Map<string, { link: AuthorLink; list: EntryValue[] }>();
  for (const entry of listed) {
    for (const reference of entry.tags) {
      const link = k.tagLink(reference);
      if (!link) continue;
      const group = byTag.get(link.url) ?? byTag.set(link.url, { link, description: k.tags.get(reference.id)?.description, list: [] }).get(link.url)!;
      group.list.push(entry);
    }
    const author = k.authorLink(entry.author);
    if (author) (byAuthor.get(author.url) ?? byAuthor.set(author.url, { link: author, list: [] }).get(author.url)!).list.push(entry);
  }
  const crumbs = [k.home, k.kindCrumb];
  for (const [url, { link, description, list }] of [...byTag].sort(([a], [b]) => compareText(a, b))) {
    const heading = fill(k.words.tagHeading, { kind: k.kind.title, name: link.name });
    const by = { type: "tag" as const, id: link.id, name: link.name, ...(description ? { description } : {}) };
    pages.push(...listingPagesOf(k, { first: url, by, heading, description: description ?? `${heading}: ${summary(list)}.`, crumbs }, list));
  }
  for (const [url, { link, list }] of [...byAuthor].sort(([a], [b]) => compareText(a, b))) {
    const heading = fill(k.words.authorHeading, { kind: k.kind.title, name: link.name });
    const by = { type: "author" as const, id: link.id, name: link.name, role: link.role };
    pages.push(...listingPagesOf(k, { first: url, by, heading, description: `${heading}: ${summary(list)}.`, crumbs }, list));
  }
  return pages;
}

/** The pages and cards of every kind with pages in `content`. */
export function entryPages(content: Content, kinds: KindTable): EntryPages {
  const words = (content.settings.site as Site | undefined)?.entryPages.words;
  const pages: PageData[] = [];
  const cards: EntryCards = {};
  if (!words) return { pages, cards };
  for (const kind of pagesKinds(kinds)) {
    const entries = ((content.collections[kind.name] ?? []) as unknown as EntryValue[]).slice().sort(newestFirst);
    if (entries.length === 0) continue;
    const k = kindContext(kind, content, words, entries);
    const listed = entries.filter((entry) => !entry.unlisted);
    cards[kind.name] = listed.map((entry) => k.cards.get(entry.id)!);
    const byTag = byTagOf(listed);
    for (const entry of entries) pages.push(entryPageOf(k, entry, byTag));
    pages.push(...listingsOf(k, listed));
  }
  return { pages, cards };
}
