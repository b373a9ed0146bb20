import { z } from "zod";
import { image } from "../../schemas/image.ts";
import { text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const gallerySection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("gallery"),
      ...sectionBase(c),
      images: z
        .array(
          z.strictObject({
            image: image(c, "gallery"),
            caption: text.optional().describe("A line shown under the picture."),
          }),
        )
        .min(1)
        .describe("The pictures, in order."),
    })
    .describe("A grid of pictures with optional captions.")
    .meta({ title: "Picture gallery" });
