/**
 * Scheduling (Hugo's `publishDate` / `expiryDate`): a page, a section or a collection entry may have
 * a window, shown from `publishDate` on and not from `expiryDate` on, honoured when the site is built.
 * The dates are ISO 8601 date-times; one written without a zone is a time in the site's zone
 * (site.yaml `timeZone`, an IANA name such as "America/New_York"). The dates are read by
 * `when.ts` (Intl only, no Zod: the preview's marks in the browser read them too), so the pipeline,
 * /admin/'s check, the `schedule` command and the preview read dates with the same code.
 */
import { z } from "zod";
import type { ContentContext } from "./context.ts";
import { dateExample, isTimeZone, parseWhen } from "./when.ts";

export * from "./when.ts";

function when(c: ContentContext, title: string, meaning: string) {
  return z
    .string()
    .superRefine((value, ctx) => {
      // Without the facts (the guide, the JSON Schemas, the CMS) a date without a zone is still a date;
      // so it is when site.yaml's zone is not one (that is reported there, once).
      const zone = !c.known || (c.timeZone !== undefined && !isTimeZone(c.timeZone)) ? "UTC" : c.timeZone;
      const parsed = parseWhen(value, zone);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", input: value, message: parsed });
    })
    .optional()
    .meta({ title, datetime: true })
    .describe(meaning);
}

/** The fields of a window, for a schema built in `c` (pages, sections and every collection's entries have them). */
export const scheduleFields = (c: ContentContext) => ({
  publishDate: when(
    c,
    "Show from",
    `Show from: not shown before this date and time, e.g. ${dateExample}. Leave it out to show it as soon as it is published.`,
  ),
  expiryDate: when(
    c,
    "Show until",
    `Show until: not shown from this date and time on, e.g. ${dateExample}. Leave it out to keep it shown.`,
  ),
});
