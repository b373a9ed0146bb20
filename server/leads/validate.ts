/**
 * The Zod schema of a lead, built from the form it was sent with (content/forms/<id>.yaml): each of
 * the form's fields, required where the form says, e-mail and phone formats, the lengths the form's
 * inputs allow (fieldMaxLength), and nothing else. Messages name the field by its label. A phone
 * number must be one that can be called (schemas/phone-number.ts, the rule the content's own number
 * meets), read in the site's country when written without "+"; it is kept as the visitor typed it.
 */
import { z } from "zod";
import {
  fieldMaxLength,
  honeypotField,
  legacyHoneypotField,
  phonePattern,
  type Form,
  type FormField,
} from "../../schemas/index.ts";
import { exampleNumber, visitorNumberProblem } from "../../schemas/phone-number.ts";

const phone = new RegExp(`^${phonePattern}$`);

function fieldSchema(field: FormField, phoneCountry: string | undefined): z.ZodType<string> {
  const max = fieldMaxLength[field.type];
  let value: z.ZodType<string, string> = z
    .string({ error: `${field.label}: please fill this in` })
    .trim()
    .max(max, { error: `${field.label}: write at most ${max} characters` });
  if (field.type === "email") {
    value = value.pipe(z.email({ error: `${field.label}: write an e-mail address, e.g. name@example.com` }));
  } else if (field.type === "tel") {
    const example = phoneCountry ? exampleNumber(phoneCountry) : undefined;
    const eg = example ? `, e.g. ${example.national}` : "";
    value = value.pipe(
      z
        .string()
        // The characters the page's input allows (lead-limits.ts), then whether it can be called.
        .regex(phone, { error: `${field.label}: write a phone number with its area code${eg}`, abort: true })
        .superRefine((typed, context) => {
          const problem = visitorNumberProblem(typed, phoneCountry);
          if (problem) context.addIssue({ code: "custom", message: `${field.label}: ${problem}` });
        }),
    );
  }
  const required = z
    .string({ error: `${field.label}: please fill this in` })
    .trim()
    .min(1, { error: `${field.label}: please fill this in` })
    .pipe(value);
  if (field.required) return required;
  // Optional: empty, or valid. (A union of the two would report a wrong value as "Invalid input",
  // without the field's label or what to write.)
  return z
    .string({ error: `${field.label}: please fill this in` })
    .trim()
    .transform((text, context) => {
      if (text === "") return text;
      const checked = value.safeParse(text);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) context.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

const cache = new WeakMap<Form, Map<string | undefined, z.ZodType<Record<string, string>>>>();

/** The schema of the fields a visitor fills in on `form`; phone numbers without "+" read in `phoneCountry`. */
export function leadSchema(form: Form, phoneCountry: string | undefined): z.ZodType<Record<string, string>> {
  let byCountry = cache.get(form);
  if (!byCountry) cache.set(form, (byCountry = new Map()));
  let schema = byCountry.get(phoneCountry);
  if (!schema) {
    schema = z.strictObject(
      Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field, phoneCountry)])),
    ) as z.ZodType<Record<string, string>>;
    byCountry.set(phoneCountry, schema);
  }
  return schema;
}

/** The fields the page adds to every form besides the visitor's (the honeypot by either of its names). */
export const controlFields = ["form", "page", "choice", "key", "elapsed", honeypotField, legacyHoneypotField] as const;
