/** Fields every section has; the shared section wrapper renders them. */
import { z } from "zod";
import type { ContentContext } from "../context.ts";
import { draft, markdown, text } from "../primitives.ts";
import { scheduleFields } from "../schedule.ts";

export const backgrounds = ["plain", "tinted", "brand", "dark"] as const;

/** The fields every section has, for a section schema built in `c`. */
export const sectionBase = (c: ContentContext) => ({
  anchor: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, { error: 'write lower-case words joined by hyphens, e.g. "pricing"' })
    .optional()
    .describe('A name for links to this section, e.g. "pricing" makes "#pricing" scroll here.'),
  eyebrow: text.optional().describe("A few words shown small above the heading."),
  heading: text
    .optional()
    .describe(
      "The section's heading. The first section's heading is the page's main heading, so the first section needs one.",
    ),
  intro: markdown(c).optional().describe("A short paragraph under the heading (Markdown)."),
  draft,
  ...scheduleFields(c),
  background: z
    .enum(backgrounds)
    .default("plain")
    .describe(`The section's background: ${backgrounds.join(", ")}.`),
});
