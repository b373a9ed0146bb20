import { z } from "zod";
import { card } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const featuresSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("features"),
      ...sectionBase(c),
      items: z.array(card(c)).min(1).describe("The cards, in order."),
    })
    .describe('A row of cards, each a reason, a feature or a promise (e.g. "Why Choose Us").')
    .meta({ title: "Reasons or features" });
