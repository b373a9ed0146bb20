/** Pages: one file per route in content/pages/, YAML (a list of sections) or Markdown (legal text). */
import { z } from "zod";
import { perContext, type ContentContext } from "./context.ts";
import { draft, route, text } from "./primitives.ts";
import { scheduleFields } from "./schedule.ts";
import { section } from "./sections/index.ts";

const pageFields = (c: ContentContext) => ({
  route: route,
  title: text.describe("The page's title, shown in the browser tab and search results."),
  description: text.describe("One or two sentences shown in search results."),
  draft,
  index: z
    .boolean()
    .default(true)
    .describe(
      "Whether search engines may list the page: on for most pages, off for a thank-you page or the page-not-found page.",
    ),
  ...scheduleFields(c),
});

/**
 * The first section's heading is the page's main heading (its h1), and a section's heading is
 * optional: the section at the top must have one. Drafts are left out of the live site, so the first
 * section that is not a draft is at the top there, and must have one too. Run even when another
 * section has a problem (the sections as written then), so every problem shows in one run.
 */
function mainHeading(sections: readonly unknown[], ctx: z.RefinementCtx) {
  const fields = sections.map((s) => (s !== null && typeof s === "object" ? (s as Record<string, unknown>) : {}));
  const live = fields.findIndex((s) => s.draft !== true);
  for (const index of new Set([0, live])) {
    if (index < 0 || index >= fields.length || fields[index]!.heading !== undefined) continue;
    const where = index === 0 ? "The first section" : "The first section that is not a draft";
    const top = index === 0 ? "the top of the page" : "the top of the page on the live site";
    ctx.addIssue({
      code: "custom",
      path: [index, "heading"],
      input: undefined,
      message:
        `${where} gives the page its main heading, the first words visitors and search engines read, and this section has none. ` +
        `Write a heading for it (e.g. what the page offers), or move a section that has a heading to ${top}`,
    });
  }
}

/** The schema of a page file (YAML), built once per context. */
export const page = perContext((c: ContentContext) =>
  z.strictObject({
    ...pageFields(c),
    sections: z
      .array(section(c))
      .min(1)
      .superRefine(mainHeading, { when: (payload) => Array.isArray(payload.value) })
      .describe("The blocks of the page, top to bottom."),
  }),
);

/** The front matter of a Markdown page (built once per context); the body below it is the page's text. */
export const markdownPage = perContext((c: ContentContext) =>
  z.strictObject({
    ...pageFields(c),
    heading: text.optional().describe("The page's main heading; the title when left out."),
    updated: z.iso
      .date({ error: 'write the date as YYYY-MM-DD, e.g. "2026-01-31"' })
      .describe("When the text last changed (YYYY-MM-DD)."),
  }),
);

export type Page = z.output<ReturnType<typeof page>>;

/** A page as the app receives it: Markdown pages arrive as one prose section. */
export type PageData = Page & {
  /** When a Markdown page's text last changed (YYYY-MM-DD). */
  updated?: string;
};
