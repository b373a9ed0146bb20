/**
 * What the lead forms and the lead endpoint share, without Zod (the browser imports this module):
 * where forms post, and the limits their inputs (maxlength, pattern) and the endpoint's schema
 * (server/leads/validate.ts) hold a visitor's values to.
 */

/** The site's own lead endpoint: forms post here; `npm start` serves it, static hosts proxy it. */
export const leadsEndpoint = "/api/leads";

/**
 * The trap for robots every form carries (server/leads/steps/spam.ts): hidden from people, left empty
 * by them. Its name, id and label match nothing a browser's autofill or a password manager fills
 * (decision 0033: "website" did). `legacyHoneypotField` is the name pages built before that used;
 * the endpoint still reads it from a page opened before a deploy.
 */
export const honeypotField = "leave_empty";
export const legacyHoneypotField = "website";

/** The longest value each field type accepts (an e-mail address is at most 254 characters, RFC 5321). */
export const fieldMaxLength = { text: 200, email: 254, tel: 40 } as const;

/** A phone number as people write it: digits with spaces, dots, dashes, brackets, a leading "+". */
export const phonePattern = "[+]?[0-9 \\(\\)\\.\\-]{7,40}";

/**
 * Where a lead came from (server/leads/attribution.ts): the campaign parameters of the visit's
 * landing address (UTM tags, Google Ads click ids) and, besides them, the visit's landing page (its
 * path) and referrer (origin and path). The page sends each as a field of this name with the form;
 * the endpoint accepts these names and no others, each at most `attributionMaxLength` characters.
 */
export const campaignParameters = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
] as const;
export const attributionFields = ["landing_page", "referrer", ...campaignParameters] as const;
export type AttributionField = (typeof attributionFields)[number];
/**
 * The consent state a lead is sent under (server/leads/ad-consent.ts; decision 0044): Consent Mode's
 * `ad_user_data` on the page ("granted" or "denied", ui/consent/state.ts) and `gpc` ("1" when the
 * browser sends Global Privacy Control). The page sends them with the form; without scripts it sends
 * neither, and the endpoint reads the browser's `Sec-GPC` header alone.
 */
export const consentFields = ["ad_user_data", "gpc"] as const;

/** A referrer is a URL (origin and path); the rest are short tags, ids and paths. */
export const attributionMaxLength = (name: AttributionField) => (name === "referrer" ? 500 : 200);
