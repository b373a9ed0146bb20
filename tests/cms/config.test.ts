/**
 * The editing UI's configuration (scripts/cms/config.ts), checked against what it must cover and
 * against Decap's own rules: every content file is edited by exactly one collection; every field of
 * every schema is a CMS field at the same place, with its rules (walked independently of the
 * generator, through Zod's own JSON Schema conversion); Decap's configuration check accepts it; and a
 * new entry's file name, made by Decap's own slug code, is a valid id.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { cmsConfig, type CmsCollection, type CmsField } from "../../scripts/cms/config.ts";
import { decapCoreWidgets, ownWidgets, widgetPackages } from "../../admin/decap/widget-packages.ts";
import { kindSchemas } from "../../schemas/index.ts";

type Kind = ReturnType<typeof kindSchemas>[number];
import { id, referenceOf, sectionTypes } from "../../schemas/index.ts";
import { validFixture } from "../content/helpers.ts";

// Decap's configuration check and slug code import helpers that import its whole Redux store and
// its browser-only widget library; the functions they take from those are not used by what runs here.
vi.mock("decap-cms-core/dist/esm/reducers/collections.js", () => ({
  selectEntrySlug: () => undefined,
  selectIdentifier: () => undefined,
  selectField: () => undefined,
  selectInferredField: () => undefined,
  getFileFromSlug: () => undefined,
}));
vi.mock("decap-cms-lib-widgets", () => ({ stringTemplate: {} }));

const root = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const config = cmsConfig({ repo: "example/site", siteUrl: "https://www.example.com" });

// ── every content file ───────────────────────────────────────────────────────────────────────────

/** The YAML and Markdown files under `dir`, as paths starting "content/" (where the CMS looks). */
function contentFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ya?ml|md)$/.test(entry.name))
    .map((entry) => `content/${relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/")}`)
    .sort();
}

/** Whether Decap edits `file` in this collection: a folder's files of its extension (not in subfolders), or a listed file. */
function edits(collection: CmsCollection, file: string): boolean {
  if (collection.files) return collection.files.some((f) => f.file === file);
  return dirname(file) === collection.folder && extname(file) === `.${collection.extension}`;
}

describe("the CMS configuration covers every content file", () => {
  it.each([
    ["the site's content", join(root, "content")],
    ["the test fixture", validFixture],
  ])("%s: each YAML and Markdown file is edited by exactly one collection", (_name, dir) => {
    const files = contentFiles(dir);
    expect(files.length).toBeGreaterThan(0);
    const wrong = files
      .map((file) => ({ file, collections: config.collections.filter((c) => edits(c, file)).map((c) => c.name) }))
      .filter(({ collections }) => collections.length !== 1);
    expect(wrong).toEqual([]);
  });
});

// ── every field of every schema ──────────────────────────────────────────────────────────────────

/** The CMS fields that edit the files of a kind: found by where its files are, not by name. */
function cmsFieldsOf(kind: Kind): CmsField[] {
  // A Markdown page's front matter (no glob of its own): the Markdown files in content/pages.
  if (!kind.files) {
    const legal = config.collections.find((c) => c.folder === "content/pages" && c.extension === "md");
    return (legal?.fields ?? []).filter((f) => f.name !== "body");
  }
  const folder = /^(.+)\/\*\.(\w+)$/.exec(kind.files);
  if (folder) {
    const found = config.collections.find((c) => c.folder === folder[1] && c.extension === folder[2]);
    return found?.fields ?? [];
  }
  const file = config.collections.flatMap((c) => c.files ?? []).find((f) => f.file === kind.files);
  return file?.fields ?? [];
}

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Through optional and default wrappers: the schema inside, whether the field may be left out, its metadata. */
function unwrap(schema: z.ZodType) {
  let inner = schema;
  let optional = false;
  const meta: Record<string, unknown> = { ...schema.meta() };
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
    Object.assign(meta, inner.meta());
  }
  return { inner, optional, meta };
}

/** The input side of a transformed schema (what the file holds), through the defaults inside it too. */
function input(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodPipe) return input(schema.in as z.ZodType);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault || schema instanceof z.ZodOptional)
    return input(schema.unwrap() as z.ZodType);
  return schema;
}

class Walk {
  problems: string[] = [];
  fields = 0;

  /**
   * Each field of an object schema is a CMS field of that name, and the CMS has no field the schema
   * lacks. Inside an optional object nothing is required in the CMS: Decap checks the fields of an
   * optional object even when it is left out.
   */
  object(shape: Record<string, z.ZodType>, fields: CmsField[], path: string, skip: string[] = [], optional = false) {
    const names = Object.keys(shape).filter((name) => !skip.includes(name));
    for (const field of fields) {
      if (!names.includes(field.name))
        this.problems.push(`${path}.${field.name}: the CMS writes a field the schema refuses`);
    }
    for (const name of names) {
      const field = fields.find((f) => f.name === name);
      if (!field) this.problems.push(`${path}.${name}: no CMS field edits it`);
      else this.field(shape[name]!, field, `${path}.${name}`, optional);
    }
  }

  field(schema: z.ZodType, field: CmsField, path: string, inOptional = false) {
    this.fields++;
    const problem = (ok: boolean, what: string) => ok || this.problems.push(`${path}: ${what} (${field.widget})`);
    const { inner, optional: leftOut, meta } = unwrap(schema);
    const optional = leftOut || inOptional;
    problem(
      (field.required !== false) === !optional,
      optional ? "optional, but required in the CMS" : "required, but optional in the CMS",
    );

    const reference = referenceOf(schema) ?? referenceOf(inner);
    if (reference) {
      problem(
        field.widget === "relation" && field.collection === reference && field.value_field === "{{slug}}",
        `a reference to ${reference}: expected a relation widget to that collection, by file name`,
      );
      problem(
        config.collections.some((c) => c.name === reference && c.folder),
        `no folder collection "${reference}" to relate to`,
      );
      return;
    }
    if (meta.markdown) return void problem(field.widget === "markdown", "Markdown: expected a markdown widget");
    if (meta.datetime) {
      return void problem(
        field.widget === "datetime" && field.format === "YYYY-MM-DDTHH:mm" && field.time_format === "HH:mm",
        "a scheduled time: expected a date and time picker writing the time without a zone",
      );
    }
    if (meta.image) {
      problem(field.widget === "object", "a picture: expected an object (the file and its alt text)");
      const [src, alt] = ["src", "alt"].map((name) => field.fields?.find((f) => f.name === name));
      problem(
        src?.widget === "image" && (src.required !== false) === !optional,
        "a picture: its file, an image widget",
      );
      problem(alt?.widget === "string" && (alt.required !== false) === !optional, "a picture: its alt text");
      const fileName = src?.pattern && new RegExp(src.pattern[0]);
      problem(
        !!fileName && fileName.test("photo.png") && !fileName.test("photo.exe"),
        "a picture: expected its file type checked",
      );
      const shape = (input(inner) as z.ZodObject).shape as Record<string, z.ZodType>;
      problem(
        JSON.stringify(Object.keys(shape)) === JSON.stringify(field.fields?.map((f) => f.name)),
        "a picture: other fields",
      );
      return;
    }
    if (path.endsWith(".draft")) problem(field.widget === "boolean", "draft: expected a toggle");

    const json = z.toJSONSchema(inner, { io: "input", unrepresentable: "any" }) as JsonSchema;
    if (json.enum) {
      // Icons are chosen by their pictures (admin/widgets/icons.tsx registers the "icon" widget).
      problem(field.widget === (meta.icon ? "icon" : "select"), "a choice: expected a select widget");
      problem(
        JSON.stringify(field.options) === JSON.stringify(json.enum),
        `expected the options ${json.enum.join(", ")}`,
      );
    } else if (json.type === "boolean") {
      problem(field.widget === "boolean", "expected a toggle");
    } else if (json.type === "number" || json.type === "integer") {
      problem(field.widget === "number", "expected a number widget");
      problem((field.value_type === "int") === (json.type === "integer"), "whole numbers or not");
      problem(field.min === json.minimum, `expected the minimum ${json.minimum}, found ${field.min}`);
      problem(field.max === json.maximum, `expected the maximum ${json.maximum}, found ${field.max}`);
    } else if (json.type === "string" && json.format === "date") {
      problem(field.widget === "datetime" && field.format === "YYYY-MM-DD" && field.time_format === false, "a date");
    } else if (json.type === "string") {
      problem(field.widget === "string", "text: expected a string widget");
      if (json.pattern) problem(field.pattern?.[0] === json.pattern, `expected the pattern ${json.pattern}`);
      if (json.format === "uri") problem(field.pattern !== undefined, "an address: expected a pattern");
      if (field.pattern) problem(field.pattern[1].length > 0, "a pattern needs a message");
    } else if (json.type === "object") {
      problem(field.widget === "object", "expected an object widget");
      const shape = (input(inner) as z.ZodObject).shape as Record<string, z.ZodType>;
      this.object(shape, field.fields ?? [], path, [], optional);
    } else if (json.type === "array") {
      problem(field.widget === "list", "expected a list widget");
      const min = json.minItems && json.minItems > 0 ? json.minItems : undefined;
      problem(field.min === min && field.max === json.maxItems, `expected between ${min} and ${json.maxItems} items`);
      this.list((input(inner) as z.ZodArray).element as z.ZodType, field, path);
    } else {
      this.problems.push(`${path}: a ${json.type ?? "field"} the walk has no rule for`);
    }
  }

  list(element: z.ZodType, field: CmsField, path: string) {
    if (element instanceof z.ZodDiscriminatedUnion) {
      const options = element.options as unknown as z.ZodObject[];
      const types = options.map((option) => String((option.shape.type as z.ZodLiteral).value));
      if (field.typeKey !== "type") this.problems.push(`${path}: a list of typed blocks needs typeKey "type"`);
      for (const type of field.types ?? []) {
        if (!types.includes(type.name))
          this.problems.push(`${path}: the CMS offers a type "${type.name}" the schema refuses`);
      }
      options.forEach((option, i) => {
        const type = field.types?.find((t) => t.name === types[i]);
        if (!type) this.problems.push(`${path}: no CMS block for the type "${types[i]}"`);
        else
          this.object(option.shape as Record<string, z.ZodType>, type.fields ?? [], `${path}[${types[i]}]`, ["type"]);
      });
    } else if (unwrap(element).inner instanceof z.ZodObject) {
      this.object(
        (unwrap(element).inner as z.ZodObject).shape as Record<string, z.ZodType>,
        field.fields ?? [],
        `${path}[]`,
      );
    } else if (!field.field) {
      this.problems.push(`${path}: a list of single values needs a "field"`);
    } else {
      this.field(element, field.field, `${path}[]`);
    }
  }
}

describe("the CMS configuration covers every field of every schema", () => {
  it.each(kindSchemas().map((kind) => [kind.name, kind] as const))(
    "%s: each field is a CMS field at the same place, with its rules",
    (_name, kind) => {
      const walk = new Walk();
      const schema = input(kind.schema) as z.ZodObject;
      walk.object(schema.shape as Record<string, z.ZodType>, cmsFieldsOf(kind), kind.name);
      expect(walk.problems).toEqual([]);
      expect(walk.fields).toBeGreaterThanOrEqual(Object.keys(schema.shape).length);
    },
  );

  it("offers every section type as a block of a page, and writes its type", () => {
    const sections = config.collections.find((c) => c.folder === "content/pages" && c.extension === "yaml")!;
    const field = sections.fields!.find((f) => f.name === "sections")!;
    expect(field.typeKey).toBe("type");
    expect(field.types!.map((t) => t.name).sort()).toEqual([...sectionTypes].sort());
  });

  it('offers the window of pages, sections and every collection\'s entries as date and time pickers, "Show from" and "Show until"', () => {
    const pickers = (fields: CmsField[]): string[] =>
      fields.flatMap((f) => [
        ...(f.widget === "datetime" && f.time_format === "HH:mm" ? [`${f.name}: ${f.label}`] : []),
        ...pickers(f.fields ?? []),
        ...pickers(f.types ?? []),
      ]);
    // Forms have no window: a form shows where a section shows it.
    for (const collection of config.collections.filter((c) => c.folder && c.name !== "forms")) {
      expect(pickers(collection.fields!).slice(0, 2), collection.name).toEqual([
        "publishDate: Show from",
        "expiryDate: Show until",
      ]);
    }
    const pages = config.collections.find((c) => c.folder === "content/pages" && c.extension === "yaml")!;
    const sections = pages.fields!.find((f) => f.name === "sections")!;
    for (const type of sections.types!)
      expect(pickers(type.fields!), type.name).toEqual(["publishDate: Show from", "expiryDate: Show until"]);
  });

  it("gives Markdown pages their text as a Markdown field after the front matter", () => {
    const legal = config.collections.find((c) => c.folder === "content/pages" && c.extension === "md")!;
    expect(legal.format).toBe("frontmatter");
    expect(legal.fields!.at(-1)).toMatchObject({ name: "body", widget: "markdown", required: true });
  });
});

// ── what Decap accepts ───────────────────────────────────────────────────────────────────────────

/**
 * The widgets /admin/ registers in Decap (admin/decap/widget-packages.ts, which admin/decap/cms.ts
 * registers): each package's widget name, as the package itself names it, and its options' schema.
 */
function decapWidgets(): { name: string; schema?: string }[] {
  return Object.entries(widgetPackages).map(([listed, pkg]) => {
    const dir = join(dirname(require.resolve(`${pkg}/package.json`)), "dist", "esm");
    const name = /name: '(\w+)'/.exec(readFileSync(join(dir, "index.js"), "utf8"))?.[1];
    if (name !== listed) throw new Error(`${pkg} names its widget ${name}, not ${listed}`);
    return { name, ...(existsSync(join(dir, "schema.js")) ? { schema: `${pkg}/dist/esm/schema.js` } : {}) };
  });
}

/** Decap's own configuration check, with the schema of every widget /admin/ registers, as admin/decap/cms.ts does. */
async function decapCheck() {
  const { registerWidget } = await import("decap-cms-core/dist/esm/lib/registry.js");
  for (const widget of decapWidgets()) {
    const schema = widget.schema ? ((await import(widget.schema)) as { default: object }).default : undefined;
    registerWidget(widget.name, () => null, undefined, schema);
  }
  return (await import("decap-cms-core/dist/esm/constants/configSchema.js")).validateConfig;
}

function widgetsIn(fields: CmsField[]): string[] {
  return fields.flatMap((f) => [
    f.widget,
    ...widgetsIn(f.fields ?? []),
    ...widgetsIn(f.field ? [f.field] : []),
    ...widgetsIn(f.types ?? []),
  ]);
}

describe("Decap CMS accepts the configuration", () => {
  it("passes Decap's own configuration check, as /admin/ starts it on GitHub and with npm run cms", async () => {
    const validateConfig = await decapCheck();
    expect(() => validateConfig(config)).not.toThrow();
    const local = {
      ...config,
      load_config_file: false,
      local_backend: { url: "http://127.0.0.1:8081/api/v1", allowed_hosts: ["127.0.0.1", "localhost"] },
      publish_mode: "simple",
    };
    expect(() => validateConfig(local)).not.toThrow();
  });

  it("is a real check: Decap's check refuses a relation that names no collection", async () => {
    const validateConfig = await decapCheck();
    vi.spyOn(console, "error").mockImplementation(() => {}); // Decap logs what it throws
    const broken = {
      ...config,
      collections: [
        ...config.collections,
        { name: "extra", label: "Extra", folder: "content/extra", fields: [{ name: "faq", widget: "relation" }] },
      ],
    };
    expect(() => validateConfig(broken)).toThrow(/must have required property 'collection'/);
  });

  it("uses only widgets /admin/ registers (admin/decap/widget-packages.ts), and registers none it does not use", () => {
    // "focus" and "icon" are /admin/'s own (admin/widgets/registration.tsx); Decap's core knows "hidden".
    const known = new Set<string>([...decapWidgets().map((w) => w.name), ...decapCoreWidgets, ...ownWidgets]);
    const used = new Set(
      config.collections.flatMap((c) => widgetsIn([...(c.fields ?? []), ...(c.files ?? []).flatMap((f) => f.fields)])),
    );
    expect([...used].filter((widget) => !known.has(widget))).toEqual([]);
    expect(used.size).toBeGreaterThan(5);
    // Each registered package is used: /admin/ downloads none for nothing.
    expect(Object.keys(widgetPackages).filter((widget) => !used.has(widget))).toEqual([]);
  });

  it("names a new entry's file after its title with a valid id, by Decap's own slug code", async () => {
    const { getProcessSegment } = await import("decap-cms-core/dist/esm/lib/formatters.js");
    const slugOf = getProcessSegment(config.slug);
    for (const title of [
      "Can you fix a café's Wi-Fi, smart TVs & more?",
      "Naïve questions about São Paulo (and Ångström)",
      "  What's NEW in 2026?  ",
      "Pricing: 1.5 hours / month",
    ]) {
      const name = slugOf(title);
      expect(id.safeParse(name).success, `"${title}" gives the file name "${name}"`).toBe(true);
    }
    // Decap's default keeps accented letters, which an id may not have: why the configuration sets its own.
    const decapDefault = getProcessSegment({ encoding: "unicode", clean_accents: false, sanitize_replacement: "-" });
    expect(id.safeParse(decapDefault("Café Wi-Fi")).success).toBe(false);
  });
});
