/**
 * What the pipeline emits for the kinds with pages (rows of schemas/kinds.ts with an `address`):
 * types only, browser-safe. Made by scripts/content/stages/entry-pages.ts; read by the app
 * (src/entries/), the pre-renderer (scripts/prerender/: head, sitemap) and the generated modules.
 *
 * Each entry's page and each listing page is a page like any other (`PageData`: its `route`, `title`,
 * `description`, `index`, `draft`, `publishDate`, `expiryDate`, `updated`; `sections` empty), one
 * module each in src/generated/pages/, listed in routes.json, pre-rendered, in the sitemap when
 * `index` is true, with `entry` or `listing` set:
 *
 * - `entry` (`EntryPage`): one entry, everything its page shows: its kind, id and address (`url`,
 *   the page's route, no base path, no language prefix today), title, description, `published` and
 *   `updated` dates (YYYY-MM-DD), `author` (a team entry: name, role, photo, their author page),
 *   `tags` (name and the address of the kind's tag page), `hero` (the resolved picture, alt
 *   included), `parts` (a kind's own Markdown fields drawn under headings, e.g. a case study's "The
 *   problem"), `body` (sanitised HTML, h2/h3 with ids and anchors), `toc` (its h2/h3, for a long
 *   entry; empty for a short one), `readingMinutes`, `quote`, `breadcrumbs`, `related` (cards of
 *   up to three entries of the same kind sharing a tag: never itself, a draft, an unlisted or an
 *   unshown one), and `state` (draft, unlisted, the schedule's publishDate and expiryDate as written).
 * - `listing` (`ListingPage`): the kind's index, a tag's or an author's, one page of it: the cards
 *   on it, newest first, its number and count, the addresses of the pages before and after, and
 *   `first` (its page 1, which each page's canonical is not: every page is canonical to itself).
 *
 * An unlisted entry's page has `index: false` (noindex, out of the sitemap) and is on no listing.
 * Drafts, and entries outside their window (publishDate, expiryDate) at the build's time, have no
 * page and are on no listing (`npm run dev`'s preview keeps drafts, marked). The cards of every
 * kind's listed entries (`entries.json`, the generated index's `entries`) are what a listing section
 * on any page, search and the feeds read: `EntryCards`.
 */
import type { Html } from "./primitives.ts";
import type { ResolvedImage } from "./placements.ts";

/** A tag on an entry: its name and the page that lists this kind's entries with it. */
export interface TagLink {
  id: string;
  name: string;
  /** This kind's tag page: "/guides/tags/printers". */
  url: string;
}

/** An entry's author: a team member, and their page of this kind's entries. */
export interface AuthorLink {
  id: string;
  name: string;
  role: string;
  photo?: ResolvedImage;
  /** "/guides/authors/daniel-reyes". */
  url: string;
}

/** An entry as a listing shows it. */
export interface EntryCard {
  /** The kind's name in the table: "guides". */
  kind: string;
  id: string;
  /** The entry's page: "/guides/printer-offline". */
  url: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  published: string;
  updated?: string;
  readingMinutes: number;
  author: AuthorLink;
  tags: TagLink[];
  hero: ResolvedImage;
}

/** A link in the breadcrumbs: the home page, the kind's listing, the page itself (last, no link drawn). */
export interface Crumb {
  label: string;
  url: string;
}

/** A heading of an entry's text, for its table of contents. */
export interface TocItem {
  /** The heading's id: "#<id>" scrolls to it. */
  id: string;
  text: string;
  depth: 2 | 3;
}

/** The words the pages of entries show around the content (site.yaml `entryPages`, with English defaults). */
export interface EntryWords {
  published: string;
  updated: string;
  by: string;
  minutesRead: string;
  onThisPage: string;
  tagged: string;
  related: string;
  home: string;
  previous: string;
  next: string;
  pageOf: string;
  tagHeading: string;
  authorHeading: string;
}

/** One entry's page. */
export interface EntryPage extends EntryCard {
  /** The kind's title: "Help guides"; its listing: "/guides". */
  kindTitle: string;
  kindUrl: string;
  /** A kind's own Markdown fields, in its schema's order, each under its heading (schemas/entries.ts `PartMeta`). */
  parts: { heading: string; html: Html }[];
  /** The text, sanitised; its h2 and h3 have ids (and a link to themselves). */
  body?: Html;
  /** The text's headings, when it is long enough to need a table of contents; else empty. */
  toc: TocItem[];
  quote?: { text: Html; name: string; detail?: string };
  breadcrumbs: Crumb[];
  /** Up to three other entries of the kind sharing a tag, most tags shared then newest first. */
  related: EntryCard[];
  state: { draft: boolean; unlisted: boolean; publishDate?: string; expiryDate?: string };
}

/** One page of a listing: the kind's, a tag's or an author's. */
export interface ListingPage {
  kind: string;
  kindTitle: string;
  /** What it lists: all the kind's entries, a tag's, or an author's. */
  by:
    | { type: "all" }
    | { type: "tag"; id: string; name: string; description?: string }
    | { type: "author"; id: string; name: string; role: string };
  /** The page's heading (its h1). */
  heading: string;
  entries: EntryCard[];
  /** 1 for the first page. */
  page: number;
  pages: number;
  /** This listing's first page: "/guides/tags/printers". */
  first: string;
  prev?: string;
  next?: string;
  breadcrumbs: Crumb[];
}

/** The listed entries' cards of every kind with pages, newest first: `entries.json`. */
export type EntryCards = Record<string, EntryCard[]>;
