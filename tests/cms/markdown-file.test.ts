/**
 * /admin/'s Markdown files (admin/editor/markdown-file.ts): read as Decap's frontmatter format reads
 * them, the text kept; written back unchanged when nothing changed, a one-field edit a one-line diff
 * (comments and order kept), the text replaced as edited, a new file written whole.
 */
import { describe, expect, it } from "vitest";
import { fromMarkdownFile, toMarkdownFile } from "../../admin/editor/markdown-file.ts";

const file = [
  "---",
  "title: Printer says offline",
  "# shown in search results",
  "description: >-",
  "  What to try first.",
  "tags:",
  "  - printers",
  "---",
  "",
  "## Check the cable",
  "",
  "Then the light.",
  "",
].join("\n");

describe("a Markdown entry's file in /admin/", () => {
  it("reads its fields and its text, and writes it back unchanged", () => {
    const data = fromMarkdownFile(file);
    expect(data).toMatchObject({
      title: "Printer says offline",
      description: "What to try first.",
      tags: ["printers"],
      body: "\n## Check the cable\n\nThen the light.\n",
    });
    expect(toMarkdownFile(data)).toBe(file);
  });

  it("writes a field's edit as a one-line change, and the text as edited", () => {
    const data = fromMarkdownFile(file);
    const written = toMarkdownFile({ ...data, title: "Printer offline", body: "\nNew text.\n" });
    expect(written).toBe(
      file
        .replace("title: Printer says offline", "title: Printer offline")
        .replace(/\n## Check[\s\S]*$/, "\nNew text.\n"),
    );
  });

  it("writes a new file whole: its fields between two lines of ---, then its text", () => {
    expect(toMarkdownFile({ title: "New", body: "Text.\n" })).toBe("---\ntitle: New\n---\nText.\n");
  });
});
