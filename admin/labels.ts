/**
 * A field of an entry named as the form names it: "navigation.footer[5].to" in the site settings is
 * "Navigation › Footer links › link 6 › To: ". Field paths are the content check's; a marketer sees the
 * labels of the configuration (generated from the schemas) instead.
 */

interface Field {
  name: string;
  label?: string;
  label_singular?: string;
  fields?: Field[];
  field?: Field;
  types?: Field[];
}
interface Collection {
  name: string;
  fields?: Field[];
  files?: { name: string; fields: Field[] }[];
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
  const found = (config.collections as Collection[]).find((c) => c.name === collection);
  let fields: Field[] | undefined = found?.files ? found.files.find((f) => f.name === slug)?.fields : found?.fields;
  let list: Field | undefined;
  const words: string[] = [];
  for (const part of parts) {
    if (typeof part === "number") {
      const noun = (list?.label_singular ?? list?.field?.label ?? "item").toLowerCase();
      words.push(`${noun} ${part + 1}`);
      // A list of typed items (a page's sections): which type is not known here, so their fields are all offered.
      fields = list?.fields ?? (list?.types ? list.types.flatMap((t) => t.fields ?? []) : undefined);
      list = undefined;
      continue;
    }
    const field: Field | undefined = fields?.find((f) => f.name === part);
    words.push(field?.label ?? part);
    if (field?.fields || field?.field || field?.types) {
      list = field;
      fields = field.fields;
    } else {
      fields = undefined;
    }
  }
  return words;
}

/** "Label › Label › item 2 › Label: ", or "" for the entry as a whole. */
export function labelled(config: { collections: unknown }, collection: string, slug: string, path: string): string {
  if (!path) return "";
  return `${labelsAlong(config, collection, slug, partsOf(path)).join(" › ")}: `;
}
