/**
 * "Bring back": a deleted entry recreated as a change to publish. Its last text (the version before
 * the commit that deleted it) goes into Decap's editor of a new entry of its collection, read as
 * Decap reads its files, under its old file name: nothing is written until it is published (or,
 * on GitHub, saved for review and merged), and the check before saving applies as to any edit. An
 * entry that is there again is not made twice: its editor's address is given instead.
 */
import { dataOf } from "../../history/recent/entry-of-path.ts";
import { entryAddress } from "../../decap/routes.ts";
import type { DescribedFile } from "../../history/recent/describe-change.ts";
import { filesOf, openNewEntryWith } from "../../decap/decap.ts";
import { fromFile } from "../../editor/in-place.ts";

/** Opens the new entry filled in; or, when an entry of that name is there again, its editor's address. */
export async function bringBack(file: DescribedFile): Promise<{ there?: string }> {
  const { entry, lastText } = file;
  if (!entry?.folder || lastText === undefined) throw new Error(`${file.title} cannot be brought back here.`);
  const now = await filesOf(entry.collection);
  if (now.some((f) => f.slug === entry.slug)) return { there: entryAddress(entry) };
  const data = entry.extension === "md" ? (dataOf(file.path, lastText) ?? {}) : fromFile(lastText);
  await openNewEntryWith(entry.collection, entry.slug, data);
  return {};
}
