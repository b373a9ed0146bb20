/**
 * Writes docs/content-guide.md from the Zod schemas and their descriptions: every kind of content
 * file and every section type, each field with its type, whether it is required, allowed values,
 * default, what it is for, and a YAML example built from the schema.
 * In: schemas/ (the table of kinds, schemas/kinds.ts). Out: docs/content-guide.md (committed; a test
 * fails when it is out of date). Usage: node --import tsx scripts/generate/guide.ts [--check]
 */
import { join } from "node:path";
import { stringify } from "yaml";
import { z } from "zod";
import {
  contentKinds,
  kindSchemas,
  referenceNouns,
  sectionSchemas,
  type KindTable,
  type ReferenceKind,
  withoutContext,
} from "../../schemas/index.ts";
import { unwrap } from "../../schemas/walk.ts";
import { writeGenerated } from "./generated-file.ts";
import {
  entryPages,
  glossary,
  intro,
  leadsScreen,
  pictures,
  privacyChoices,
  scheduling,
  undoAChange,
} from "./guide-chapters.ts";
import { whatTheCheckSays, whereThingsAre } from "./guide-orientation.ts";

interface Json {
  type?: string;
  /** The name the editor (/admin/) shows for it, from the schema's `.meta({ title })`. */
  title?: string;
  description?: string;
  /** Set on reference fields (`ref()` in schemas/primitives.ts): the kind of thing the id names. */
  reference?: ReferenceKind;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  oneOf?: Json[];
  anyOf?: Json[];
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** Whether a choice is between section types (each option an object with a fixed `type`). */
const isSectionChoice = (options: Json[]) => options.every((option) => option.properties?.type?.const !== undefined);

function typeOf(node: Json): string {
  const options = node.oneOf ?? node.anyOf;
  if (options && isSectionChoice(options)) return "a section (see [Section types](#section-types))";
  if (options) return options.map(typeOf).join(" or ");
  if (node.const !== undefined) return `\`${String(node.const)}\``;
  if (node.enum) return "one of the allowed values";
  switch (node.type) {
    case "string":
      if (node.reference) return `id of a ${referenceNouns[node.reference]}`;
      return node.format === "email"
        ? "e-mail address"
        : node.format === "uri"
          ? "web address"
          : node.format === "date"
            ? "date (YYYY-MM-DD)"
            : "text";
    case "number":
      return "number";
    case "integer":
      return "whole number";
    case "boolean":
      return "`true` or `false`";
    case "array":
      return `list of ${node.items ? plural(typeOf(node.items)) : "items"}`;
    case "object":
      return "group of fields";
    default:
      return "any";
  }
}

function plural(type: string): string {
  if (type.startsWith("id of a ")) return `ids of ${type.slice("id of a ".length)}s`;
  if (type === "text") return "texts";
  if (type === "group of fields") return "groups of fields";
  if (type.startsWith("a section")) return "sections (see [Section types](#section-types))";
  return type;
}

function allowed(node: Json): string {
  const options = node.oneOf ?? node.anyOf;
  if (options && !isSectionChoice(options)) return options.map(allowed).filter(Boolean).join("; ");
  if (node.enum) return node.enum.map((v) => `\`${String(v)}\``).join(", ");
  const parts: string[] = [];
  if (node.minimum !== undefined && node.maximum !== undefined) parts.push(`${node.minimum} to ${node.maximum}`);
  else if (node.minimum !== undefined) parts.push(`${node.minimum} or more`);
  else if (node.maximum !== undefined) parts.push(`${node.maximum} or less`);
  if (node.minItems !== undefined && node.minItems > 0) parts.push(`at least ${node.minItems}`);
  if (node.maxItems !== undefined) parts.push(`at most ${node.maxItems}`);
  return parts.join(", ");
}

/** Rows for every field of an object, nested fields as `a.b` and list items as `a[].b`. */
function rows(node: Json, prefix = ""): string[] {
  const out: string[] = [];
  for (const [key, field] of Object.entries(node.properties ?? {})) {
    const name = `${prefix}${key}`;
    const required = node.required?.includes(key) ? "yes" : "no";
    const fallback = field.default === undefined ? "" : `\`${JSON.stringify(field.default)}\``;
    out.push(
      `| \`${name}\` | ${cell(typeOf(field))} | ${required} | ${cell(allowed(field))} | ${cell(fallback)} | ${cell(`${field.title ? `${field.title}: ` : ""}${field.description ?? ""}`)} |`,
    );
    if (field.type === "object") out.push(...rows(field, `${name}.`));
    if (field.type === "array" && field.items?.type === "object") out.push(...rows(field.items, `${name}[].`));
  }
  return out;
}

/** An example value: from the description's "e.g." when it has one, else a plain placeholder. */
function example(node: Json, key = ""): unknown {
  if (node.const !== undefined) return node.const;
  if (node.default !== undefined && !(Array.isArray(node.default) && node.default.length === 0)) return node.default;
  if (node.enum) return node.enum[0];
  const description = node.description ?? "";
  const hint = /e\.g\. "([^"]+)"/.exec(description)?.[1] ?? /e\.g\. ([\w/#-]*\w)/.exec(description)?.[1];
  const refersTo = node.reference ? referenceNouns[node.reference] : undefined;
  switch (node.type) {
    case "string":
      if (hint) return hint;
      if (refersTo) return `${refersTo.replace(/ /g, "-")}-id`;
      if (node.format === "email") return "help@example.com";
      if (node.format === "uri") return "https://www.example.com";
      if (node.format === "date") return "2026-01-31";
      return key === "src" ? "images/picture.svg" : `Your ${key || "text"} here`;
    case "number":
    case "integer":
      return hint ? Number(hint) : (node.minimum ?? 1);
    case "boolean":
      return false;
    case "array":
      return node.items ? [example(node.items, key)] : [];
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(node.properties ?? {})) {
        if (node.required?.includes(name) || name === "type") value[name] = example(field, name);
      }
      return value;
    }
    default:
      if (node.oneOf || node.anyOf) return { type: "prose", heading: "A heading", body: "Some text." };
      return null;
  }
}

/** A section's example with its heading second, after its type. */
function withHeading({ type, ...fields }: Record<string, unknown>): Record<string, unknown> {
  return { type, heading: "Your heading here", ...fields };
}

function table(node: Json): string {
  return [
    "| field | type | required | allowed | default | what it is |",
    "|---|---|---|---|---|---|",
    ...rows(node),
  ].join("\n");
}

function yamlBlock(value: unknown): string {
  return ["```yaml", stringify(value, { lineWidth: 0 }).trimEnd(), "```"].join("\n");
}

/** The guide, for the table of kinds (schemas/kinds.ts): each kind's files, fields and an example, then each section type. */
export function renderGuide(kinds: KindTable = contentKinds): string {
  const parts = [
    intro,
    whereThingsAre,
    whatTheCheckSays,
    glossary,
    scheduling,
    entryPages,
    leadsScreen,
    privacyChoices,
    undoAChange,
    pictures(),
    "## Kinds of content file\n",
  ];
  for (const kind of kindSchemas(kinds)) {
    const json = toJson(kind.schema);
    const entry = json.type === "array" && json.items ? json.items : json;
    parts.push(`### ${kind.title}\n`, `Where: ${kind.where}.\n`);
    if (entry.properties) parts.push(table(entry), "");
    parts.push("Example:\n", yamlBlock(json.type === "array" ? [example(entry)] : example(json)), "");
  }
  parts.push(
    "## Section types\n",
    "A page's `sections` is a list; each item starts with `type:` and shows as one block of the page, in order. " +
      "Every section has the common fields `anchor`, `eyebrow`, `heading`, `intro`, `draft`, `publishDate`, `expiryDate` and `background`. " +
      "A section may have no `heading` (a strip of logos, a band of pictures), except the first section of a page: " +
      "its heading is the page's main heading (the first one on the live site, when the sections above it are drafts).\n",
  );
  for (const schema of sectionSchemas(withoutContext)) {
    const json = toJson(schema);
    const name = String(json.properties!.type!.const);
    const { meta, description } = unwrap(schema);
    const title = typeof meta.title === "string" ? meta.title : undefined;
    parts.push(
      `### \`${name}\`${title ? ` (${title} in the editor)` : ""}\n`,
      `${description ?? ""}\n`.trimStart(),
      table(json),
      "",
      "Example:\n",
      // With a heading, though it may be left out: an example copied to the top of a page must pass.
      yamlBlock([withHeading(example(json) as Record<string, unknown>)]),
      "",
    );
  }
  return (
    parts
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd() + "\n"
  );
}

const target = join(import.meta.dirname, "..", "..", "docs", "content-guide.md");
if (process.argv[1] === import.meta.filename) writeGenerated(target, renderGuide(), "npm run content:guide");
