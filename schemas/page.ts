/** Pages: one file per route in content/pages/, YAML (a list of sections) or Markdown (legal text). */
import { z } from "zod";
import { perContext, type ContentContext } from "./context.ts";
import { draft, route, text } from "./primitives.ts";
import { scheduleFields } from "./schedule.ts";
import { section } from "./sections/index.ts";
import type { EntryPage, ListingPage } from "./entry-pages.ts";

const pageFields = (c: ContentContext) => ({
  route: route,
  title: text.describe("The page's title, shown in the browser tab and search results."),
  description: text.describe("One or two sentences shown in search results."),
  draft,
  landing: z
    .boolean()
    .default(false)
    .meta({ title: "Campaign landing page" })
    .describe(
      "A page for an advertising campaign: its header shows the logo and the phone number only, with no navigation, its footer the legal links and the disclaimer. Search engines do not list it when Index is left out of its file; in the editor, where Index starts on, turn Index off. Give it a form of its own whose success page is its thank-you page.",
    ),
  index: z
    .boolean()
    .optional()
    .meta({ editorDefault: true })
    .describe(
      "Whether search engines may list the page: on for most pages (when left out), off for a thank-you page or the page-not-found page. Left out on a campaign landing page, it is off.",
    ),
  ...scheduleFields(c),
});

/**
 * The first section's heading is the page's main heading (its h1), and a section's heading is
 * optional: the section at the top must have one. Drafts are left out of the live site, and a section
 * outside its dates (publishDate, expiryDate) is too, so every section that can be at the top there
 * must have one as well: the first that is not a draft, and each after it while the ones above it
 * have dates (whenever they are not shown, it is at the top), down to the first shown always. Run even
 * when another section has a problem (the sections as written then), so every problem shows in one run.
 */
function mainHeading(sections: readonly unknown[], ctx: z.RefinementCtx) {
  const fields = sections.map((s) => (s !== null && typeof s === "object" ? (s as Record<string, unknown>) : {}));
  const atTop = new Map<number, string>([[0, "The first section"]]);
  for (const [index, section] of fields.entries()) {
    if (section.draft === true) continue;
    if (!atTop.has(index))
      atTop.set(
        index,
        atTop.size === 1 && fields.slice(0, index).every((s) => s.draft === true)
          ? "The first section that is not a draft"
          : "This section, at the top of the page on the live site while the sections above it are not shown (outside their dates),",
      );
    if (!("publishDate" in section) && !("expiryDate" in section)) break;
  }
  for (const [index, where] of atTop) {
    if (fields[index]!.heading !== undefined) continue;
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

/** Whether search engines may list a page: as it says, else yes but for a campaign landing page. */
export const indexed = (page: Pick<Page, "index" | "landing">): boolean => page.index ?? !page.landing;

/**
 * A page as the app receives it: Markdown pages arrive as one prose section; the pages the pipeline
 * makes for a kind with pages (entry-pages.ts) carry their `entry` or `listing` instead of sections.
 */
export type PageData = Page & {
  /** When a Markdown page's text (or an entry) last changed (YYYY-MM-DD). */
  updated?: string;
  /** An entry's own page (schemas/entry-pages.ts). */
  entry?: EntryPage;
  /** A page of a listing of entries. */
  listing?: ListingPage;
};
