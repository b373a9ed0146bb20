import { z } from "zod";
import { image } from "../../schemas/image.ts";
import { link, text } from "../../schemas/primitives.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const calloutSection = z
  .strictObject({
    type: z.literal("callout"),
    ...sectionBase,
    tags: z.array(text).default([]).describe("Short items shown as tags, e.g. industry names."),
    image: image("callout").optional(),
    action: link.optional(),
  })
  .describe("A wide banner with a picture, a list of tags (e.g. the industries we serve) and a button.")
  .meta({ title: "Banner with tags" });
