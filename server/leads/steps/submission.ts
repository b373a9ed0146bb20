/**
 * Validation: the posted values against the form they name (content/forms/<id>.yaml). Only the
 * form's own fields, the fields the page adds and where the lead came from are accepted; the page, choice and key must be
 * well formed; the visitor's fields must pass the form's Zod schema (validate.ts), whose messages
 * name each field by its label (a 422 the form shows field by field).
 */
import { attributionFields, consentFields, type Attribution, type Form } from "../../../schemas/index.ts";
import { attributionFrom } from "../attribution.ts";
import { controlFields, leadSchema } from "../validate.ts";
import { Refusal } from "./refusal.ts";

/** A submission that passed: what the store needs of it. */
export interface Submission {
  formId: string;
  form: Form;
  page: string;
  choice?: string;
  key?: string;
  /** The visitor's fields, as the schema gave them back (trimmed). */
  fields: Record<string, string>;
  /** Where the lead came from, when the page sent it (attribution.ts). */
  attribution?: Attribution;
}

/**
 * `values` checked against the form they name in `forms`; a phone number written without "+" is
 * read as a number of `phoneCountry` (the site's country, LeadsConfig.phoneCountry).
 */
export function checkSubmission(
  values: Record<string, string>,
  forms: Record<string, Form>,
  phoneCountry: string | undefined,
): Submission | Refusal {
  const formId = values.form ?? "";
  const form = Object.hasOwn(forms, formId) ? forms[formId] : undefined;
  if (!form) return new Refusal(400, "The form is not known here; nothing was stored.");
  const own = new Set<string>([
    ...controlFields,
    ...attributionFields,
    ...consentFields,
    ...form.fields.map((f) => f.name),
  ]);
  const unknown = Object.keys(values).find((name) => !own.has(name));
  if (unknown !== undefined)
    return new Refusal(400, `The field "${unknown.slice(0, 40)}" is not part of this form; nothing was stored.`);
  const page = values.page ?? "";
  const choice = values.choice ?? "";
  const key = values.key ?? "";
  if (!/^\/[\w\-./~]{0,200}$/.test(page) || choice.length > 200 || (key && !/^[\w-]{8,100}$/.test(key)))
    return new Refusal(400, "The form's page, choice or key is malformed; nothing was stored.");
  // A field missing altogether is checked as empty: the schema then names it by its label.
  const visitor = Object.fromEntries(form.fields.map((f) => [f.name, values[f.name] ?? ""]));
  const parsed = leadSchema(form, phoneCountry).safeParse(visitor);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
    return new Refusal(422, "Please correct the form and send it again.", fields);
  }
  return {
    formId,
    form,
    page,
    choice: choice || undefined,
    key: key || undefined,
    fields: parsed.data,
    attribution: attributionFrom(values),
  };
}
