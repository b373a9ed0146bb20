import { z } from "zod";
import { ref, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const testimonialsSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("testimonials"),
      ...sectionBase(c),
      testimonials: z.array(ref(c, "testimonials")).min(1).describe("The quotes to show: add one and pick it by name."),
      ratingLabel: text
        .includes("{rating}", { error: 'include "{rating}" where the number of stars goes' })
        .default("Rated {rating} out of 5")
        .describe('Read aloud for the stars, e.g. "Rated {rating} out of 5".'),
    })
    .describe("Quotes from customers.")
    .meta({ title: "Customer quotes" });
