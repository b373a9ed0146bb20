import { z } from "zod";
import { card, markdown, ref, text } from "../../schemas/primitives.ts";
import { image } from "../../schemas/image.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const aboutSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("about"),
      ...sectionBase(c),
      body: markdown(c).describe("The story, in Markdown."),
      image: image(c, "about").optional(),
      assistHeading: text.describe('Heading above the assist categories, e.g. "We can assist with".'),
      assist: z
        .array(card(c))
        .min(1)
        .meta({ title: "Help cards" })
        .describe("The kinds of help we give, one card each."),
      form: ref(c, "forms").describe("The form shown beside the text, e.g. callback."),
    })
    .describe("Who we are, the kinds of help we give, and the inline callback form.")
    .meta({ title: "About us" });
