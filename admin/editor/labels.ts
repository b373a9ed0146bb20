/**
 * A field of an entry named as the form names it: "navigation.footer[5].to" in the site settings is
 * "Navigation › Footer links › link 6 › To: ". Field paths are the content check's; a marketer sees the
 * labels of the configuration (generated from the schemas) instead. A field the configuration does not
 * have is named by its key in words. The history's changes (history/) name fields with the same parts.
 */
import { labelOf } from "../../scripts/cms/label-of.ts";

/** A field of the configuration (scripts/cms/types.ts' CmsField), as much of it as naming needs. */
export interface Field {
  name: string;
  label?: string;
  label_singular?: string;
  widget?: string;
  /** A list's row, or a section type's: "{{fields.label}}", "Prices{{fields.heading | …}}{{fields.heading}}". */
  summary?: string;
  /** A relation's collection: its values are ids of that collection's entries. */
  collection?: string;
  /** A typed list's key saying which of `types` an item is ("type"). */
  typeKey?: string;
  fields?: Field[];
  field?: Field;
  types?: Field[];
}
interface Collection {
  name: string;
  fields?: Field[];
  files?: { name: string; fields: Field[] }[];
}

/** An entry's fields: its collection's, or its file's in a collection of files. */
export function entryFields(config: { collections: unknown }, collection: string, slug: string): Field[] | undefined {
  const found = (config.collections as Collection[]).find((c) => c.name === collection);
  return found?.files ? found.files.find((f) => f.name === slug)?.fields : found?.fields;
}

/** A field's words: its label, or for a key the configuration does not have, the key in words. */
export const labelFor = (field: Field | undefined, key: string): string => field?.label ?? labelOf(key);

/** What one item of a list is called, in lower case: "footer link", "feature", else "item". */
export const nounOf = (list: Field | undefined): string =>
  (list?.label_singular ?? list?.field?.label ?? "item").toLowerCase();

/** A typed list's type of `item` (a page's section by its `type`), when the list is typed and the type known. */
export function typeOf(list: Field | undefined, item: unknown): Field | undefined {
  if (!list?.types || item === null || typeof item !== "object") return undefined;
  const type = (item as Record<string, unknown>)[list.typeKey ?? "type"];
  return list.types.find((t) => t.name === type);
}

/**
 * The fields of a list's item: the list's own, or its item's type's in a typed list; when the item
 * (and so its type) is not known, every type's fields are offered.
 */
export function itemFields(list: Field | undefined, item?: unknown): Field[] | undefined {
  if (list?.fields) return list.fields;
  if (!list?.types) return undefined;
  return item === undefined ? list.types.flatMap((t) => t.fields ?? []) : typeOf(list, item)?.fields;
}

/** The field path's parts: "a.b[2].c" → ["a", "b", 2, "c"]. */
function partsOf(path: string): (string | number)[] {
  return path
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((part) => (/^\[\d+\]$/.test(part) ? Number(part.slice(1, -1)) : part));
}

/** The labels along a field's path: ["Sections", "section 4", "Heading"]. */
export function labelsAlong(
  config: { collections: unknown },
  collection: string,
  slug: string,
  parts: readonly (string | number)[],
): string[] {
  let fields = entryFields(config, collection, slug);
  let list: Field | undefined;
  const words: string[] = [];
  for (const part of parts) {
    if (typeof part === "number") {
      words.push(`${nounOf(list)} ${part + 1}`);
      fields = itemFields(list);
      list = undefined;
      continue;
    }
    const field: Field | undefined = fields?.find((f) => f.name === part);
    words.push(labelFor(field, part));
    list = field?.fields || field?.field || field?.types ? field : undefined;
    fields = field?.fields;
  }
  return words;
}

/** "Label › Label › item 2 › Label: ", or "" for the entry as a whole. */
export function labelled(config: { collections: unknown }, collection: string, slug: string, path: string): string {
  if (!path) return "";
  return `${labelsAlong(config, collection, slug, partsOf(path)).join(" › ")}: `;
}
