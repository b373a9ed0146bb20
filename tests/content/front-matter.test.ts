/** A Markdown page's front matter and body (front-matter.ts `splitFrontMatter`), with the offsets messages use. */
import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "../../scripts/content/stages/front-matter.ts";

describe("splitting a Markdown page", () => {
  it("finds the front matter between the two --- lines and the body after them, with their offsets", () => {
    const text = "---\nroute: /terms\ntitle: Terms\n---\n\n## Scope\n";
    const split = splitFrontMatter(text)!;
    expect(split.yamlText).toBe("\nroute: /terms\ntitle: Terms");
    expect(text.slice(split.yamlOffset, split.yamlOffset + split.yamlText.length)).toBe(split.yamlText);
    expect(split.body).toEqual({ text: "\n## Scope\n", offset: text.indexOf("\n## Scope") });
  });

  it("reads files saved with Windows line ends", () => {
    const text = "---\r\ntitle: Terms\r\n---\r\nText\r\n";
    const split = splitFrontMatter(text)!;
    expect(split.yamlText).toBe("\r\ntitle: Terms");
    expect(split.body.text).toBe("Text\r\n");
    expect(text.slice(split.body.offset)).toBe(split.body.text);
  });

  it("reads a file that starts with a byte-order mark (Notepad writes one), its offsets still in the file", () => {
    const text = "\uFEFF---\nroute: /terms\n---\nText\n";
    const split = splitFrontMatter(text)!;
    expect(split.yamlText).toBe("\nroute: /terms");
    expect(text.slice(split.yamlOffset, split.yamlOffset + split.yamlText.length)).toBe(split.yamlText);
    expect(split.body).toEqual({ text: "Text\n", offset: text.indexOf("Text") });
  });

  it("takes everything as front matter when the closing line is missing, and nothing without an opening one", () => {
    expect(splitFrontMatter("---\ntitle: Terms\n")).toEqual({ yamlText: "\ntitle: Terms\n", yamlOffset: 3, body: { text: "", offset: 17 } });
    expect(splitFrontMatter("title: Terms\n---\n")).toBeUndefined();
    expect(splitFrontMatter("----\ntitle: Terms\n---\n")).toBeUndefined();
  });
});
