/**
 * A Markdown entry's file (a guide, a case study, a legal page) as /admin/ reads and writes it, in
 * place of Decap's own "frontmatter" format: its front matter's fields and `body` (its text), with
 * the file's text kept as read (in-place.ts `SOURCE`), so a save edits its front matter in place (a
 * one-field edit is a one-line diff) and is merged with the file as it is now (no-edit-lost.ts), as a
 * YAML entry's is. Split as the content check splits it (front-matter.ts).
 */
import { parseDocument, stringify } from "yaml";
import { splitFrontMatter } from "../../scripts/content/stages/front-matter.ts";
import { isRecord } from "../../scripts/content/stages/unchecked.ts";
import { editInPlace, SOURCE, TEXT, withoutHidden, type DefaultAt } from "./in-place.ts";

/** Reads a Markdown file: its fields, its text as `body`, and the file's text for the save. */
export function fromMarkdownFile(text: string): Record<string, unknown> {
  const split = splitFrontMatter(text);
  const doc = split ? parseDocument(split.yamlText) : undefined;
  if (doc && doc.errors.length > 0) throw new Error(`this file cannot be read: ${doc.errors[0]!.message}`);
  const front: unknown = doc?.toJS();
  return { ...(isRecord(front) ? front : {}), body: split ? split.body.text : text, [SOURCE]: text };
}

/** The file for `data`: the front matter of `source` (the file as read) edited in place, then the text. */
export function markdownText(source: string | undefined, data: Record<string, unknown>, defaults?: DefaultAt): string {
  const { body, ...front } = withoutHidden(data);
  const text = typeof body === "string" ? body : "";
  const split = source === undefined ? undefined : splitFrontMatter(source);
  if (source === undefined || !split) return `---\n${stringify(front)}---\n${text}`;
  // The front matter runs from the line after the opening "---" to the line before the closing one.
  const yaml = editInPlace(`${split.yamlText.replace(/^\r?\n/, "")}\n`, front, defaults);
  const opening = source.slice(0, split.yamlOffset);
  const closing = source.slice(split.yamlOffset + split.yamlText.length, split.body.offset).replace(/^\r?\n/, "");
  return `${opening}\n${yaml}${closing}${text}`;
}

/** Writes the file: the text made before saving (with the schema's defaults known), else edited here. */
export function toMarkdownFile(data: Record<string, unknown>): string {
  if (typeof data[TEXT] === "string") return data[TEXT];
  return markdownText(typeof data[SOURCE] === "string" ? data[SOURCE] : undefined, data);
}
