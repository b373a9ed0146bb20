import { z } from "zod";
import { link, markdown } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const proseSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("prose"),
      ...sectionBase(c),
      body: markdown(c).describe("The text, in Markdown."),
      actions: z.array(link(c)).max(2).default([]).describe("Up to two buttons under the text."),
    })
    .describe("Text in Markdown, with optional buttons under it. Markdown pages are shown as one of these.")
    .meta({ title: "Text" });
