/**
 * Front matter: where a Markdown page's fields end and its text begins. No Node modules, so that
 * /admin/'s check in the browser (admin/editor/check.ts) splits a page exactly as the content check does.
 */

/**
 * A Markdown page's front matter and body, split as gray-matter splits them: the file starts with a
 * line "---" (the rest of that line is ignored), the front matter runs to the next line starting with
 * "---", and the body starts on the line after it (everything is front matter without one).
 * Undefined when the file does not start with "---" (or starts with "----"), after a byte-order mark.
 */
export function splitFrontMatter(text: string): { yamlText: string; yamlOffset: number; body: { text: string; offset: number } } | undefined {
  // A byte-order mark (Notepad and some web editors write one) is not part of the text.
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith("---", start) || text[start + 3] === "-") return undefined;
  const lineEnd = text.slice(start + 3).search(/\r?\n/);
  const yamlOffset = lineEnd === -1 ? text.length : start + 3 + lineEnd;
  let close = text.indexOf("\n---", yamlOffset);
  if (close === -1) return { yamlText: text.slice(yamlOffset), yamlOffset, body: { text: "", offset: text.length } };
  // A Windows line end's "\r" before the closing "---" ends the last field's line; it is not its value.
  const yamlText = text.slice(yamlOffset, text[close - 1] === "\r" ? close - 1 : close);
  close += "\n---".length;
  if (text[close] === "\r") close++;
  if (text[close] === "\n") close++;
  return { yamlText, yamlOffset, body: { text: text.slice(close), offset: close } };
}

/** A content file's YAML and where it starts: a Markdown page's front matter (and its body), any other file whole. */
export interface YamlPart {
  yamlText: string;
  yamlOffset: number;
  body?: { text: string; offset: number };
}

/** The YAML part of a content file (`markdown`: a page with front matter); undefined for a page without front matter. */
export function yamlPartOf(text: string, markdown: boolean): YamlPart | undefined {
  return markdown ? splitFrontMatter(text) : { yamlText: text, yamlOffset: 0 };
}
