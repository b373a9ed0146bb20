/**
 * A schema field as the editing UI's widget (Decap CMS): text, Markdown, number, toggle, select,
 * image, relation (from the reference metadata), object, list, and the page's sections a list of
 * typed blocks. Labels are the field names in words, hints the `.describe()` texts; required,
 * patterns (with the check's own message), bounds and options carry over.
 * scripts/cms/config.ts puts these fields into collections, one per kind of content.
 */
import type { z } from "zod";
import {
  imagePath,
  placements,
  referableKinds,
  referenceNouns,
  referenceOf,
  type PlacementName,
  type ReferenceKind,
  withoutContext,
} from "../../schemas/index.ts";
import { checksOf, defOf as def, fieldsOf, literalOf, unwrap, type CheckDef, type Def } from "../../schemas/walk.ts";
import { labelOf } from "./label-of.ts";
import type { CmsField } from "./types.ts";

/** The main text field of an entry schema: what a CMS lists it by and names its file after. */
export function identifierOf(schema: z.ZodType): string {
  const found = fieldsOf(schema).find(([, field]) => def(field).type === "string");
  if (!found) throw new Error("an entry schema needs a text field to name its entries by");
  return found[0];
}

/** What a reference field picks from: its kind's CMS collection, listed by its entries' main text field. */
const referenceTargets = new Map(
  referableKinds().map((kind) => [
    kind.name,
    { collection: kind.name, display: identifierOf(kind.schema(withoutContext)) },
  ]),
);

function messageOf(check: { error?: (issue: object) => unknown }, fallback: string): string {
  const text = check.error?.({});
  return typeof text === "string" ? text : fallback;
}

/** A field's hint without the word "Markdown": "The answer (Markdown)." → "The answer.". */
function withoutMarkdown(hint: string): string {
  return hint
    .replace(/\s*\(Markdown\)/g, "")
    .replace(/,? in Markdown(?=[.,;]|$)/g, "")
    .replace(/^Text in Markdown/, "Text");
}

/** One schema field as a CMS field. */
export function fieldOf(name: string, schema: z.ZodType): CmsField {
  // A transformed field (e.g. Markdown compiled at build time) is edited as its input.
  const { inner: s, def: d, optional, default: given, description: hint, meta } = unwrap(schema);
  const required = !optional;
  const fallback = given?.value;
  // The label: the schema's title (its metadata), else the field's name in words.
  const title = typeof meta.title === "string" ? meta.title : undefined;
  const base: CmsField = { name, label: title ?? labelOf(name), widget: "string", ...(hint ? { hint } : {}), required };
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) base.default = fallback;

  const reference = referenceOf(schema) ?? referenceOf(s);
  if (reference) return { ...base, ...relation(reference) };
  // The editor's text box does the formatting: its hint need not name Markdown (the guide's tables do).
  if (meta.markdown)
    return { ...base, ...(hint ? { hint: withoutMarkdown(hint) } : {}), widget: "markdown", ...markdownOptions };
  if (meta.image) {
    const placement = placements[meta.placement as PlacementName] as { folder?: string } | undefined;
    return {
      ...base,
      widget: "object",
      collapsed: false,
      fields: partsOf(imageFields(s, placement?.folder), required),
    };
  }
  if (meta.icon) return { ...base, widget: "icon", options: Object.values(d.entries ?? {}) };
  // A scheduled time (Show from, Show until): a date and time picker that writes the time as chosen,
  // without a zone, so it is a time in the site's zone (schemas/schedule.ts).
  if (meta.datetime) {
    return {
      ...base,
      widget: "datetime",
      format: "YYYY-MM-DDTHH:mm",
      date_format: "ddd MMM D, YYYY",
      time_format: "HH:mm",
      picker_utc: false,
    };
  }

  switch (d.type) {
    case "string":
      return { ...base, widget: "string", ...stringRules(s) };
    case "number": {
      const field: CmsField = { ...base, widget: "number", value_type: "float" };
      for (const c of checksOf(d)) {
        if (c.check === "number_format" && c.format === "safeint") field.value_type = "int";
        if (c.check === "greater_than") field.min = c.value!;
        if (c.check === "less_than") field.max = c.value!;
      }
      if (d.format === "safeint") field.value_type = "int";
      return field;
    }
    case "int":
      return { ...base, widget: "number", value_type: "int" };
    case "boolean":
      // A toggle the file may leave out, read by the site from another field (a page's Index): the
      // editor starts it as the common case the schema names (`editorDefault`), else off.
      return {
        ...base,
        widget: "boolean",
        default: fallback ?? (typeof meta.editorDefault === "boolean" ? meta.editorDefault : false),
      };
    case "enum":
      return { ...base, widget: "select", options: Object.values(d.entries ?? {}) };
    case "union": {
      // A choice of forms (e.g. a picture's focus: a named position, or a point): the CMS offers the
      // named options; the other forms stay for hand editing.
      const named = d.options!.map((option) => def(option)).find((o) => o.type === "enum");
      const point = d
        .options!.map((option) => def(option))
        .some((o) => o.type === "object" && o.shape?.x && o.shape?.y);
      // A picture's focus: chosen on the picture, or with two sliders (admin/widgets/pictures.tsx).
      if (named && point)
        return {
          ...base,
          // The picker is the picture itself: its hint says what to do there, not how the file writes it.
          hint: "Click the part of the photo that must stay in view when it is cut to shape, or move the two sliders.",
          widget: "focus",
          options: Object.values(named.entries ?? {}),
        };
      if (named) return { ...base, widget: "select", options: Object.values(named.entries ?? {}) };
      throw new Error(`the CMS has no widget for the field "${name}" (a union without named options)`);
    }
    case "literal":
      // A fixed value (a section's `type`): the CMS writes it, nobody types it.
      return { ...base, widget: "hidden", default: d.values![0] };
    case "object":
      return { ...base, widget: "object", collapsed: false, fields: partsOf(objectFields(s), required) };
    case "array":
      return nouns({ ...base, ...listOf(d) });
    default:
      throw new Error(`the CMS has no widget for the field "${name}" (${d.type}): add one in scripts/cms/config.ts`);
  }
}

/**
 * The fields of an object. Decap checks the fields of an optional object even when it is left out,
 * so a section without its optional picture could not be saved ("Picture is required"): inside an
 * optional object (and the objects in it) nothing is required in the CMS. The content check still
 * requires them when the object is there.
 */
function partsOf(fields: CmsField[], required: boolean): CmsField[] {
  if (required) return fields;
  return fields.map((field) => ({
    ...field,
    required: false,
    ...(field.widget === "object" && field.fields ? { fields: partsOf(field.fields, false) } : {}),
  }));
}

export const markdownOptions = {
  buttons: ["bold", "italic", "link", "heading-two", "heading-three", "bulleted-list", "numbered-list"],
  editor_components: [],
  modes: ["rich_text", "raw"],
  sanitize_preview: true,
};

/**
 * A picture's fields: the file as an image widget (choose one in content/images or upload one there;
 * it writes "images/<file>", the path the schema asks for) and its alt text. Decap checks an image
 * widget's pattern against the file's name alone, without its folder: the schema's rule on the path
 * becomes its rule on the file type (the ending).
 */
function imageFields(schema: z.ZodType, folder?: string): CmsField[] {
  return objectFields(schema).map((field) => {
    if (field.name === "alt") return { ...field, label: "Alt text" };
    if (field.name !== "src") return field;
    // The file's type, as the content check's path rule has it (the folder is the CMS's own).
    const ending = /\\\.\(\?:[^)]+\)\$$/.exec(imagePath.source)?.[0];
    return {
      ...field,
      label: "Picture",
      widget: "image",
      choose_url: false,
      hint: folder
        ? `Choose a picture, or upload one: new pictures are kept with the others of their kind (the "${folder}" pictures).`
        : "Choose a picture, or upload one.",
      // Where its pictures live: the media library opens there and uploads land there.
      ...(folder ? { media_folder: `/content/images/${folder}`, public_folder: `images/${folder}` } : {}),
      ...(ending
        ? { pattern: [ending, "choose a picture file: jpg, png, webp, avif, gif or svg"] as [string, string] }
        : {}),
    };
  });
}

function stringRules(schema: z.ZodType): Partial<CmsField> {
  const d = def(schema);
  const checks = [...checksOf(d), ...(d.check ? [d as unknown as CheckDef] : [])];
  const rules: Partial<CmsField> = {};
  for (const c of checks) {
    if (c.format === "date") {
      return {
        widget: "datetime",
        format: "YYYY-MM-DD",
        date_format: "YYYY-MM-DD",
        time_format: false,
        picker_utc: true,
      };
    }
    if (c.check === "string_format" && c.pattern) {
      rules.pattern = [c.pattern.source, messageOf(c, `write it in the form this field needs`)];
    }
    if (c.check === "string_format" && c.format === "url") {
      rules.pattern = ["^https://\\S+$", messageOf(c, 'write a full address starting with "https://"')];
    }
    if (c.check === "string_format" && c.format === "includes") {
      const includes = (c as unknown as { includes: string }).includes;
      rules.pattern = [escapeRegExp(includes), messageOf(c, `include "${includes}"`)];
    }
  }
  if (d.format === "url")
    rules.pattern = ["^https://\\S+$", messageOf(d, 'write a full address starting with "https://"')];
  return rules;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function relation(kind: ReferenceKind): Partial<CmsField> {
  const target = referenceTargets.get(kind)!;
  return {
    widget: "relation",
    collection: target.collection,
    value_field: "{{slug}}",
    search_fields: [target.display],
    display_fields: [target.display],
    options_length: 200,
  };
}

function listOf(d: Def): Partial<CmsField> {
  const element = d.element!;
  const e = def(element);
  const bounds: Partial<CmsField> = {};
  for (const c of checksOf(d)) {
    if (c.check === "min_length" && c.minimum! > 0) bounds.min = c.minimum!;
    if (c.check === "max_length") bounds.max = c.maximum!;
  }
  if (e.type === "union" && e.options) {
    // The page's sections: a list of typed blocks, the block's `type` field saying which.
    return {
      widget: "list",
      typeKey: "type",
      collapsed: true,
      ...bounds,
      types: e.options.map((option) => {
        const type = String(literalOf(option));
        // "Add section" offers each type by its name and what it is for (the schema's title and text).
        const { meta, description } = unwrap(option);
        const title = typeof meta.title === "string" ? meta.title : labelOf(type);
        const purpose = description?.replace(/\.$/, "");
        return {
          name: type,
          label: purpose ? `${title}: ${purpose}` : title,
          widget: "object",
          ...(description ? { hint: description } : {}),
          summary: sectionSummary(title),
          fields: objectFields(option).filter((f) => f.widget !== "hidden"),
        };
      }),
    };
  }
  const item = fieldOf("item", element);
  if (item.widget === "object")
    return { widget: "list", collapsed: true, ...bounds, fields: item.fields!, summary: summaryOf(item.fields!) };
  // A list of references reads "Add question", each item a "Question" to pick.
  const reference = referenceOf(element);
  const noun = reference ? labelOf(referenceNouns[reference]) : undefined;
  return {
    widget: "list",
    ...(noun ? { label_singular: noun } : {}),
    // Each row says which one it is, never a repeated "Question", "Question".
    summary: "{{fields.item}}",
    ...bounds,
    field: { ...item, ...(noun ? { label: noun } : {}), required: true },
  };
}

/**
 * A list's one-item name, for Decap's "Add …" button and its count ("1 section", "5 footer links"):
 * its own when it has one, else its label made singular ("Sections" → "Section"). A label that is not
 * a plural is given a title in its schema ("Footer links"), so that the count reads as words.
 */
function nouns(field: CmsField): CmsField {
  if (field.label_singular) return field;
  const singular = /[^s]s$/.test(field.label) ? field.label.slice(0, -1) : field.label;
  return { ...field, label_singular: singular };
}

/**
 * A section's row in the page's list of sections: its type and its heading, "Prices: Our plans", or
 * its type alone when it has none ("Picture gallery"), never blank. Decap's summary template has no
 * "this field, else that one", so the words after the type are the heading's (`ternary` adds the
 * colon only when there is one); admin/widgets/order.tsx names the rows of "move up / move down" with it too.
 */
export function sectionSummary(title: string): string {
  return `${title.replace(/[{}]/g, "")}{{fields.heading | ternary(': ', '')}}{{fields.heading}}`;
}

function summaryOf(fields: CmsField[]): string | undefined {
  const first = fields.find((f) => f.widget === "string" || f.widget === "relation");
  return first ? `{{fields.${first.name}}}` : undefined;
}

export function objectFields(schema: z.ZodType): CmsField[] {
  return fieldsOf(schema).map(([name, field]) => fieldOf(name, field));
}
