/**
 * The addresses of a kind with pages, from its row's `address` pattern (schemas/kinds.ts), Zod-free
 * and browser-safe: the pipeline (the pages it makes, the checks on them), the app (the links it draws)
 * and the previews read them with this one code. A pattern is a route whose last part is ":id", e.g.
 * "/guides/:id": an entry is at "/guides/<id>", the kind's listing at "/guides" (and "/guides/page/2"
 * on), its tag pages at "/guides/tags/<tag>" and its author pages at "/guides/authors/<author>".
 *
 * Room for a language: every address is made under a prefix, "" today; a Spanish edition passes
 * "/es" and gets "/es/guides/<id>" from the same pattern (the pattern itself never names a language).
 */

/** The part of an address pattern that stands for the entry's id. */
export const idPlaceholder = ":id";

const patternShape = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+\/:id$/;

/** What is wrong with an address pattern, or undefined: a bug in the table of kinds, never the content's. */
export function patternProblem(pattern: string): string | undefined {
  return patternShape.test(pattern)
    ? undefined
    : `the address "${pattern}" must be a route of lower-case words ending in "/:id", e.g. "/guides/:id"`;
}

/** The kind's listing ("/guides/:id" → "/guides"), under `prefix` (a language: "/es"). */
export function listingAddress(pattern: string, prefix = ""): string {
  return prefix + pattern.slice(0, -(idPlaceholder.length + 1));
}

/** An entry's page: "/guides/printer-offline". */
export function entryAddress(pattern: string, id: string, prefix = ""): string {
  return `${listingAddress(pattern, prefix)}/${id}`;
}

/** The listing's page `n` (1: the listing itself): "/guides", "/guides/page/2". */
export function pageAddress(first: string, n: number): string {
  return n <= 1 ? first : `${first}/page/${n}`;
}

/** A tag's listing of this kind: "/guides/tags/printers" (`slug`: the tag's address part). */
export function tagAddress(pattern: string, slug: string, prefix = ""): string {
  return `${listingAddress(pattern, prefix)}/tags/${slug}`;
}

/** An author's listing of this kind: "/guides/authors/daniel-reyes". */
export function authorAddress(pattern: string, id: string, prefix = ""): string {
  return `${listingAddress(pattern, prefix)}/authors/${id}`;
}

/** How many pages a listing of `count` entries takes at `perPage` a page: none when empty (no empty page is built). */
export function pageCount(count: number, perPage: number): number {
  return Math.ceil(count / perPage);
}

/**
 * The one absolute form of an address on the site: an entry's canonical link, its sitemap <loc>, its
 * feeds' link and id, its JSON-LD `url` and `mainEntityOfPage` are all this string, so they never
 * disagree (a trailing "/" or another host would make search engines see two pages).
 */
export function absoluteAddress(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}
