/**
 * Which values of an entry a visitor sees on the page, and how each is edited: read from the schema
 * with the data, through the schema walker (schemas/walk.ts), so a new section type or kind of
 * content is covered with no list to keep. Plain text (a heading, a label, a short text) may be typed
 * on the page; Markdown opens its field; a picture is found by its alt text and opens its picture
 * control. Addresses, ids, choices, numbers and references are not text a visitor reads as written.
 */
import type { z } from "zod";
import { checksOf, fieldsOf, optionFor, unwrap } from "../../schemas/walk.ts";
import { referenceOf } from "../../schemas/index.ts";

export type Path = (string | number)[];

/** A value that shows on the page. */
export interface Shown {
  /** Where the text is in the data (a picture: its alt text). */
  path: Path;
  /** The form's field to go to (a picture: its picture control). */
  field: Path;
  /** What it is: plain text, Markdown (shown as formatted text) or a picture. */
  kind: "text" | "markdown" | "picture";
}

/** A string a visitor reads as written: no pattern or format (ids, routes, e-mail addresses, dates), not a link's target. */
function isText(field: ReturnType<typeof unwrap>): boolean {
  if (field.def.type !== "string" || field.meta.target || field.meta.datetime) return false;
  return !checksOf(field.def).some((c) => c.pattern || c.format) && !field.def.format;
}

/** Every value of `data` under `schema` that shows on the page, depth first, in the order of the fields. */
export function shownFields(schema: z.ZodType, data: unknown, path: Path = [], found: Shown[] = []): Shown[] {
  if (data === undefined || data === null) return found;
  let field = unwrap(schema);
  if (field.def.type === "union") {
    const option = optionFor(field.inner, data);
    if (!option) return found;
    field = unwrap(option);
  }
  if (referenceOf(schema) ?? referenceOf(field.inner)) return found;
  if (field.meta.markdown) {
    if (typeof data === "string") found.push({ path, field: path, kind: "markdown" });
    return found;
  }
  if (field.meta.image) {
    if (typeof (data as { alt?: unknown }).alt === "string")
      found.push({ path: [...path, "alt"], field: [...path, "src"], kind: "picture" });
    return found;
  }
  if (field.def.type === "object" && typeof data === "object") {
    for (const [name, child] of fieldsOf(field.inner))
      shownFields(child, (data as Record<string, unknown>)[name], [...path, name], found);
  } else if (field.def.type === "array" && Array.isArray(data) && field.def.element) {
    const element = field.def.element;
    data.forEach((item, i) => shownFields(element, item, [...path, i], found));
  } else if (typeof data === "string" && isText(field)) {
    found.push({ path, field: path, kind: "text" });
  }
  return found;
}
