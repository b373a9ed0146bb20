/**
 * `npm run leads -- --csv` and `--json`: the leads as a file a CRM imports as it is. CSV by RFC 4180
 * (comma, CRLF, quotes only where needed), UTF-8 without a byte-order mark, the header row first.
 * A cell a spreadsheet would run as a formula is neutralised with a leading apostrophe (OWASP's CSV
 * injection guidance), except a phone number, which cannot run anything and must reach the CRM as
 * written: see docs/decisions/0023-lead-exports-for-a-crm.md.
 */
import { attributionFields, phonePattern, type Form, type LeadListing } from "../../schemas/index.ts";
import { describeTarget } from "./targets.ts";

const phone = new RegExp(`^${phonePattern}$`);
/** The first characters that make a spreadsheet read a cell as a formula (OWASP, ASVS 5.0 1.2.10). */
const formulaStart = /^[=+\-@\t\r\0]/;

/**
 * A phone number as the lead forms accept it (digits, spaces, dots, dashes, brackets, one leading
 * "+"): no letters, so no function, cell reference or DDE call; a spreadsheet could at most do
 * arithmetic with it, and a CRM imports it as text.
 */
const isPhoneNumber = (text: string) => phone.test(text) && text.replace(/\D/g, "").length >= 7;

/** One CSV cell: neutralised if a spreadsheet would run it, quoted if it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (formulaStart.test(text) && !isPhoneNumber(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What `npm run leads` says of a lead's deliveries, in a cell or a line. */
export type DeliveryStatus = (lead: LeadListing) => string;

/** The delivery column of `npm run leads` and of the inbox's export. */
export const deliveryStatus: DeliveryStatus = (lead) =>
  lead.spam
    ? `spam (${lead.spam})`
    : lead.deliveries.length
      ? lead.deliveries
          .map(
            (d) =>
              `${describeTarget(d.target)}: ${d.status}${d.status === "delivered" ? "" : ` (#${d.id}, ${d.attempts} attempts${d.last_error ? `, ${d.last_error}` : ""})`}`,
          )
          .join("; ")
      : "stored (no delivery targets)";

/** The CSV's columns: the fields of every form in the content, then `stored` (other fields stored leads have). */
export function csvFieldNames(forms: Record<string, Form>, stored: Iterable<string>): string[] {
  return [...new Set([...Object.values(forms).flatMap((form) => form.fields.map((f) => f.name)), ...stored])];
}

/** The consent state it was sent under, beside the attribution (empty for a lead stored before it was recorded). */
const adConsentColumns = ["ad_user_data", "gpc"];

/** The header row, CRLF-terminated. */
export const csvHeader = (fieldNames: string[]) =>
  [
    "id",
    "created_at",
    "form",
    "choice",
    ...fieldNames,
    "page",
    "consent",
    ...attributionFields,
    ...adConsentColumns,
    "delivery",
  ]
    .map(csvCell)
    .join(",") + "\r\n";

/** One lead's row, CRLF-terminated. */
export function csvRow(lead: LeadListing, fieldNames: string[], status: DeliveryStatus): string {
  const cells = [
    lead.id,
    lead.created_at,
    lead.form,
    lead.choice,
    ...fieldNames.map((name) => lead.fields[name]),
    lead.page,
    lead.consent,
    ...attributionFields.map((name) => lead.attribution?.[name]),
    lead.ad_consent?.ad_user_data,
    lead.ad_consent ? (lead.ad_consent.gpc ? "yes" : "no") : undefined,
    status(lead),
  ];
  return cells.map(csvCell).join(",") + "\r\n";
}

/**
 * The CSV: one row per lead, the fields of every form in the content and any other field a stored
 * lead has (a field since removed from a form still comes out), then where the lead came from.
 * (The inbox's export writes the same header and rows a page at a time: inbox/routes.ts.)
 */
export function leadsCsv(leads: LeadListing[], forms: Record<string, Form>, status: DeliveryStatus): string {
  const fieldNames = csvFieldNames(
    forms,
    leads.flatMap((lead) => Object.keys(lead.fields)),
  );
  return csvHeader(fieldNames) + leads.map((lead) => csvRow(lead, fieldNames, status)).join("");
}

/** The JSON: the leads as `npm run leads` lists them, one array. */
export const leadsJson = (leads: LeadListing[]) => JSON.stringify(leads, null, 2) + "\n";
