/**
 * A version of an entry's file as the editor holds its data: a YAML file's fields, read as /admin/
 * reads the file it opens (in-place.ts' `fromFile`: dates stay text), or a Markdown page's front
 * matter with its text as `body` (Decap's front-matter format). Undefined when the text cannot be read.
 */
import { parseDocument } from "yaml";
import { splitFrontMatter } from "../../../scripts/content/stages/front-matter.ts";
import { isRecord } from "../../../scripts/content/stages/unchecked.ts";

export type EntryData = Record<string, unknown>;

/** The data of the file `path` ("….yaml" or "….md") with the text `text`. */
export function versionData(path: string, text: string): EntryData | undefined {
  const markdown = path.endsWith(".md");
  const part = markdown ? splitFrontMatter(text) : { yamlText: text, body: undefined };
  if (!part) return undefined;
  const doc = parseDocument(part.yamlText);
  if (doc.errors.length > 0) return undefined;
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  const fields = isRecord(data) ? data : {};
  return markdown ? { ...fields, body: part.body?.text ?? "" } : fields;
}
