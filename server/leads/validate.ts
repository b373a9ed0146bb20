/**
 * The Zod schema of a lead, built from the form it was sent with (content/forms/<id>.yaml): each of
 * the form's fields, required where the form says, e-mail and phone formats, the lengths the form's
 * inputs allow (fieldMaxLength), and nothing else. Messages name the field by its label.
 */
import { z } from "zod";
import { fieldMaxLength, phonePattern, type Form, type FormField } from "../../schemas/index.ts";

const phone = new RegExp(`^${phonePattern}$`);

function fieldSchema(field: FormField): z.ZodType<string> {
  const max = fieldMaxLength[field.type];
  let value: z.ZodType<string, string> = z
    .string({ error: `${field.label}: please fill this in` })
    .trim()
    .max(max, { error: `${field.label}: write at most ${max} characters` });
  if (field.type === "email") {
    value = value.pipe(z.email({ error: `${field.label}: write an e-mail address, e.g. name@example.com` }));
  } else if (field.type === "tel") {
    value = value.pipe(
      z
        .string()
        .regex(phone, { error: `${field.label}: write a phone number with its area code, e.g. 555-010-0199` })
        .refine((v) => v.replace(/\D/g, "").length >= 7, {
          error: `${field.label}: write a phone number with its area code, e.g. 555-010-0199`,
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

const cache = new WeakMap<Form, z.ZodType<Record<string, string>>>();

/** The schema of the fields a visitor fills in on `form`. */
export function leadSchema(form: Form): z.ZodType<Record<string, string>> {
  let schema = cache.get(form);
  if (!schema) {
    schema = z.strictObject(
      Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field)])),
    ) as z.ZodType<Record<string, string>>;
    cache.set(form, schema);
  }
  return schema;
}

/** The fields the page adds to every form besides the visitor's. */
export const controlFields = ["form", "page", "choice", "key", "elapsed", "website"] as const;
/** The honeypot: present in every form, hidden from people, left empty by them. */
export const honeypotField = "website";
