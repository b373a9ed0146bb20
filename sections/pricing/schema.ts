import { z } from "zod";
import { ref, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const pricingSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("pricing"),
      ...sectionBase(c),
      plans: z.array(ref(c, "plans")).min(1).describe("The plans to show, in order: add one and pick it by name."),
      form: ref(c, "forms").describe("The form a plan's button opens."),
      buttonLabel: text.describe('The words on each plan\'s button, e.g. "Choose Plan".'),
      popularLabel: text.describe('The badge on the plan marked popular, e.g. "Most Popular".'),
      periodLabel: text.describe('Shown after the price, e.g. "/month".'),
      includesLabel: text
        .includes("{plan}", { error: 'include "{plan}" where the other plan\'s name goes' })
        .describe('Shown above the features of a plan that includes another, e.g. "Everything in {plan}, plus:".'),
    })
    .describe("Plan cards with prices; each button opens the subscribe form in a popup.")
    .meta({ title: "Prices" });
