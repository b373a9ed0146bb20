import { z } from "zod";
import { ref, text } from "../../schemas/primitives.ts";
import { sectionBase } from "../../schemas/sections/base.ts";

export const formSection = z
  .strictObject({
    type: z.literal("form"),
    ...sectionBase,
    form: ref("forms").describe("The form to show, e.g. callback."),
    contactHeading: text
      .optional()
      .describe(
        "When set, the phone, e-mail, address and hours from site settings are shown beside the form under this heading.",
      ),
  })
  .describe("A form on the page, optionally beside the company's contact details.")
  .meta({ title: "Form" });
