/**
 * The editing UI's configuration (Decap CMS; Sveltia CMS reads the same format), generated from the
 * Zod schemas and the table of content kinds: never written by hand, so the CMS, the content check,
 * the editor's JSON Schemas and the content guide can never disagree.
 * In: the table of kinds (schemas/kinds.ts) and the schemas. Out: a config object (`cmsConfig()`), which
 * scripts/cms/vite-plugin.ts serves to /admin/ as the module `virtual:cms-config`.
 * Steps: each kind becomes a collection (a folder of entries, or a file); each schema field becomes a
 * widget: text, Markdown, number, toggle, select, image, relation (from the reference metadata), object,
 * list, and the page's sections a list of typed blocks. Labels are the field names in words, hints the
 * `.describe()` texts; required, patterns (with the check's own message), bounds and options carry over.
 */
import type { z } from "zod";
import {
  contentKinds,
  imagePath,
  placements,
  referableKinds,
  referenceNouns,
  referenceOf,
  type ContentKind,
  type KindTable,
  type PlacementName,
  type ReferenceKind,
  withoutContext,
} from "../../schemas/index.ts";
import { checksOf, defOf as def, fieldsOf, literalOf, unwrap, type CheckDef, type Def } from "../../schemas/walk.ts";
import { cmsRepository } from "./repository.ts";

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  default?: unknown;
  pattern?: [string, string];
  options?: string[];
  min?: number;
  max?: number;
  value_type?: "int" | "float";
  fields?: CmsField[];
  field?: CmsField;
  types?: (CmsField & { summary?: string })[];
  typeKey?: string;
  summary?: string;
  collapsed?: boolean;
  label_singular?: string;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  options_length?: number;
  format?: string;
  date_format?: string;
  time_format?: boolean | string;
  choose_url?: boolean;
  [key: string]: unknown;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
  fields?: CmsField[];
}

export interface CmsConfig {
  backend: {
    name: string;
    repo: string;
    branch: string;
    base_url?: string;
    auth_endpoint?: string;
    api_root?: string;
  };
  publish_mode?: string;
  slug?: { encoding: "unicode" | "ascii"; clean_accents: boolean; sanitize_replacement: string };
  media_folder: string;
  public_folder: string;
  site_url?: string;
  locale?: string;
  collections: CmsCollection[];
}

/** "buttonLabel" → "Button label", "e164" → "E164". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
      return { ...base, widget: "boolean", default: fallback ?? false };
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

const markdownOptions = {
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

function objectFields(schema: z.ZodType): CmsField[] {
  return fieldsOf(schema).map(([name, field]) => fieldOf(name, field));
}

export interface CmsOptions {
  /** The GitHub repository, "owner/name", where the CMS opens pull requests. */
  repo: string;
  branch?: string;
  /**
   * Where /admin/ logs in (repository.ts): `authEndpoint` without `baseUrl` is the site's own server
   * (/admin/ adds its own origin); both: a server at another origin; neither: Netlify's provider.
   */
  baseUrl?: string;
  authEndpoint?: string;
  /** GitHub's API, for a GitHub Enterprise host (Decap's default: https://api.github.com). */
  apiRoot?: string;
  siteUrl?: string;
}

/** The CMS collection of an entries kind: its folder, one file per entry, named after its id. */
function entriesCollection(kind: Extract<ContentKind, { folder: string }>): CmsCollection {
  const identifier = kind.role === "page" ? "title" : identifierOf(kind.schema(withoutContext));
  return {
    name: kind.name,
    label: kind.role === "collection" ? kind.title : labelOf(kind.name),
    label_singular: labelOf(kind.noun),
    description: kind.purpose,
    folder: `content/${kind.folder}`,
    extension: "yaml",
    // Saved in place (admin/in-place.ts, registered as "yaml"): comments and layout kept.
    format: "yaml",
    create: true,
    // A form's id is used by the pages that show it: forms are not deleted from the editor.
    delete: kind.role !== "form",
    slug: "{{slug}}",
    identifier_field: identifier,
    summary: kind.summary ?? `{{${identifier}}}`,
    fields: objectFields(kind.schema(withoutContext)),
  };
}

/**
 * The configuration, a loop over the table of kinds (schemas/kinds.ts): one collection of files for
 * the settings, one folder collection per kind of entries (and one more for its Markdown entries).
 */
export function cmsConfig(options: CmsOptions, kinds: KindTable = contentKinds): CmsConfig {
  const collections: CmsCollection[] = [
    {
      name: "settings",
      label: "Site settings",
      // Saved in place (admin/in-place.ts, registered as "yaml"): comments and layout kept.
      format: "yaml",
      description: "The settings every page uses, and the old addresses that lead to pages.",
      files: kinds.flatMap((kind) =>
        kind.role === "settings"
          ? [
              {
                name: kind.name,
                label: kind.title,
                file: `content/${kind.file}`,
                fields: objectFields(kind.schema(withoutContext)),
              },
            ]
          : [],
      ),
    },
  ];
  for (const kind of kinds) {
    if (kind.role === "settings") continue;
    collections.push(entriesCollection(kind));
    if (!kind.markdown) continue;
    // Its Markdown entries: a collection of their own, since a CMS collection has one format.
    collections.push({
      name: kind.markdown.collection,
      label: kind.markdown.title,
      label_singular: labelOf(kind.markdown.noun),
      description: kind.markdown.purpose,
      folder: `content/${kind.folder}`,
      extension: "md",
      format: "frontmatter",
      create: true,
      delete: true,
      slug: "{{slug}}",
      identifier_field: "title",
      summary: kind.summary ?? "{{title}}",
      fields: [
        ...objectFields(kind.markdown.schema(withoutContext)),
        {
          name: "body",
          label: "Text",
          widget: "markdown",
          hint: "The page's text. Headings start at level two.",
          required: true,
          ...markdownOptions,
        },
      ],
    });
  }
  return {
    backend: {
      name: "github",
      repo: options.repo,
      branch: options.branch ?? "main",
      ...(options.baseUrl ? { base_url: options.baseUrl } : {}),
      ...(options.authEndpoint ? { auth_endpoint: options.authEndpoint } : {}),
      ...(options.apiRoot ? { api_root: options.apiRoot } : {}),
    },
    // Every edit becomes a pull request, which CI checks before anyone can merge it.
    publish_mode: "editorial_workflow",
    // A new entry's file name is its id, made from its title, and ids are lower-case ASCII letters,
    // digits and hyphens ("Café Wi-Fi, TVs & more?" → "cafe-wi-fi-tvs-more"). Decap's default keeps
    // accented letters, which the content check refuses in a file name. (It keeps "_" either way:
    // the content check names such a file and says what to rename it to.)
    slug: { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" },
    media_folder: "content/images",
    public_folder: "images",
    ...(options.siteUrl ? { site_url: options.siteUrl } : {}),
    collections,
  };
}

/** The CMS's options: where it opens pull requests (repository.ts) and the site's address. */
export function cmsOptions(siteUrl?: string): CmsOptions {
  return { ...cmsRepository(), ...(siteUrl ? { siteUrl } : {}) };
}
