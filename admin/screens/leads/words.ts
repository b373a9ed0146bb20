/**
 * What the Leads screen says about a lead, from the site's content (the forms' fields and their
 * labels) and in plain words: its summary line, its fields by their labels, where it came from, why
 * it was held. No particular form or field is named here: the forms come from content.
 */
import type { AdConsent, Form, InboxLead } from "../../../schemas/index.ts";

export type Forms = Record<string, Form>;

/** A time as the person's own clock and language write it. */
export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "";

export const formTitle = (forms: Forms, id: string) => forms[id]?.title ?? id;

/** The values the visitor typed, in the form's order, with the form's labels (a field the form no longer has: its name). */
export function fieldsOf(
  forms: Forms,
  lead: InboxLead,
): { name: string; label: string; value: string; type?: string }[] {
  const known = forms[lead.form]?.fields ?? [];
  const shown: { name: string; label: string; value: string; type?: string }[] = known
    .filter((f) => lead.fields[f.name] !== undefined && lead.fields[f.name] !== "")
    .map((f) => ({ name: f.name, label: f.label, value: lead.fields[f.name]!, type: f.type as string }));
  const names = new Set(known.map((f) => f.name));
  for (const [name, value] of Object.entries(lead.fields))
    if (!names.has(name) && value !== "") shown.push({ name, label: name, value });
  return shown;
}

/** One line for the list: the first values the visitor typed. */
export const summaryOf = (forms: Forms, lead: InboxLead) =>
  fieldsOf(forms, lead)
    .slice(0, 3)
    .map((f) => f.value)
    .join(" · ") || "(nothing typed)";

/** The e-mail address and phone number of a lead (its fields of those types; by name for a form since changed). */
export function personOf(forms: Forms, lead: InboxLead): { email?: string; phone?: string } {
  const fields = fieldsOf(forms, lead);
  const email = fields.find((f) => f.type === "email" || (!f.type && /e-?mail/i.test(f.name)))?.value;
  const phone = fields.find((f) => f.type === "tel" || (!f.type && /phone|tel/i.test(f.name)))?.value;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

/** A person as the erase dialog names them: "the e-mail address … or the phone number …" ("" for neither). */
export const personInWords = (person: { email?: string; phone?: string }) =>
  [person.email ? `the e-mail address ${person.email}` : "", person.phone ? `the phone number ${person.phone}` : ""]
    .filter(Boolean)
    .join(" or ");

const spamWords: Record<string, string> = {
  "honeypot filled": "a hidden box that people never see was filled in, as robots do",
  "honeypot missing": "the form arrived without its hidden box, as robots' posts do",
  "sent too fast": "it was sent faster than a person can fill in the form",
};
export const whyHeld = (spam: string) => spamWords[spam] ?? spam;

const attributionLabels: Record<string, string> = {
  landing_page: "First page of the visit",
  referrer: "Came from",
  utm_source: "Campaign source",
  utm_medium: "Campaign medium",
  utm_campaign: "Campaign",
  utm_term: "Campaign term",
  utm_content: "Campaign content",
  gclid: "Google Ads click",
  gbraid: "Google Ads click (app)",
  wbraid: "Google Ads click (web to app)",
};
export const attributionLabel = (name: string) => attributionLabels[name] ?? name;

/** The consent state a lead was sent under, in words (null: stored before it was recorded). */
export function adConsentWords(consent: AdConsent | null): { label: string; value: string }[] {
  if (!consent) return [{ label: "Consent for ads", value: "Not recorded (sent before it was)" }];
  const adUserData = {
    granted: "Granted: the visitor allowed advertising",
    denied: "Denied: do not upload this lead for ads",
    unknown: "Not known (sent without JavaScript, no tag ran): treat as denied",
  }[consent.ad_user_data];
  return [
    { label: "Consent for ads (ad_user_data)", value: adUserData },
    {
      label: "Global Privacy Control",
      value: consent.gpc ? "Sent: opted out of sale and sharing" : "Not sent",
    },
  ];
}
