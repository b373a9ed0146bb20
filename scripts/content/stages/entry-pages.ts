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

/** The plain words of some HTML. */
function wordsOf(html: string): number {
  const text = html.replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  return text.split(/\s+/).filter(Boolean).length;
}

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
  if (!body) return [];
  const headings = [...body.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)].map((match) => ({
    id: match[2]!,
    text: decode(match[3]!),
    depth: Number(match[1]) as 2 | 3,
  }));
  return headings.filter((heading) => heading.depth === 2).length >= tocFrom ? headings : [];
}

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

/** The pages and cards of every kind with pages in `content`. */
export function entryPages(content: Content, kinds: KindTable): EntryPages {
  const site = content.settings.site as Site | undefined;
  const words: EntryWords | undefined = site?.entryPages.words;
  const pages: PageData[] = [];
  const cards: EntryCards = {};
  if (!site || !words) return { pages, cards };
  const team = new Map((content.collections.team ?? []).map((member) => [member.id, member]));
  const tags = new Map((content.collections.tags ?? []).map((tag) => [tag.id, tag]));
  const home: Crumb = { label: words.home, url: "/" };

  for (const kind of pagesKinds(kinds)) {
    const entries = ((content.collections[kind.name] ?? []) as unknown as EntryValue[]).slice().sort(newestFirst);
    if (entries.length === 0) continue;
    const kindUrl = listingAddress(kind.address);
    const kindCrumb: Crumb = { label: kind.title, url: kindUrl };
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

    const byId = new Map(entries.map((entry) => [entry.id, cardOf(entry)]));
    const listed = entries.filter((entry) => !entry.unlisted);
    cards[kind.name] = listed.map((entry) => byId.get(entry.id)!);

    for (const entry of entries) {
      const card = byId.get(entry.id)!;
      const mine = new Set(entry.tags.map((reference) => reference.id));
      const related = listed
        .filter((other) => other.id !== entry.id && !other.draft)
        .map((other) => ({ other, shared: other.tags.filter((reference) => mine.has(reference.id)).length }))
        .filter(({ shared }) => shared > 0)
        .sort((a, b) => b.shared - a.shared || newestFirst(a.other, b.other))
        .slice(0, relatedCount)
        .map(({ other }) => byId.get(other.id)!);
      const page: EntryPage = {
        ...card,
        kindTitle: kind.title,
        kindUrl,
        parts: parts.flatMap(([field, heading]) => (typeof entry[field] === "string" ? [{ heading, html: entry[field] as Html }] : [])),
        ...(entry.body === undefined ? {} : { body: entry.body }),
        toc: tableOfContents(entry.body),
        ...(entry.quote === undefined ? {} : { quote: entry.quote }),
        breadcrumbs: [home, kindCrumb, { label: entry.title, url: card.url }],
        related,
        state: {
          draft: entry.draft,
          unlisted: entry.unlisted,
          ...(entry.publishDate === undefined ? {} : { publishDate: entry.publishDate }),
          ...(entry.expiryDate === undefined ? {} : { expiryDate: entry.expiryDate }),
        },
      };
      pages.push({
        route: card.url,
        title: entry.title,
        description: entry.description,
        index: !entry.unlisted,
        draft: entry.draft,
        ...(entry.publishDate === undefined ? {} : { publishDate: entry.publishDate }),
        ...(entry.expiryDate === undefined ? {} : { expiryDate: entry.expiryDate }),
        updated: entry.updated ?? entry.published,
        sections: [],
        entry: page,
      });
    }

    /** The pages of one listing: `first` its address, `heading` its h1. */
    const listing = (first: string, by: ListingPage["by"], heading: string, description: string, crumbs: Crumb[], list: EntryValue[]) => {
      const perPage = kind.perPage ?? defaultPerPage;
      const count = pageCount(list.length, perPage);
      for (let n = 1; n <= count; n++) {
        const route = pageAddress(first, n);
        const numbered = count > 1 ? ` (${fill(words.pageOf, { n, total: count })})` : "";
        const last: Crumb = { label: heading, url: first };
        pages.push({
          route,
          title: `${heading}${numbered}`,
          description,
          index: true,
          draft: false,
          updated: list.slice((n - 1) * perPage, n * perPage).reduce((latest, entry) => {
            const changed = entry.updated ?? entry.published;
            return changed > latest ? changed : latest;
          }, ""),
          sections: [],
          listing: {
            kind: kind.name,
            kindTitle: kind.title,
            by,
            heading,
            entries: list.slice((n - 1) * perPage, n * perPage).map((entry) => byId.get(entry.id)!),
            page: n,
            pages: count,
            first,
            ...(n > 1 ? { prev: pageAddress(first, n - 1) } : {}),
            ...(n < count ? { next: pageAddress(first, n + 1) } : {}),
            breadcrumbs: [...crumbs, last],
          },
        });
      }
    };
    const summary = (list: EntryValue[]) =>
      list
        .slice(0, 3)
        .map((entry) => entry.title)
        .join("; ");

    listing(kindUrl, { type: "all" }, kind.title, `${kind.title}: ${summary(listed)}.`, [home], listed);
    const byTag = new Map<string, { link: TagLink; description?: string; list: EntryValue[] }>();
    const byAuthor = new Map<string, { link: AuthorLink; list: EntryValue[] }>();
    for (const entry of listed) {
      for (const reference of entry.tags) {
        const link = tagLink(reference);
        if (!link) continue;
        const group = byTag.get(link.url) ?? byTag.set(link.url, { link, description: tags.get(reference.id)?.description, list: [] }).get(link.url)!;
        group.list.push(entry);
      }
      const author = authorLink(entry.author);
      if (author) (byAuthor.get(author.url) ?? byAuthor.set(author.url, { link: author, list: [] }).get(author.url)!).list.push(entry);
    }
    for (const [url, { link, description, list }] of [...byTag].sort(([a], [b]) => compareText(a, b))) {
      const heading = fill(words.tagHeading, { kind: kind.title, name: link.name });
      listing(url, { type: "tag", id: link.id, name: link.name, ...(description ? { description } : {}) }, heading, description ?? `${heading}: ${summary(list)}.`, [home, kindCrumb], list);
    }
    for (const [url, { link, list }] of [...byAuthor].sort(([a], [b]) => compareText(a, b))) {
      const heading = fill(words.authorHeading, { kind: kind.title, name: link.name });
      listing(url, { type: "author", id: link.id, name: link.name, role: link.role }, heading, `${heading}: ${summary(list)}.`, [home, kindCrumb], list);
    }
  }
  return { pages, cards };
}
