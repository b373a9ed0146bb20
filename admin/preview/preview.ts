/**
 * What the CMS preview shows: the entry being edited, checked by the same Zod schemas as the content
 * check and turned into what the site's renderers take (Markdown compiled, pictures resolved),
 * alongside the rest of the site as last built. Runs in the browser.
 */
import type { z } from "zod";
import {
  collectionSchemas,
  form as formSchema,
  markdownPage,
  page as pageSchema,
  referenceFields,
  sectionSchemas,
  site as siteSchema,
  withoutContext,
  type CollectionName,
  type Collections,
  type ContentContext,
  type ContentFacts,
  type Entry,
  type EntryFields,
  type Form,
  type PageData,
  type Section,
  type Site,
  type AppContent,
} from "../../schemas/index.ts";
import { createMarkdown } from "../../scripts/content/stages/markdown.ts";
import { tokensFrom } from "../../scripts/content/stages/tokens.ts";
import { pagesKindOf, previewEntryPage, type CardView } from "./entry-page.ts";

/** The site as last built (src/generated), which the entry being edited is shown within. */
export type Built = AppContent & { routes: string[]; pages: PageData[] };

export type Edited =
  | { kind: "page" | "legal"; data: Record<string, unknown> }
  | { kind: "site"; data: Record<string, unknown> }
  | { kind: "form"; id: string; data: Record<string, unknown> }
  | { kind: "entry"; collection: CollectionName; id: string; data: Record<string, unknown> };

export type Preview =
  ({ ok: true; pages: PageData[]; route: string; card?: CardView } & AppContent) | { ok: false; problems: string[] };

const previewRoute = "/preview-of-an-entry";

/** Parses `data` with `schema` as the content check would, with what the preview knows of the rest. */
function check<T>(
  schema: (c: ContentContext) => z.ZodType,
  data: unknown,
  built: Built,
  getAsset: (src: string) => string,
  extra?: Partial<Pick<ContentFacts, "ids">>,
) {
  const ids: ContentFacts["ids"] = {
    ...Object.fromEntries(Object.entries(built.collections).map(([name, entries]) => [name, entries.map((e) => e.id)])),
    forms: Object.keys(built.forms),
    ...extra?.ids,
  };
  const context: ContentFacts = {
    known: true,
    ids,
    routes: built.routes,
    // A page may link to one not built yet: links are checked by the content check, not here.
    routesUnknown: true,
    anchors: {},
    drafts: { ids: {}, routes: [], anchors: {} },
    redirects: [],
    notFoundRoute: undefined,
    timeZone: built.site.timeZone,
    unshown: { routes: {}, items: [] },
    markdown: createMarkdown({ tokens: tokensFrom(built.site) }),
    resolveImage: (image) => ({ src: getAsset(image.src), alt: image.alt, width: 1200, height: 800 }),
    file: { route: undefined, allowDraftReferences: true },
  };
  const result = schema(context).safeParse(data);
  if (result.success) return { ok: true as const, value: result.data as T };
  return {
    ok: false as const,
    problems: result.error.issues.map((issue) => `${issue.path.join(".") || "this entry"}: ${issue.message}`),
  };
}

/** A section that shows one entry: a copy of the first built section that lists entries of its kind. */
function sectionShowing(built: Built, collection: CollectionName | "forms", id: string): Section | undefined {
  for (const page of built.pages) {
    for (const section of page.sections) {
      const schema = sectionSchemas(withoutContext).find((s) => s.shape.type.value === section.type);
      const found = schema && referenceFields(schema).find((f) => f.kind === collection && f.field in section);
      const reference = { kind: collection, id };
      if (found) return { ...section, draft: false, [found.field]: found.list ? [reference] : reference } as Section;
    }
  }
  return undefined;
}

export function preview(edited: Edited, built: Built, getAsset: (src: string) => string): Preview {
  const base = {
    site: built.site,
    collections: built.collections,
    forms: built.forms,
    pages: built.pages,
    ...(built.entries ? { entries: built.entries } : {}),
  };
  switch (edited.kind) {
    case "site": {
      const site = check<Site>(siteSchema, edited.data, built, getAsset);
      return site.ok ? { ok: true, ...base, site: site.value, route: "/" } : site;
    }
    case "page":
    case "legal": {
      if (edited.kind === "page") {
        const page = check<PageData>(pageSchema, edited.data, built, getAsset);
        if (!page.ok) return page;
        return {
          ok: true,
          ...base,
          pages: [page.value, ...built.pages.filter((p) => p.route !== page.value.route)],
          route: page.value.route,
        };
      }
      const { body, ...front } = edited.data;
      const legal = check<z.output<ReturnType<typeof markdownPage>>>(markdownPage, front, built, getAsset);
      if (!legal.ok) return legal;
      if (typeof body !== "string" || !body.trim()) return { ok: false, problems: ["body: the page has no text yet"] };
      const html = createMarkdown({ tokens: tokensFrom(built.site) })(body).html;
      const { heading, updated, ...fields } = legal.value;
      const page: PageData = {
        ...fields,
        updated,
        sections: [
          {
            type: "prose",
            heading: heading ?? fields.title,
            body: html as never,
            draft: false,
            background: "plain",
            actions: [],
          },
        ],
      };
      return {
        ok: true,
        ...base,
        pages: [page, ...built.pages.filter((p) => p.route !== page.route)],
        route: page.route,
      };
    }
    case "form": {
      const form = check<Form>(formSchema, edited.data, built, getAsset);
      if (!form.ok) return form;
      return showAlone(built, "forms", edited.id, { ...base, forms: { ...built.forms, [edited.id]: form.value } });
    }
    case "entry":
      return previewEntry(edited.collection, edited.id, edited.data, built, getAsset, base);
  }
}

/**
 * An entry of collection `C` previewed in place of its built version: an entry of a kind with pages on
 * its own page (entry-page.ts), any other alone in a section that lists its kind.
 */
function previewEntry<C extends CollectionName>(
  collection: C,
  id: string,
  data: Record<string, unknown>,
  built: Built,
  getAsset: (src: string) => string,
  base: Omit<Extract<Preview, { ok: true }>, "ok" | "route">,
): Preview {
  const entry = check<EntryFields<C>>((c) => collectionSchemas(c)[collection], data, built, getAsset);
  if (!entry.ok) return entry;
  const others: Entry<C>[] = built.collections[collection].filter((e) => e.id !== id);
  const kind = pagesKindOf(collection);
  if (kind) {
    // A kind with pages: the entry's own page (and its card), as the pipeline makes them.
    const page = previewEntryPage(kind, { ...(entry.value as Record<string, unknown>), id }, built);
    return "problems" in page ? { ok: false, problems: page.problems } : { ok: true, ...base, ...page };
  }
  const collections: Collections = { ...built.collections, [collection]: [...others, { ...entry.value, id }] };
  return showAlone(built, collection, id, { ...base, collections });
}

function showAlone(
  built: Built,
  collection: CollectionName | "forms",
  id: string,
  content: Omit<Extract<Preview, { ok: true }>, "ok" | "route">,
): Preview {
  const section = sectionShowing(built, collection, id);
  if (!section) return { ok: false, problems: ["no page has a section that shows this kind of entry yet"] };
  const page: PageData = {
    route: previewRoute,
    title: "Preview",
    description: "Preview",
    draft: false,
    landing: false,
    index: false,
    sections: [section],
  };
  return { ok: true, ...content, pages: [page, ...content.pages], route: previewRoute };
}
