import { z } from "zod";
import { link, ref } from "../../schemas/primitives.ts";
import { didYouMean, listOf } from "../../schemas/suggest.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const entriesSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("entries"),
      ...sectionBase(c),
      // A kind's name, an id (so /admin/'s preview marks it as no text a visitor reads).
      kind: z
        .string()
        .regex(/^[a-z][a-z0-9-]*$/, { error: 'write the name of a kind with pages, e.g. "guides"' })
        .superRefine((kind, ctx) => {
          const known = c.known ? c.listings : undefined;
          if (known && !known.includes(kind)) {
            ctx.addIssue({
              code: "custom",
              input: kind,
              message: `"${kind}" has no pages to list.${didYouMean(kind, known)} Write one of: ${listOf(known)}`,
            });
          }
        })
        .describe('What to list: "guides" (help guides) or "case-studies".'),
      tag: ref(c, "tags").optional().describe("Only those with this tag; leave it out to list the latest of all."),
      count: z.number().int().min(1).max(12).default(3).describe("How many to show, newest first (1 to 12)."),
      more: link(c).optional().describe('A link under the list, e.g. "All help guides" to /guides.'),
    })
    .describe("The latest guides or case studies (or those with a tag), newest first, each a link to its page.")
    .meta({ title: "Latest guides or case studies" });
