/**
 * What a delivered lead says: the JSON a webhook receives and the e-mail's subject and text. Only
 * composition, no sending (outbox.ts sends), so the words and fields can change without touching
 * delivery, and tests can read them without a mail server.
 */
import { attributionFields, type Form } from "../../schemas/index.ts";
import type { Attribution, LeadRow } from "../../schemas/index.ts";

/** The JSON a webhook receives. */
export function webhookPayload(lead: LeadRow, formTitle?: string) {
  return {
    id: lead.id,
    createdAt: new Date(lead.created_at).toISOString(),
    form: lead.form,
    formTitle,
    page: lead.page,
    choice: lead.choice,
    fields: lead.fields,
    consent: lead.consent,
    /** landing_page, referrer, utm_*, gclid, gbraid, wbraid: those the visit had; null without any. */
    attribution: lead.attribution ?? null,
    /** The consent state it was sent under: ad_user_data ("granted", "denied", "unknown") and gpc; null for an older lead. */
    adConsent: lead.ad_consent ?? null,
  };
}

/** The e-mail about a lead: its subject, plain text and reply address (the visitor's, when given). */
export function leadEmail(lead: LeadRow, form: Form | undefined) {
  const title = `${form?.title ?? lead.form}${lead.choice ? ` (${lead.choice})` : ""}`;
  const lines = [
    `A new lead from the ${form?.title ?? lead.form} form${lead.choice ? ` (${lead.choice})` : ""}.`,
    "",
    ...(form?.fields ?? []).map((field) => `${field.label}: ${lead.fields[field.name] ?? ""}`),
    "",
    `Page: ${lead.page}`,
    `Sent: ${new Date(lead.created_at).toISOString()}`,
    ...(lead.consent ? [`Consent shown: ${lead.consent}`] : []),
    `Lead id: ${lead.id}`,
    ...origin(lead.attribution),
    ...(lead.ad_consent
      ? [
          "",
          `Consent for ads (ad_user_data): ${lead.ad_consent.ad_user_data}`,
          `Global Privacy Control: ${lead.ad_consent.gpc ? "sent (opted out of sale and sharing)" : "not sent"}`,
        ]
      : []),
  ];
  return { subject: `New lead: ${title}`, text: lines.join("\n"), replyTo: lead.fields.email || undefined };
}

const originLabels: Partial<Record<string, string>> = { landing_page: "Landing page", referrer: "Referrer" };

/** The e-mail's lines on where the lead came from, in a fixed order; none when nothing is known. */
function origin(attribution: Attribution | null | undefined): string[] {
  const known = attributionFields.filter((name) => attribution?.[name]);
  if (!known.length) return [];
  return [
    "",
    "Where the visit came from:",
    ...known.map((name) => `${originLabels[name] ?? name}: ${attribution![name]}`),
  ];
}
