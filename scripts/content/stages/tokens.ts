/** The {{placeholders}} Markdown may use, read from the site settings (browser-safe: the CMS preview uses it). */

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

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
  const site = record(siteData);
  const retention = record(leadsData).retentionDays;
  const company = record(site.company);
  const contact = record(site.contact);
  const phone = record(contact.phone);
  const address = record(contact.address);
  const tokens: Record<string, string | undefined> = {
    company: str(company.name),
    phone: str(phone.display),
    "phone.e164": str(phone.e164),
    email: str(contact.email),
    hours: str(contact.hours),
    address:
      [address.street, address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
        .filter((part) => typeof part === "string" && part)
        .join(", ") || undefined,
    // How long the forms' leads are kept (content/leads.yaml; 365 days when the file sets none).
    leadRetentionDays: typeof retention === "number" ? String(retention) : "365",
  };
  for (const [id, data] of Object.entries(formsData)) tokens[`consent.${id}`] = str(record(data).consent);
  return tokens;
}
