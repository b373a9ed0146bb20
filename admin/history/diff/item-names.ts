/**
 * A list item named as the editor knows it: by the field its row in the form shows (the list's
 * `summary`, "{{fields.label}}", else its first text field), 'Professional'; a page's section by its
 * type and heading, "Prices 'Our plans'"; a text or a chosen entry by itself, 'Remote backup' or the
 * entry's title; an item with nothing to name it by, as labels.ts does, "footer link 3".
 */
import { itemFields, nounOf, typeOf, type Field } from "../../editor/labels.ts";
import { isEmpty, plain, quoted, type TitleOf } from "./values.ts";

/** The field a row shows: the first `{{fields.x}}` of the summary, else the first text or relation field. */
export function namingField(fields: readonly Field[] | undefined, summary: string | undefined): Field | undefined {
  const named = summary?.match(/\{\{\s*fields\.(\w+)/)?.[1];
  return fields?.find((f) => f.name === named) ?? fields?.find((f) => f.widget === "string" || f.widget === "relation");
}

/** A section type's own name: its row's words before the heading ("Prices"), else its label. */
const typeTitle = (type: Field): string => type.summary?.split("{{")[0]?.trim() || (type.label ?? type.name);

/** The words naming `value` of a naming field: its text, or the referenced entry's title. */
function nameIn(field: Field | undefined, value: unknown, titleOf?: TitleOf): string | undefined {
  const v = plain(value);
  if (isEmpty(v) || (typeof v !== "string" && typeof v !== "number")) return undefined;
  const text = String(v);
  return quoted((field?.collection && titleOf?.(field.collection, text)) || text);
}

/** What the item at `index` of `list` is called in a change's path and sentence. */
export function itemName(list: Field | undefined, item: unknown, index: number, titleOf?: TitleOf): string {
  const fallback = `${nounOf(list)} ${index + 1}`;
  if (item === null || typeof item !== "object" || Array.isArray(item)) {
    return nameIn(list?.field, item, titleOf) ?? fallback;
  }
  const values = item as Record<string, unknown>;
  const type = typeOf(list, item);
  const summary = type ? type.summary : list?.summary;
  const field = namingField(itemFields(list, item), summary);
  const name = field ? nameIn(field, values[field.name], titleOf) : undefined;
  if (type) return name ? `${typeTitle(type)} ${name}` : typeTitle(type);
  return name ?? fallback;
}

/**
 * What pairs an item of one version with the same item of the other when it changed: its type and
 * naming field's value ("pricing:Our plans"), or undefined for an item with no name (then its place).
 */
export function identityOf(list: Field | undefined, item: unknown): string | undefined {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
  const type = typeOf(list, item);
  const field = namingField(itemFields(list, item), type ? type.summary : list?.summary);
  const value = field ? plain((item as Record<string, unknown>)[field.name]) : undefined;
  if (isEmpty(value) || (typeof value !== "string" && typeof value !== "number")) return undefined;
  return `${type?.name ?? ""}:${String(value)}`;
}
