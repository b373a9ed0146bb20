import { z } from "zod";
import { image } from "../../schemas/image.ts";
import { link, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const calloutSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("callout"),
      ...sectionBase(c),
      tags: z.array(text).default([]).describe("Short items shown as tags, e.g. industry names."),
      image: image(c, "callout").optional(),
      action: link(c).optional(),
    })
    .describe("A wide banner with a picture, a list of tags (e.g. the industries we serve) and a button.")
    .meta({ title: "Banner with tags" });
