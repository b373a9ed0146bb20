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

/** The schema of a page file (YAML), built once per context. */
export const page = perContext((c: ContentContext) =>
  z.strictObject({
    ...pageFields(c),
    sections: z.array(section(c)).min(1).describe("The blocks of the page, top to bottom."),
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
