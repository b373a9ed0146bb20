/**
 * An entry of a kind with pages (a row with an `address`, schemas/kinds.ts) as its schema reads it:
 * its front matter, and its text, the Markdown after it, as the `body` field. Browser-safe: the
 * pipeline's validate and /admin/'s check before saving read entries so.
 */
import type { SourceFile } from "./load.ts";

/**
 * The value to parse, and how many blank lines above the text were left out (`skipped`), so that the
 * text's problems' lines are counted in the file.
 */
export function withBody(file: Pick<SourceFile, "data" | "body">): { input: unknown; skipped: number } {
  const data = file.data;
  const text = file.body?.text ?? "";
  const leading = /^(?:[ \t]*\r?\n)*/.exec(text)![0];
  const skipped = leading.split("\n").length - 1;
  if (data === null || typeof data !== "object" || Array.isArray(data) || !text.trim()) return { input: data, skipped };
  return { input: { ...data, body: text.slice(leading.length) }, skipped };
}
