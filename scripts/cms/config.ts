/**
 * The editing UI's configuration (Decap CMS; Sveltia CMS reads the same format), generated from the
 * Zod schemas and the table of content kinds: never written by hand, so the CMS, the content check,
 * the editor's JSON Schemas and the content guide can never disagree.
 * In: scripts/content/kinds.ts and the schemas. Out: a config object (`cmsConfig()`), which
 * scripts/cms/vite-plugin.ts serves to /admin/ as the module `virtual:cms-config`.
 * Steps: each kind becomes a collection (a folder of entries, or a file); each schema field becomes a
 * widget: text, Markdown, number, toggle, select, image, relation (from the reference metadata), object,
 * list, and the page's sections a list of typed blocks. Labels are the field names in words, hints the
 * `.describe()` texts; required, patterns (with the check's own message), bounds and options carry over.
 */
import type { z } from "zod";
import {
  collectionNames,
  imagePath,
  placements,
  referenceNouns,
  referenceOf,
  type PlacementName,
  type ReferenceKind,
  withoutContext,
} from "../../schemas/index.ts";
import { contentKinds } from "../content/kinds.ts";
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
  time_format?: boolean;
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
  backend: { name: string; repo: string; branch: string; base_url?: string; auth_endpoint?: string };
  publish_mode?: string;
  slug?: { encoding: "unicode" | "ascii"; clean_accents: boolean; sanitize_replacement: string };
  media_folder: string;
  public_folder: string;
  site_url?: string;
  locale?: string;
  collections: CmsCollection[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  defaultValue?: unknown;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  check?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  error?: (issue: object) => unknown;
}

const def = (schema: z.ZodType) => schema._zod.def as unknown as Def;

/** "buttonLabel" → "Button label", "e164" → "E164". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The main text field of an entry schema: what a CMS lists it by and names its file after. */
export function identifierOf(schema: z.ZodType): string {
  const shape = def(schema).shape ?? {};
  const found = Object.entries(shape).find(([, field]) => def(field).type === "string");
  if (!found) throw new Error("an entry schema needs a text field to name its entries by");
  return found[0];
}

const referenceTargets: Record<ReferenceKind, { collection: string; display: string }> = Object.fromEntries(
  (Object.keys(referenceNouns) as ReferenceKind[]).map((kind) => {
    const schema = kind === "forms" ? kindSchema("form") : kindSchema(`collection-${kind}`);
    return [kind, { collection: kind, display: identifierOf(schema) }];
  }),
) as Record<ReferenceKind, { collection: string; display: string }>;

function kindSchema(name: string): z.ZodType {
  const kind = contentKinds.find((k) => k.name === name);
  if (!kind) throw new Error(`no content kind "${name}"`);
  return kind.schema(withoutContext);
}

function messageOf(check: { error?: (issue: object) => unknown }, fallback: string): string {
  const text = check.error?.({});
  return typeof text === "string" ? text : fallback;
}

/** The meta a field carries, through optional/default wrappers. */
function metaOf(schema: z.ZodType): Record<string, unknown> {
  return (schema.meta() as Record<string, unknown> | undefined) ?? {};
}

/** One schema field as a CMS field. */
export function fieldOf(name: string, schema: z.ZodType): CmsField {
  let s = schema;
  let required = true;
  let fallback: unknown;
  let hint = schema.description;
  const meta: Record<string, unknown> = { ...metaOf(schema) };
  for (;;) {
    const d = def(s);
    if (d.type === "optional") required = false;
    else if (d.type === "default") {
      required = false;
      fallback = typeof d.defaultValue === "function" ? (d.defaultValue as () => unknown)() : d.defaultValue;
    } else break;
    s = d.innerType!;
    hint ??= s.description;
    Object.assign(meta, metaOf(s), meta);
  }
  // The label: the schema's title (its metadata), else the field's name in words.
  const title = typeof meta.title === "string" ? meta.title : undefined;
  const base: CmsField = { name, label: title ?? labelOf(name), widget: "string", ...(hint ? { hint } : {}), required };
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) base.default = fallback;

  const reference = referenceOf(schema) ?? referenceOf(s);
  if (reference) return { ...base, ...relation(reference) };
  if (meta.markdown) return { ...base, widget: "markdown", ...markdownOptions };
  if (meta.image) {
    const placement = placements[meta.placement as PlacementName] as { folder?: string } | undefined;
    return {
      ...base,
      widget: "object",
      collapsed: false,
      fields: partsOf(imageFields(s, placement?.folder), required),
    };
  }
  if (meta.icon) return { ...base, widget: "icon", options: Object.values(def(s).entries ?? {}) };

  const d = def(s);
  switch (d.type) {
    case "string":
      return { ...base, widget: "string", ...stringRules(s) };
    case "pipe":
      // A transformed field (e.g. Markdown compiled at build time): edited as its input.
      return { ...base, ...withoutBase(fieldOf(name, d.in!)) };
    case "number": {
      const field: CmsField = { ...base, widget: "number", value_type: "float" };
      for (const check of d.checks ?? []) {
        const c = check._zod.def;
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
      // A picture's focus: chosen on the picture, or with two sliders (admin/widgets.tsx).
      if (named && point) return { ...base, widget: "focus", options: Object.values(named.entries ?? {}) };
      if (named) return { ...base, widget: "select", options: Object.values(named.entries ?? {}) };
      throw new Error(`the CMS has no widget for the field "${name}" (a union without named options)`);
    }
    case "literal":
      // A fixed value (a section's `type`): the CMS writes it, nobody types it.
      return { ...base, widget: "hidden", default: d.values![0] };
    case "object":
      return { ...base, widget: "object", collapsed: false, fields: partsOf(objectFields(s), required) };
    case "array":
      return { ...base, ...listOf(d) };
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

/** What a field's widget is (its options), without what belongs to the field around it. */
function withoutBase(field: CmsField): Partial<CmsField> {
  const rest: Partial<CmsField> = { ...field };
  for (const key of ["name", "label", "hint", "required", "default"] as const) delete rest[key];
  return rest;
}

const markdownOptions = {
  buttons: ["bold", "italic", "link", "heading-two", "heading-three", "bulleted-list", "numbered-list"],
  editor_components: [],
  modes: ["rich_text", "raw"],
  sanitize_preview: true,
};

/** The object an image field edits: its input side (file and alt text). */
function imageSchema(schema: z.ZodType): z.ZodType {
  const d = def(schema);
  return d.type === "pipe" ? d.in! : schema;
}

/**
 * A picture's fields: the file as an image widget (choose one in content/images or upload one there;
 * it writes "images/<file>", the path the schema asks for) and its alt text. Decap checks an image
 * widget's pattern against the file's name alone, without its folder: the schema's rule on the path
 * becomes its rule on the file type (the ending).
 */
function imageFields(schema: z.ZodType, folder?: string): CmsField[] {
  return objectFields(imageSchema(schema)).map((field) => {
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
  const checks = [...(d.checks ?? []).map((c) => c._zod.def), ...(d.check ? [d as unknown as CheckDef] : [])];
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
  const target = referenceTargets[kind];
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
  for (const check of d.checks ?? []) {
    const c = check._zod.def;
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
        const type = String(def(def(option).shape!.type!).values![0]);
        // "Add sections" offers each type by its name and what it is for (the schema's title and text).
        const title = (option.meta() as { title?: string } | undefined)?.title ?? labelOf(type);
        const purpose = option.description?.replace(/\.$/, "");
        return {
          name: type,
          label: purpose ? `${title}: ${purpose}` : title,
          widget: "object",
          ...(option.description ? { hint: option.description } : {}),
          summary: "{{fields.heading}}",
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

function summaryOf(fields: CmsField[]): string | undefined {
  const first = fields.find((f) => f.widget === "string" || f.widget === "relation");
  return first ? `{{fields.${first.name}}}` : undefined;
}

function objectFields(schema: z.ZodType): CmsField[] {
  const shape = def(schema).shape ?? {};
  return Object.entries(shape).map(([name, field]) => fieldOf(name, field));
}

export interface CmsOptions {
  /** The GitHub repository, "owner/name", where the CMS opens pull requests. */
  repo: string;
  branch?: string;
  /** An OAuth proxy for GitHub logins (Netlify's, or a self-hosted one), when not on Netlify. */
  baseUrl?: string;
  authEndpoint?: string;
  siteUrl?: string;
}

export function cmsConfig(options: CmsOptions): CmsConfig {
  const kind = (name: string) => contentKinds.find((k) => k.name === name)!;
  const markdownPage = kind("markdown-page");
  const collections: CmsCollection[] = [
    {
      name: "settings",
      label: "Site settings",
      // Saved in place (admin/in-place.ts, registered as "yaml"): comments and layout kept.
      format: "yaml",
      description: "The settings every page uses, and the old addresses that lead to pages.",
      files: [
        {
          name: "site",
          label: kind("site").title,
          file: "content/site.yaml",
          fields: objectFields(kind("site").schema(withoutContext)),
        },
        {
          name: "redirects",
          label: kind("redirects").title,
          file: "content/redirects.yaml",
          fields: objectFields(kind("redirects").schema(withoutContext)),
        },
        {
          name: "leads",
          label: kind("leads").title,
          file: "content/leads.yaml",
          fields: objectFields(kind("leads").schema(withoutContext)),
        },
      ],
    },
    {
      name: "pages",
      label: "Pages",
      label_singular: "Page",
      description: "One entry per page: its address, title and sections, top to bottom.",
      folder: "content/pages",
      extension: "yaml",
      format: "yaml",
      create: true,
      delete: true,
      slug: "{{slug}}",
      identifier_field: "title",
      summary: "{{title}} ({{route}})",
      fields: objectFields(kind("page").schema(withoutContext)),
    },
    {
      name: "legal",
      label: "Legal pages",
      label_singular: "Legal page",
      description: "Pages of running text (privacy, terms): a few fields, then the text.",
      folder: "content/pages",
      extension: "md",
      format: "frontmatter",
      create: true,
      delete: true,
      slug: "{{slug}}",
      identifier_field: "title",
      summary: "{{title}} ({{route}})",
      fields: [
        ...objectFields(markdownPage.schema(withoutContext)),
        {
          name: "body",
          label: "Text",
          widget: "markdown",
          hint: "The page's text. Headings start at level two.",
          required: true,
          ...markdownOptions,
        },
      ],
    },
    ...collectionNames.map((name): CmsCollection => {
      const schema = kindSchema(`collection-${name}`);
      const identifier = identifierOf(schema);
      return {
        name,
        label: name === "faq" ? "FAQ" : labelOf(name),
        label_singular: labelOf(referenceNouns[name]),
        description: `One entry per ${referenceNouns[name]}; pages show the ones their sections list.`,
        folder: `content/collections/${name}`,
        extension: "yaml",
        format: "yaml",
        create: true,
        delete: true,
        slug: "{{slug}}",
        identifier_field: identifier,
        summary: `{{${identifier}}}`,
        fields: objectFields(schema),
      };
    }),
    {
      name: "forms",
      label: "Forms",
      label_singular: "Form",
      description: "The forms sections show (callback, subscribe): their boxes, labels and button.",
      folder: "content/forms",
      extension: "yaml",
      format: "yaml",
      create: true,
      delete: false,
      slug: "{{slug}}",
      identifier_field: "title",
      summary: "{{title}}",
      fields: objectFields(kind("form").schema(withoutContext)),
    },
  ];
  return {
    backend: {
      name: "github",
      repo: options.repo,
      branch: options.branch ?? "main",
      ...(options.baseUrl ? { base_url: options.baseUrl } : {}),
      ...(options.authEndpoint ? { auth_endpoint: options.authEndpoint } : {}),
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
