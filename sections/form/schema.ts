import { z } from "zod";
import { ref, text } from "../../schemas/primitives.ts";
import type { ContentContext } from "../../schemas/context.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const formSection = (c: ContentContext) =>
  z
    .strictObject({
      type: z.literal("form"),
      ...sectionBase(c),
      form: ref(c, "forms").describe("The form to show, e.g. callback."),
      contactHeading: text
        .optional()
        .describe(
          "When set, the phone, e-mail, address and hours from site settings are shown beside the form under this heading.",
        ),
    })
    .describe("A form on the page, optionally beside the company's contact details.")
    .meta({ title: "Form" });
