/**
 * An entry's file, from the table of kinds: what it is called (a new entry: a stand-in name), its
 * kind's schema (its shape and defaults only), and the text Decap will write for it (its file edited
 * in place, in-place.ts, or Markdown's front matter and text).
 */
import type { z } from "zod";
import { withoutContext } from "../../schemas/index.ts";
import type { Entry } from "../decap/decap.ts";
import { editInPlace, schemaDefaults, SOURCE, withoutHidden } from "./in-place.ts";
import { contentKinds } from "./kinds.ts";
import { markdownText } from "./markdown-file.ts";

/** The entry's file in the content folder ("faq/returns.yaml") and its kind's schema; undefined for no kind's. */
export function fileOf(entry: Entry): { rel: string; schema: z.ZodType } | undefined {
  const collection = entry.collection;
  const slug = entry.slug || "new-entry";
  for (const kind of contentKinds) {
    if (kind.role === "settings") {
      if (collection === "settings" && slug === kind.name)
        return { rel: kind.file, schema: kind.schema(withoutContext) };
    } else if (collection === kind.name) {
      // A kind with pages keeps its entries in Markdown (scripts/cms/config.ts), the rest in YAML.
      const extension = "address" in kind && typeof kind.address === "string" ? "md" : "yaml";
      return { rel: `${kind.folder}/${slug}.${extension}`, schema: kind.schema(withoutContext) };
    } else if (kind.markdown && collection === kind.markdown.collection) {
      return { rel: `${kind.folder}/${slug}.md`, schema: kind.markdown.schema(withoutContext) };
    }
  }
  return undefined;
}

/** The text Decap will write for the entry: its file (its front matter, for Markdown) edited in place. */
export function textOf(entry: Entry, rel: string, schema: z.ZodType): string {
  const all = entry.data ?? {};
  const data = withoutHidden(all);
  const source = typeof all[SOURCE] === "string" ? (all[SOURCE] as string) : undefined;
  if (rel.endsWith(".md")) {
    return markdownText(source, data, schemaDefaults(schema, { ...data, body: undefined }));
  }
  return editInPlace(source, data, schemaDefaults(schema, data));
}
