import { z } from "zod";
import { card } from "../../schemas/primitives.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const featuresSection = z
  .strictObject({
    type: z.literal("features"),
    ...sectionBase,
    items: z.array(card).min(1).describe("The cards, in order."),
  })
  .describe('A row of cards, each a reason, a feature or a promise (e.g. "Why Choose Us").')
  .meta({ title: "Reasons or features" });
