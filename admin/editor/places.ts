/**
 * Where an entry could show: the page sections that list entries of its kind (a FAQ section's
 * questions, …), read from the content files as stored and the CMS configuration's section types.
 * Pure, so that it is tested without a browser (tests/cms/places.test.ts); admin/editor/placement.ts offers them.
 */
import { parse } from "yaml";
import type { StoredFile } from "./check.ts";

interface Field {
  name: string;
  label?: string;
  label_singular?: string;
  widget?: string;
  field?: { widget?: string; collection?: string };
  fields?: Field[];
  types?: Field[];
}
interface Collection {
  name: string;
  label_singular?: string;
  folder?: string;
  fields?: Field[];
}

/** A page file read as YAML is whatever it holds: its fields, when it is a map. */
const fieldsIn = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};

/** A section that lists entries of a kind: where it is, and how the marketer knows it. */
export interface Place {
  label: string;
  page: string;
  section: number;
  field: string;
}

/** The page sections that list entries of `kind`, whether one of them lists `id` already, and whether any section type lists such entries. */
export function placesFor(
  collections: readonly Collection[],
  pagesCollection: string,
  kind: string,
  id: string,
  stored: readonly StoredFile[],
): { shown: boolean; listable: boolean; places: Place[] } {
  const sections = collections.find((c) => c.name === pagesCollection)?.fields?.find((f) => f.name === "sections");
  // For each section type, its lists of `kind`'s entries.
  const lists = new Map<string, Field[]>();
  for (const type of sections?.types ?? []) {
    const own = (type.fields ?? []).filter((f) => f.widget === "list" && f.field?.collection === kind);
    if (own.length) lists.set(type.name, own);
  }
  const places: Place[] = [];
  let shown = false;
  for (const file of stored) {
    const match = /^pages\/([^/]+)\.ya?ml$/.exec(file.rel);
    if (!match) continue;
    let data: Record<string, unknown>;
    try {
      data = fieldsIn(parse(file.text));
    } catch {
      continue;
    }
    const all: unknown[] = Array.isArray(data.sections) ? data.sections : [];
    all.forEach((item, index) => {
      const section = fieldsIn(item);
      for (const list of lists.get(String(section.type)) ?? []) {
        const ids: unknown[] = Array.isArray(section[list.name]) ? (section[list.name] as unknown[]) : [];
        if (ids.includes(id) && section.draft !== true && data.draft !== true) shown = true;
        const type = sections!.types!.find((t) => t.name === section.type);
        const name = String(section.heading ?? type?.label?.split(":")[0] ?? section.type);
        places.push({
          label: `${String(data.title ?? match[1])} (${String(data.route ?? "")}) – ${name}`,
          page: match[1]!,
          section: index,
          field: list.name,
        });
      }
    });
  }
  return { shown, listable: lists.size > 0, places };
}
