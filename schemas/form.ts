/** Forms (callback, subscribe): one YAML file each in content/forms/; the file name is its id. */
import { z } from "zod";
import { perContext, type ContentContext } from "./context.ts";
import { markdown, pageRoute, text } from "./primitives.ts";

export const fieldTypes = ["text", "email", "tel"] as const;

export const formField = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z][a-zA-Z]*$/, { error: 'write one word in lower case, e.g. "phone"' })
    .describe('The field\'s internal name, e.g. "email".'),
  label: text.describe("The label shown above the box."),
  type: z.enum(fieldTypes).default("text").describe("text, email (checked as an address) or tel (phone keypad)."),
  autocomplete: z
    .string()
    .regex(/^[a-z-]+(?: [a-z-]+)*$/, { error: 'write an autocomplete token, e.g. "name", "email" or "tel"' })
    .describe('Lets browsers fill the box in: "name", "email", "tel", ...'),
  required: z.boolean().default(true).describe("Whether the visitor must fill it in."),
  placeholder: text.optional().describe("Example text shown in the empty box."),
});

/** The schema of a form file, built once per context. */
export const form = perContext((c: ContentContext) =>
  z.strictObject({
    title: text.describe("The form's heading, shown above it and on its popup."),
    intro: markdown(c).optional().describe("A sentence under the heading (Markdown)."),
    fields: z.array(formField).min(1).describe("The boxes to fill in, in order."),
    submitLabel: text.describe('The words on the send button, e.g. "Request a callback".'),
    closeLabel: text.default("Close").describe("The words on a popup's close button."),
    success: pageRoute(c).describe("The page a visitor lands on after sending, e.g. /thankyou."),
    consent: text
      .optional()
      .describe(
        "The consent wording shown beside the button, e.g. that we may call or text about the request and that consent is not a condition of purchase. Each lead records the wording it was sent with. The privacy page can quote it with {{consent.<form id>}}, e.g. {{consent.callback}}.",
      ),
    failure: text
      .default("Your request could not be sent. Please try again, or call us at {phone}.")
      .describe(
        'Shown on the form, with what was typed kept, when it cannot be sent (the connection or the server failed). "{phone}" becomes the toll-free number, as a link.',
      ),
    note: markdown(c).optional().describe("Small print under the button, e.g. a privacy note (Markdown)."),
  }),
);

export type Form = z.output<ReturnType<typeof form>>;
export type FormField = z.output<typeof formField>;
