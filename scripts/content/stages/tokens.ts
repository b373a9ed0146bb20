/** The {{placeholders}} Markdown may use, read from the site settings (browser-safe: the CMS preview uses it). */
import { asRecord, asString } from "./unchecked.ts";

/**
 * {{tokens}} that Markdown may use, from the site settings (and content/leads.yaml's retention
 * period): the one place these are written. Every
 * name is listed; one without a value (site.yaml unreadable, or the field missing) is undefined.
 */
export function tokensFrom(
  siteData: unknown,
  leadsData?: unknown,
  /** The forms' data by id: each form's consent wording is {{consent.<id>}}, for the privacy page. */
  formsData: Readonly<Record<string, unknown>> = {},
): Record<string, string | undefined> {
  const site = asRecord(siteData);
  const retention = asRecord(leadsData).retentionDays;
  const company = asRecord(site.company);
  const contact = asRecord(site.contact);
  const phone = asRecord(contact.phone);
  const address = asRecord(contact.address);
  const tokens: Record<string, string | undefined> = {
    company: asString(company.name),
    phone: asString(phone.display),
    "phone.e164": asString(phone.e164),
    email: asString(contact.email),
    hours: asString(contact.hours),
    address:
      [address.street, address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
        .filter((part) => typeof part === "string" && part)
        .join(", ") || undefined,
    // How long the forms' leads are kept (content/leads.yaml; 365 days when the file sets none).
    leadRetentionDays: typeof retention === "number" ? String(retention) : "365",
  };
  for (const [id, data] of Object.entries(formsData)) tokens[`consent.${id}`] = asString(asRecord(data).consent);
  return tokens;
}
