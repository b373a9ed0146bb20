/**
 * The table of content kinds: one row per kind of content file, as Velite's `collections` and Astro's
 * `defineCollection` are. Each row says where its files are, how an entry's id is made (its file
 * name), its schema, and what it is called, for messages, the guide and the CMS. Everything that
 * handles content by kind loops over this table or derives from it: the content pipeline's load,
 * context, validate, emit and unused warnings (scripts/content/stages/), the guide and the JSON
 * Schemas (scripts/generate/), the CMS configuration (scripts/cms/config.ts), /admin/'s check and
 * preview, the app's content provider and the types of "all the content" (`Content`, below).
 *
 * Adding a kind is a row here and its schema (and, to show it, a section that lists it). A kind of
 * entries that sections refer to by id (`role: "collection"`) also needs its noun in
 * `referenceNouns` (references.ts), which `ref()` checks against: the type checker asks for both.
 */
import type { z } from "zod";
import { perContext, withoutContext, type ContentContext } from "./context.ts";
import { idPlaceholder, listingAddress, patternProblem } from "./addresses.ts";
import { caseStudy, guide, plan, question, service, tag, teamMember, testimonial } from "./collections.ts";
import { updatedAfterPublished } from "./entries.ts";
import { form } from "./form.ts";
import { leadsSettings } from "./leads.ts";
import { markdownPage, page } from "./page.ts";
import type { EntryCards } from "./entry-pages.ts";
import { referenceNouns, type ReferenceKind } from "./references.ts";
import { redirects } from "./redirects.ts";
import { scheduleFields } from "./schedule.ts";
import { site } from "./site.ts";

interface KindCommon {
  /** The kind's name: the key of its content, its JSON Schema's file name and its CMS collection. */
  name: string;
  /** What one file (or entry) of it is called, in messages and in the CMS: "question". */
  noun: string;
  /** Its heading in the guide and its label in the CMS: "FAQ". */
  title: string;
  /** What it is for, in a sentence, for people (the CMS's description). */
  purpose: string;
  /** Where its files are, for people (the guide). */
  where: string;
  /**
   * The schema of one file, a function of the content context (Astro's `schema: ({ image }) => …`):
   * the pipeline's facts, or `withoutContext` for the guide, the JSON Schemas and the CMS (every check
   * that needs other files then fails closed). Each builds once per context.
   */
  schema: (c: ContentContext) => z.ZodType;
}

/** One file of settings: `content/<file>`. Its value goes in `src/generated/<name>.json`. */
export interface SettingsKind extends KindCommon {
  role: "settings";
  /** The file, relative to content/. */
  file: string;
  /** May be left out (its schema's defaults apply); otherwise the check asks for it. */
  optional: boolean;
  /** Read by the app (exported from src/generated/index.js); otherwise only by the pre-renderer or the server. */
  app: boolean;
}

/**
 * A folder of entries, one file each: `content/<folder>/<id>.yaml`, the file name being the entry's
 * id. "page": one module per route; "form": forms.json, by id; "collection": collections.json, listed
 * by sections through `ref("<name>")`.
 */
export interface EntriesKind extends KindCommon {
  role: "page" | "form" | "collection";
  /** The folder, relative to content/. */
  folder: string;
  /** The field a CMS lists an entry by, and its list row's summary (a template of its fields). */
  summary?: string;
  /**
   * Entries with pages of their own (Astro's `getStaticPaths`, Hugo's sections): the address of each,
   * a route ending in ":id", e.g. "/guides/:id" (addresses.ts makes the others from it: the listing
   * "/guides", its pages "/guides/page/2", tags' "/guides/tags/<tag>" and authors'
   * "/guides/authors/<id>"). Its entries are Markdown files, `<id>.md`: the fields as front matter,
   * then the text, which is the schema's `body` field. The pipeline makes the pages
   * (scripts/content/stages/entry-pages.ts); pre-rendering, the sitemap, the links' checks and the
   * CMS follow from the pages it makes.
   */
  address?: string;
  /** Entries on one page of its listings (default 10). */
  perPage?: number;
  /** Entries may also be Markdown files (`<id>.md`): these fields as front matter, then the text. */
  markdown?: Omit<KindCommon, "name"> & {
    /** The CMS collection its Markdown entries are edited in (one format per CMS collection). */
    collection: string;
  };
}

export type ContentKind = SettingsKind | EntriesKind;

/**
 * A collection's row: its entries in `content/collections/<name>/`, each shown by sections through
 * `ref("<name>")`. Every collection's entries have a window (schedule.ts: Show from, Show until),
 * added here, so a new collection has one too.
 */
function collection<
  const N extends Exclude<ReferenceKind, "forms">,
  F extends z.core.$ZodLooseShape,
  const A extends string | undefined = undefined,
>(
  name: N,
  title: string,
  fields: (c: ContentContext) => z.ZodObject<F, z.core.$strict>,
  options: { address?: A; perPage?: number } = {},
) {
  const noun = referenceNouns[name];
  const { address, perPage } = options;
  if (address !== undefined) {
    const problem = patternProblem(address);
    if (problem) throw new Error(`schemas/kinds.ts, the ${name} row: ${problem}`);
  }
  const schema = perContext((c) => {
    const shape = fields(c).extend(scheduleFields(c));
    // An entry with a page of its own is not updated before it is published (entries.ts).
    return (
      address === undefined
        ? shape
        : shape.superRefine((entry, ctx) =>
            updatedAfterPublished(entry as { published: string; updated?: string }, ctx),
          )
    ) as typeof shape;
  });
  return {
    name,
    role: "collection",
    folder: `collections/${name}`,
    noun,
    title,
    purpose:
      address === undefined
        ? `One entry per ${noun}; pages show the ones their sections list.`
        : `One entry per ${noun}, each with a page of its own at ${address.replace(idPlaceholder, "<id>")}, listed at ${listingAddress(address)}.`,
    where:
      address === undefined
        ? `\`content/collections/${name}/<id>.yaml\`, one file per entry; the file name is the entry's id, which sections use to show it`
        : `\`content/collections/${name}/<id>.md\`, one file per entry: its fields between two \`---\` lines, then its text in Markdown; the file name is the entry's id, which makes its address`,
    schema,
    address: address as A,
    ...(perPage === undefined ? {} : { perPage }),
  } as const;
}

export const contentKinds = [
  {
    name: "site",
    role: "settings",
    file: "site.yaml",
    optional: false,
    app: true,
    noun: "site settings",
    title: "Site settings",
    purpose: "The settings every page uses: name, contact, navigation, footer, search engines.",
    where: "`content/site.yaml`",
    schema: site,
  },
  {
    name: "redirects",
    role: "settings",
    file: "redirects.yaml",
    optional: true,
    app: false,
    noun: "redirects",
    title: "Redirects",
    purpose: "Old addresses that lead to pages.",
    where:
      "`content/redirects.yaml`: `redirects:` then a list, one entry per old address (optional: leave the file out when there are none)",
    schema: redirects,
  },
  {
    name: "leads",
    role: "settings",
    file: "leads.yaml",
    optional: true,
    app: false,
    noun: "lead settings",
    title: "Where leads go",
    purpose: "Who receives the forms' leads, and how long they are kept.",
    where: "`content/leads.yaml`: the e-mail recipients, webhooks and retention period of the forms' leads (optional)",
    schema: leadsSettings,
  },
  {
    name: "pages",
    role: "page",
    folder: "pages",
    noun: "page",
    title: "Page",
    purpose: "One entry per page: its address, title and sections, top to bottom.",
    where: "`content/pages/<name>.yaml`, one file per page",
    summary: "{{title}} ({{route}})",
    schema: page,
    markdown: {
      collection: "legal",
      noun: "legal page",
      title: "Legal pages",
      purpose: "Pages of running text (privacy, terms): a few fields, then the text.",
      where: "`content/pages/<name>.md`: these fields between two `---` lines, then the text in Markdown",
      schema: markdownPage,
    },
  },
  collection("services", "Services", service),
  collection("plans", "Plans", plan),
  collection("team", "Team", teamMember),
  collection("faq", "FAQ", question),
  collection("testimonials", "Testimonials", testimonial),
  collection("tags", "Tags", tag),
  collection("guides", "Help guides", guide, { address: "/guides/:id" }),
  collection("case-studies", "Case studies", caseStudy, { address: "/case-studies/:id" }),
  {
    name: "forms",
    role: "form",
    folder: "forms",
    noun: referenceNouns.forms,
    title: "Form",
    purpose: "The forms sections show (callback, subscribe): their boxes, labels and button.",
    where: "`content/forms/<id>.yaml`; the file name is the form's id",
    schema: form,
  },
] as const satisfies readonly ContentKind[];

/** A table of kinds: this one, or (a test) this one with more rows. */
export type KindTable = readonly ContentKind[];

export type KindName = (typeof contentKinds)[number]["name"];

/** A kind's row by name. */
export function kindNamed(name: string, kinds: KindTable = contentKinds): ContentKind | undefined {
  return kinds.find((kind) => kind.name === name);
}

/** A kind of entries with pages of their own: a collection's row with an `address` (Astro's collections with `getStaticPaths`). */
export type PagesKind = EntriesKind & { role: "collection"; address: string };

/** The kinds whose entries have pages of their own, in the table's order. */
export function pagesKinds(kinds: KindTable = contentKinds): PagesKind[] {
  return kinds.filter(
    (kind): kind is PagesKind => kind.role === "collection" && "address" in kind && typeof kind.address === "string",
  );
}

/** Entries of a kind with pages on one page of its listings. */
export const defaultPerPage = 10;

/** The kinds whose entries a field may name by id (`ref()`): collections and forms. */
export function referableKinds(kinds: KindTable = contentKinds): EntriesKind[] {
  return kinds.filter((kind): kind is EntriesKind => kind.role === "collection" || kind.role === "form");
}

type Row<N extends KindName> = Extract<(typeof contentKinds)[number], { name: N }>;
/** What a row's schema parses to. */
type Output<N extends KindName> = z.output<ReturnType<Row<N>["schema"]>>;
export type SettingsName = Extract<(typeof contentKinds)[number], { role: "settings" }>["name"];
/** Each settings file's value, by its kind's name: its schema's output (an optional file left out: its defaults). */
export type Settings = { [N in SettingsName]: Output<N> };

/** The names of the collections (kinds of entries sections list by id). */
export type CollectionName = Extract<(typeof contentKinds)[number], { role: "collection" }>["name"];
export const collectionNames = contentKinds
  .filter((kind) => kind.role === "collection")
  .map((kind) => kind.name) as CollectionName[];
/** Each collection's entry schema, by name, built once per context. */
export const collectionSchemas = perContext(
  (c) =>
    Object.fromEntries(
      contentKinds.filter((kind) => kind.role === "collection").map((kind) => [kind.name, kind.schema(c)]),
    ) as { [N in CollectionName]: ReturnType<Row<N>["schema"]> },
);

/** An entry's fields, as its schema gives them. */
export type EntryFields<C extends CollectionName> = Output<C>;
/** An entry as the app receives it: its fields, and its id (the file name). */
export type Entry<C extends CollectionName> = EntryFields<C> & { id: string };
export type Collections = { [C in CollectionName]: Entry<C>[] };
export type Service = Entry<"services">;
export type Plan = Entry<"plans">;
export type TeamMember = Entry<"team">;
export type Question = Entry<"faq">;
export type Testimonial = Entry<"testimonials">;
export type Tag = Entry<"tags">;
export type Guide = Entry<"guides">;
export type CaseStudy = Entry<"case-studies">;
/** The collections whose entries have pages of their own (a row with an `address`). */
export type PagesKindName = Extract<(typeof contentKinds)[number], { address: string }>["name"];

// Every kind a reference may name has its row, and every referable row is a kind a reference may name.
type ReferableRowName = Extract<(typeof contentKinds)[number], { role: "collection" | "form" }>["name"];
const everyReferenceHasARow: Record<ReferenceKind, true> = {} as Record<ReferableRowName, true>;
const everyReferableRowIsAReference: Record<ReferableRowName, true> = {} as Record<ReferenceKind, true>;
void everyReferenceHasARow;
void everyReferableRowIsAReference;

/** The schema of one file of a kind, built in context `c`: its row's, or a Markdown entry's front matter. */
export function fileSchema(kind: ContentKind, markdown: boolean, c: ContentContext): z.ZodType {
  return (markdown && kind.role !== "settings" && kind.markdown ? kind.markdown.schema : kind.schema)(c);
}

/**
 * Each kind's schemas as the guide, the JSON Schemas and the CMS describe them (built without a
 * context), with a name and the files they describe: its own, and its Markdown entries' front matter.
 */
export function kindSchemas(
  kinds: KindTable = contentKinds,
): { name: string; title: string; where: string; schema: z.ZodType; files?: string }[] {
  return kinds.flatMap((kind) => {
    const { name, title, where } = kind;
    const schema = kind.schema(withoutContext);
    if (kind.role === "settings") return [{ name, title, where, schema, files: `content/${kind.file}` }];
    const own = {
      name,
      title,
      where,
      schema,
      files: `content/${kind.folder}/*.${"address" in kind && kind.address !== undefined ? "md" : "yaml"}`,
    };
    if (!kind.markdown) return [own];
    const markdown = kind.markdown;
    return [
      own,
      {
        name: markdown.collection,
        title: markdown.title,
        where: markdown.where,
        schema: markdown.schema(withoutContext),
      },
    ];
  });
}

type AppSettingsName = Extract<(typeof contentKinds)[number], { role: "settings"; app: true }>["name"];
/**
 * What the app reads of the content besides its pages (src/generated/index.js exports it): each
 * settings file it shows (`app: true`), every collection's entries, and the forms by id.
 */
export type AppContent = { [N in AppSettingsName]: Settings[N] } & {
  collections: Collections;
  forms: Record<string, z.output<ReturnType<typeof form>>>;
  /** The listed entries of every kind with pages, as cards (schemas/entry-pages.ts); none: no listing shows any. */
  entries?: EntryCards;
};
