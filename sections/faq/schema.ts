import { z } from "zod";
import { ref } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const faqSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("faq"),
      ...sectionBase(c),
      questions: z
        .array(ref(c, "faq"))
        .min(1)
        .describe("The questions to show, in order: add one and pick it by name."),
    })
    .describe("Questions and answers; one answer is open at a time.")
    .meta({ title: "FAQ" });
