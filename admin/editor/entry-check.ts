/**
 * The check before saving of the entry being edited (check.ts), on the text Decap would write for it,
 * against the content files as last read (content-cache.ts). Its fields (widgets/checks.tsx) and the
 * preview ask for it often: it is worked out once per version of the entry's data.
 */
import { checkEntry, type Found } from "./check.ts";
import { storedFiles } from "./content-cache.ts";
import type { Entry } from "../decap/decap.ts";
import { fileOf, textOf } from "./entry-file.ts";

/** The problems the check finds in the entry now. */
export function checkOf(entry: Entry): Found[] {
  const file = fileOf(entry);
  if (!file) return [];
  return checkEntry({ rel: file.rel, text: textOf(entry, file.rel, file.schema) }, storedFiles());
}

let last: { data: unknown; found: Found[] } = { data: undefined, found: [] };
/** The problems the check found in this version of the entry's data. */
export function problemsOf(entry: Entry): Found[] {
  const data = entry.data;
  if (data && last.data === data) return last.found;
  last = { data, found: data ? checkOf(entry) : [] };
  return last.found;
}
