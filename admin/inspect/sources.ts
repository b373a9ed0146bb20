/**
 * The preview's content with a mark after every value that shows (marks.ts), and the table the marks
 * number: which entry each value belongs to (the one being edited, or another: the site settings, a
 * FAQ entry a section lists, a form) and where in it (shownFields, from the schemas). One pass over
 * the table of kinds, so every kind of content is covered.
 */
import type { z } from "zod";
import { withoutContext, type AppContent, type KindTable, type PageData } from "../../schemas/index.ts";
import { valueAt } from "../../schemas/walk.ts";
import { shownFields, type Path, type Shown } from "./fields.ts";
import { mark } from "./marks.ts";

/** An entry as /admin/ names it: its collection and its slug (a settings file: its name among the settings' files). */
export interface EntryName {
  collection: string;
  slug: string;
}

/** What a mark stands for. */
export interface Source extends Shown {
  entry: EntryName;
  /** The entry being edited (its field is in the form), or another one. */
  here: boolean;
  /** The value as written (plain text), to know whether what shows is exactly it. */
  value: string;
}

export type Content = AppContent & { pages: PageData[] };

const schemas = new Map<string, z.ZodType>();
function schemaOf(kinds: KindTable, name: string, markdown = false): z.ZodType | undefined {
  const key = `${name}${markdown ? ".md" : ""}`;
  if (!schemas.has(key)) {
    const kind = kinds.find((k) => k.name === name);
    if (!kind) return undefined;
    schemas.set(
      key,
      (markdown && kind.role !== "settings" && kind.markdown ? kind.markdown.schema : kind.schema)(withoutContext),
    );
  }
  return schemas.get(key);
}

function setAt(data: unknown, path: Path, value: unknown) {
  const parent = valueAt(data, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}

/**
 * Marks `content` (a copy; what is given is not changed) for the route it shows. `editing` is the entry
 * in the form; for a Markdown page, `legal` names the field its heading comes from ("heading", or
 * "title" when it has none), as it is shown as one section made of its heading and text.
 */
export function markContent(
  content: Content,
  route: string,
  editing: EntryName,
  kinds: KindTable,
  legal?: "heading" | "title",
): { content: Content; sources: Source[] } {
  const sources: Source[] = [];
  const same = (entry: EntryName) => entry.collection === editing.collection && entry.slug === editing.slug;
  const markAll = (data: unknown, shown: Shown[], entry: EntryName, at: (path: Path) => Path = (p) => p) => {
    for (const found of shown) {
      const there = at(found.path);
      const value = valueAt(data, there);
      if (typeof value !== "string") continue;
      const source: Source = { ...found, entry, here: same(entry), value };
      setAt(data, there, value + mark(sources.push(source) - 1));
    }
  };
  const marked = structuredClone(content) as Content;
  for (const kind of kinds) {
    if (kind.role === "settings") {
      if (!kind.app) continue;
      const data = (marked as Record<string, unknown>)[kind.name];
      const schema = schemaOf(kinds, kind.name);
      if (schema) markAll(data, shownFields(schema, data), { collection: "settings", slug: kind.name });
    } else if (kind.role === "collection") {
      const schema = schemaOf(kinds, kind.name)!;
      const entries = (marked.collections as Record<string, { id: string }[]>)[kind.name] ?? [];
      for (const entry of entries)
        markAll(entry, shownFields(schema, entry), { collection: kind.name, slug: entry.id });
    } else if (kind.role === "form") {
      const schema = schemaOf(kinds, kind.name)!;
      for (const [id, form] of Object.entries(marked.forms))
        markAll(form, shownFields(schema, form), { collection: kind.name, slug: id });
    } else if (kind.role === "page" && kind.name === editing.collection) {
      // Only the page being edited: the others' files are not known here, and only one route shows.
      const page = marked.pages.find((p) => p.route === route);
      if (page) markAll(page, shownFields(schemaOf(kinds, kind.name)!, page), editing);
    } else if (kind.role === "page" && legal && kind.markdown?.collection === editing.collection) {
      // A Markdown page is shown as one section: its heading (or title) and its text.
      const page = marked.pages.find((p) => p.route === route);
      const section = page?.sections[0] as { heading?: string; body?: string } | undefined;
      if (!page || !section) continue;
      const heading = legal;
      markAll(
        page,
        [
          { path: [heading], field: [heading], kind: "text" },
          { path: ["body"], field: ["body"], kind: "markdown" },
        ],
        editing,
        (path) => ["sections", 0, path[0] === "body" ? "body" : "heading"],
      );
    }
  }
  return { content: marked, sources };
}
