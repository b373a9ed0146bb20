/**
 * Which entry of the editor a content file is, from the CMS configuration (its collections' folders,
 * extensions and files): "content/collections/faq/is-it-safe.yaml" is the FAQ collection's entry
 * "is-it-safe", "content/pages/privacy.md" a legal page, "content/site.yaml" the site settings. An
 * entry's data read from a version's text, and its title as the editor's lists name it (the
 * collection's summary, filled from the data). Pure and browser-safe (the Recent changes screen).
 */
import { parse } from "yaml";
import { quickParse } from "../../../scripts/content/stages/fast-yaml.ts";
import { splitFrontMatter } from "../../../scripts/content/stages/front-matter.ts";
import type { CmsCollection } from "../../../scripts/cms/types.ts";
import { isRecord } from "../../../scripts/content/stages/unchecked.ts";

export interface EntryRef {
  /** The CMS collection's name ("faq", "settings"). */
  collection: string;
  /** The entry's slug (its file name without extension), or the settings file's name. */
  slug: string;
  /** What one entry is called: "FAQ entry", "Site settings". */
  noun: string;
  /** True for an entry of a folder (one that can be created, and brought back). */
  folder: boolean;
  /** The summary template the editor's list names it by ("{{title}} ({{route}})"), for a folder's entry. */
  summary?: string;
  /** Its file's extension: "yaml" or "md". */
  extension: string;
}

type Collections = readonly Pick<
  CmsCollection,
  "name" | "label" | "label_singular" | "folder" | "extension" | "files" | "summary" | "identifier_field"
>[];

/** The entry a repository path is, or undefined (a picture, a file no collection has). */
export function entryOfPath(collections: Collections, path: string): EntryRef | undefined {
  for (const c of collections) {
    const file = c.files?.find((f) => f.file === path);
    if (file) return { collection: c.name, slug: file.name, noun: file.label, folder: false, extension: "yaml" };
    if (!c.folder || !path.startsWith(`${c.folder}/`)) continue;
    const rest = path.slice(c.folder.length + 1);
    const extension = c.extension ?? "yaml";
    if (rest.includes("/") || !rest.endsWith(`.${extension}`)) continue;
    return {
      collection: c.name,
      slug: rest.slice(0, -extension.length - 1),
      noun: c.label_singular ?? c.label,
      folder: true,
      summary: c.summary ?? (c.identifier_field ? `{{${c.identifier_field}}}` : undefined),
      extension,
    };
  }
  return undefined;
}

/** YAML's data, read as the content check reads it: plain YAML quickly (js-yaml), the rest by `yaml`. */
const yamlData = (text: string): unknown => {
  const quick = quickParse(text);
  return quick ? quick.data : parse(text);
};

/** An entry's data from its file's text (YAML, or Markdown's front matter and its text as `body`); {} when unreadable. */
export function dataOf(path: string, text: string | null): Record<string, unknown> | undefined {
  if (text === null) return undefined;
  try {
    if (path.endsWith(".md")) {
      const split = splitFrontMatter(text);
      const front: unknown = split ? yamlData(split.yamlText) : {};
      return { ...(isRecord(front) ? front : {}), body: split ? split.body.text : text };
    }
    const data: unknown = yamlData(text);
    return isRecord(data) ? data : {};
  } catch {
    return {};
  }
}

/** A summary template filled from the data: "{{title}} ({{route}})" → "About us (/about)", `{{filename}}` the entry's id; filters are left out. */
export function titleOf(entry: EntryRef, data: Record<string, unknown> | undefined): string {
  if (!entry.folder) return entry.noun;
  const filled = (entry.summary ?? "")
    .replace(/\{\{\s*(?:fields\.)?([\w.]+)[^}]*\}\}/g, (_, key: string) => {
      // Decap's own: the file's name without its extension (an entry's id).
      if (key === "filename") return entry.slug;
      const value = key.split(".").reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), data);
      return value === undefined || value === null ? "" : String(value);
    })
    .replace(/\(\s*\)/g, "")
    .trim();
  return filled || entry.slug;
}
