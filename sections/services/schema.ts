import { z } from "zod";
import { ref, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const servicesSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("services"),
      ...sectionBase(c),
      services: z
        .array(ref(c, "services"))
        .min(1)
        .describe("The services to show, in order: add one and pick it by name."),
      buttonLabel: text.describe('The words on each card\'s button, e.g. "Submit The Form For Assistance".'),
      form: ref(c, "forms").describe("The form the button opens."),
    })
    .describe("Service cards; each button opens a form in a popup.")
    .meta({ title: "Services" });
