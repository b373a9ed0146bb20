/**
 * What every entry of a kind with pages has (help guides, case studies: the rows of schemas/kinds.ts
 * with an `address`), whatever else its own schema adds: a title and description, the dates it was
 * published and last changed, its author (a team entry), its tags (entries of the tags collection),
 * its main picture, whether it is listed, and its text (the Markdown after the front matter, the
 * `body` field). The pipeline turns each into a page of its own and lists it (stages/entry-pages.ts);
 * what that page's data carries is schemas/entry-pages.ts'.
 */
import { z } from "zod";
import type { ContentContext } from "./context.ts";
import { image } from "./image.ts";
import { draft, markdown, ref, text } from "./primitives.ts";

const isoDate = (meaning: string) =>
  z.iso.date({ error: 'write the date as YYYY-MM-DD, e.g. "2026-01-31"' }).describe(meaning);

/** The `.meta()` of a Markdown field of an entry drawn as a part of its page, under this heading (a case study's "The problem"). */
export interface PartMeta {
  part: string;
}

/** The fields every entry of a kind with pages has, for a schema built in `c` (the kind's own fields are added to them). */
export const entryFields = (c: ContentContext) => ({
  title: text.describe("The title, shown as the page's main heading, in listings and in search results."),
  description: text.describe(
    "One or two sentences under the title: shown in listings and in search results. Say what the reader will be able to do.",
  ),
  published: isoDate("When it was first published (YYYY-MM-DD), shown on its page. Listings show the newest first."),
  updated: isoDate(
    "When it last changed in a way readers should know (YYYY-MM-DD); leave it out until then.",
  ).optional(),
  author: ref(c, "team").describe("Who wrote it: a member of the team, by their short name (id)."),
  tags: z
    .array(ref(c, "tags"))
    .max(6)
    .default([])
    .describe(
      "Up to six tags, by their short names (ids): each has a page listing what carries it; related entries share one.",
    ),
  hero: image(c, "article"),
  shareImage: image(c, "social")
    .optional()
    .describe(
      "The picture social networks show when the page is shared (1200 × 630 px is best). Leave it out: one is made from the title, with the logo.",
    ),
  quote: z
    .strictObject({
      text: markdown(c).describe("What the customer said (Markdown)."),
      name: text.describe("Who said it."),
      detail: text.optional().describe('Who they are, e.g. "Owner, Riverside Dental".'),
    })
    .optional()
    .describe("A customer's words, shown before the end of the page."),
  unlisted: z
    .boolean()
    .default(false)
    .meta({ title: "Unlisted (only by its address)" })
    .describe(
      "On: the page is built, but search engines are asked not to list it, and it is left out of listings, feeds and the sitemap: share its address yourself.",
    ),
  draft,
});

/**
 * The text after the front matter, in Markdown: headings (## and ###) get anchors and make the table
 * of contents of a long entry; pictures are `![what it shows](images/entries/x.svg)`, made in the
 * sizes an entry's column needs.
 */
export function entryBody(c: ContentContext) {
  return markdown(c, { pictures: "article" }).describe(
    "The text, in Markdown, below the front matter. Start headings at ## (the title is the main heading); pictures: `![what it shows](images/entries/picture.svg)`.",
  );
}

/** The check every entry gets besides its fields': it is not updated before it was published. */
export function updatedAfterPublished(entry: { published: string; updated?: string }, ctx: z.RefinementCtx): void {
  if (entry.updated !== undefined && entry.updated < entry.published) {
    ctx.addIssue({
      code: "custom",
      path: ["updated"],
      input: entry.updated,
      message: `"updated" (${entry.updated}) is before "published" (${entry.published}): an entry is updated after it is first published. Correct one of the two`,
    });
  }
}
