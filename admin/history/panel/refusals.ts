/**
 * A version today's rules refuse (issue 46, item 4): what the content check before saving
 * (check.ts) says of the version's file now, among the content as it is, each problem at its
 * field's labels ("Price: a number is needed"). The same check refuses it again before publishing.
 */
import { checkEntry, type StoredFile } from "../../editor/check.ts";
import { labelled } from "../../editor/labels.ts";

/** What no longer fits in the version `text` of the entry `collection`/`slug` (its file `rel` inside content/), in words. */
export function whatNoLongerFits(
  config: { collections: unknown },
  entry: { collection: string; slug: string; rel: string },
  text: string,
  others: readonly StoredFile[],
): string[] {
  const found = checkEntry({ rel: entry.rel, text }, others);
  return [...new Set(found.map((p) => `${labelled(config, entry.collection, entry.slug, p.field)}${p.message}`))];
}
