/**
 * Decap's addresses: the hash routes of its router, which it publishes as no API (internals.ts lists
 * them). /admin/ reads and makes them here only:
 * - a collection's list: "#/collections/faq";
 * - an entry's editor: "#/collections/faq/entries/is-it-safe" (Decap goes there once a new entry is saved);
 * - a new entry's editor: "#/collections/faq/new".
 */

/** The entry an address names, collection and file name. */
export interface EntryAddress {
  collection: string;
  slug: string;
}

/** A collection's list. */
export const collectionAddress = (collection: string): string => `#/collections/${encodeURIComponent(collection)}`;

/** An entry's editor. */
export const entryAddress = (entry: EntryAddress): string =>
  `${collectionAddress(entry.collection)}/entries/${encodeURIComponent(entry.slug)}`;

/** A new entry's editor. */
export const newEntryAddress = (collection: string): string => `${collectionAddress(collection)}/new`;

/** The entry whose editor `hash` is (its query left off); undefined for any other address. */
export function entryIn(hash: string): EntryAddress | undefined {
  const match = /^#\/collections\/([^/?]+)\/entries\/([^?]+)/.exec(hash);
  return match ? { collection: decodeURIComponent(match[1]!), slug: decodeURIComponent(match[2]!) } : undefined;
}

/** True when `hash` is a new entry's editor. */
export const isNewEntry = (hash: string): boolean => /^#\/collections\/[^/]+\/new(\?|$)/.test(hash);

/** True when `hash` is an editor: an entry's or a new one's. */
export const isEditor = (hash: string): boolean => /^#\/collections\/[^/]+\/(entries|new)\b/.test(hash);
