import { z } from "zod";
import { card, markdown, ref, text } from "../../schemas/primitives.ts";
import { image } from "../../schemas/image.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const aboutSection = z
  .strictObject({
    type: z.literal("about"),
    ...sectionBase,
    body: markdown.describe("The story, in Markdown."),
    image: image("about").optional(),
    assistHeading: text.describe('Heading above the assist categories, e.g. "We can assist with".'),
    assist: z.array(card).min(1).describe("The kinds of help we give, one card each."),
    form: ref("forms").describe("The form shown beside the text, e.g. callback."),
  })
  .describe("Who we are, the kinds of help we give, and the inline callback form.")
  .meta({ title: "About us" });
