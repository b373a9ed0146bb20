/** Where things are in a file (problems/position.ts): a path, a place in the Markdown of a scalar or of a page's body. */
import { describe, expect, it } from "vitest";
import { parseSource, type SourceFile } from "../../scripts/content/stages/load.ts";
import {
  lineStartsOf,
  locate,
  locateInBody,
  locateInScalar,
  nodesWithPaths,
  positionOf,
  type Position,
} from "../../scripts/content/problems/position.ts";

/** A page of the fixture's text: a YAML page, or a Markdown one (front matter, then the text). */
function fileOf(text: string, format: "yaml" | "markdown" = "yaml"): SourceFile {
  const identity = { path: "fixture", rel: "fixture", kind: "pages", role: "page", markdown: format === "markdown", name: "fixture" } as const;
  const { file, problems } = parseSource(identity, text);
  expect(problems).toEqual([]);
  return file!;
}

/** The file's text from a line and column on. */
const textAt = (file: SourceFile, { line, column }: Position) => file.text.slice(file.lineStarts[line - 1]! + column - 1);

/** Where `word` is in `markdown`, as Markdown counts lines and columns. */
function inMarkdown(markdown: string, word: string): Position {
  const offset = markdown.indexOf(word);
  expect(offset).toBeGreaterThanOrEqual(0);
  const before = markdown.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

/** Where `word` of the Markdown in the scalar at `path` is in the file, and the file's text from there. */
function wordInScalar(file: SourceFile, path: PropertyKey[], word: string): string {
  const value = String((file.data as Record<string, unknown>)[path[0] as string]).trim();
  const { line, column } = inMarkdown(value, word);
  return textAt(file, locateInScalar(file, path, line, column));
}

describe("the position service", () => {
  it("turns offsets into 1-based lines and columns", () => {
    const lines = { lineStarts: lineStartsOf("ab\ncd\n\nef") };
    expect(lines.lineStarts).toEqual([0, 3, 6, 7]);
    expect(positionOf(lines, 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf(lines, 4)).toEqual({ line: 2, column: 2 });
    expect(positionOf(lines, 6)).toEqual({ line: 3, column: 1 });
    expect(positionOf(lines, 8)).toEqual({ line: 4, column: 2 });
  });

  it("finds a path's value, its key, and the closest parent of a path that is not there", () => {
    const file = fileOf("title: Home\nsections:\n  - type: hero\n    heading: Welcome\n");
    expect(textAt(file, locate(file, ["sections", 0, "heading"]))).toMatch(/^Welcome/);
    expect(textAt(file, locate(file, ["sections", 0, "heading"], true))).toMatch(/^heading: Welcome/);
    const missing = locate(file, ["sections", 0, "intro"]);
    expect(missing.exact).toBe(false);
    expect(textAt(file, missing)).toMatch(/^type: hero/);
  });

  it("counts positions in a Markdown page's front matter from the start of the file", () => {
    const file = fileOf("---\nroute: /terms\ntitle: Terms\n---\nBody\n", "markdown");
    expect(locate(file, ["title"])).toMatchObject({ line: 3, column: 8, exact: true });
  });

  it("lists every value with its path", () => {
    const file = fileOf("a: 1\nb:\n  - c: x\n");
    expect([...nodesWithPaths(file.doc)].map(({ path }) => path.join("."))).toEqual(["", "a", "b", "b.0", "b.0.c"]);
  });

  it("finds a place in the Markdown of a plain scalar over several lines", () => {
    const file = fileOf("body: First words\n  and **bold** on the second line\n");
    expect(wordInScalar(file, ["body"], "**bold**")).toMatch(/^\*\*bold\*\* on the second line/);
  });

  it("finds a place in the Markdown of a double-quoted scalar, after escapes", () => {
    const file = fileOf('body: "Caf\\u00e9 \\"quoted\\"\\n\\nThen **bold**"\n');
    expect(wordInScalar(file, ["body"], "**bold**")).toMatch(/^\*\*bold\*\*"/);
  });

  it("finds a place in the Markdown of a single-quoted scalar, after a doubled quote", () => {
    const file = fileOf("body: 'It''s **here**'\n");
    expect(wordInScalar(file, ["body"], "**here**")).toMatch(/^\*\*here\*\*'/);
  });

  it("finds a place in the Markdown of folded and literal blocks", () => {
    const folded = fileOf("body: >\n  One line\n  folded into\n  one **mark**\n");
    expect(wordInScalar(folded, ["body"], "**mark**")).toMatch(/^\*\*mark\*\*\n/);
    const literal = fileOf("title: x\nbody: |\n  First\n\n  Second **mark** here\n");
    expect(wordInScalar(literal, ["body"], "**mark**")).toMatch(/^\*\*mark\*\* here/);
  });

  it("falls back to the scalar itself for a place past its end", () => {
    const file = fileOf("body: short\n");
    expect(locateInScalar(file, ["body"], 5, 1)).toMatchObject({ line: 1, column: 7 });
  });

  it("finds a place in a Markdown page's body, and where the body starts", () => {
    const file = fileOf("---\nroute: /terms\ntitle: Terms\n---\n## Scope\n\nThe **terms**.\n", "markdown");
    expect(locateInBody(file)).toEqual({ line: 5, column: 1 });
    const at = locateInBody(file, inMarkdown(file.body!.text, "**terms**"));
    expect(textAt(file, at)).toMatch(/^\*\*terms\*\*\./);
  });
});
