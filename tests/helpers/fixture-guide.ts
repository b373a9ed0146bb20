/**
 * A help guide for tests of a kind with pages, when the content they run on has none (the launch
 * content predates guides): by the content's first team member, its picture a copy of one the content
 * has, published in the past. Nothing in it is the site's content.
 * In: a content folder. Out: the guide's id when one was written, else undefined (the content has guides).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const fixtureGuideId = "editing-tests";

export function addGuideIfNone(content: string): string | undefined {
  const guides = join(content, "collections", "guides");
  if (existsSync(guides) && readdirSync(guides).some((name) => name.endsWith(".md"))) return undefined;
  const [author] = readdirSync(join(content, "collections", "team")).map((name) => name.replace(/\.yaml$/, ""));
  const pictures = join(content, "images");
  const picture = readdirSync(pictures).find((name) => /\.(svg|png|jpe?g|webp)$/.test(name))!;
  mkdirSync(join(pictures, "entries"), { recursive: true });
  copyFileSync(join(pictures, picture), join(pictures, "entries", picture));
  mkdirSync(guides, { recursive: true });
  writeFileSync(
    join(guides, `${fixtureGuideId}.md`),
    [
      "---",
      "title: A guide for the editing tests",
      "description: A help guide of the editing tests, so that a kind with pages has an entry to open.",
      "published: 2026-11-01",
      `author: ${author}`,
      "hero:",
      `  src: images/entries/${picture}`,
      "  alt: The picture of the editing tests' guide",
      "---",
      "",
      "Turn it off and on again, then try once more.",
      "",
    ].join("\n"),
  );
  return fixtureGuideId;
}
