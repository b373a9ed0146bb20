/**
 * Addresses: where an entry of a kind with pages is published, and the one absolute form of an address.
 * Zod-free and browser-safe, so the pipeline, the pre-renderer, the server's redirect writers and
 * /admin/ (a rename) make the same string. A kind's row declares its entries' address as a pattern,
 * "/guides/:id" (Astro's `[slug]`, Hugo's `permalinks`); ":id" is the entry's file name. A pattern
 * may start with a language's segment later ("/es/guias/:id"): nothing here assumes the first one.
 */

/** The pattern's placeholder for the entry's id. */
export const idPlaceholder = ":id";

/** An entry's address from its kind's pattern: "/guides/:id" and "printer-offline" → "/guides/printer-offline". */
export function addressOf(pattern: string, id: string): string {
  if (!pattern.includes(idPlaceholder)) throw new Error(`the address pattern "${pattern}" has no "${idPlaceholder}"`);
  return pattern.replaceAll(idPlaceholder, id);
}

/**
 * The one absolute form of an address on the site: the canonical link, the sitemap's <loc>, a feed's
 * link and id, the JSON-LD `url` and `mainEntityOfPage` are all this string, so they never disagree
 * (a trailing "/" or a different host would make search engines see two pages).
 */
export function absoluteAddress(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).href;
}
