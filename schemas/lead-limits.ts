/**
 * What the lead forms and the lead endpoint share, without Zod (the browser imports this module):
 * where forms post, and the limits their inputs (maxlength, pattern) and the endpoint's schema
 * (server/leads/validate.ts) hold a visitor's values to.
 */

/** The site's own lead endpoint: forms post here; `npm start` serves it, static hosts proxy it. */
export const leadsEndpoint = "/api/leads";

/** The longest value each field type accepts (an e-mail address is at most 254 characters, RFC 5321). */
export const fieldMaxLength = { text: 200, email: 254, tel: 40 } as const;

/** A phone number as people write it: digits with spaces, dots, dashes, brackets, a leading "+". */
export const phonePattern = "[+]?[0-9 \\(\\)\\.\\-]{7,40}";
