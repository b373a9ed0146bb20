import { z } from "zod";
import { image } from "../../schemas/image.ts";
import { link, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const heroSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("hero"),
      ...sectionBase(c),
      actions: z.array(link(c)).max(2).default([]).describe("Up to two buttons; the first stands out."),
      highlights: z.array(text).default([]).describe('Short selling points shown as ticks, e.g. "Open 24/7".'),
      image: image(c, "hero").optional(),
    })
    .describe("The big banner at the top of a page, with a call to action.")
    .meta({ title: "Top banner" });
