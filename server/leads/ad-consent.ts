/**
 * The consent state a lead was sent under (decision 0044), kept beside its attribution: the page's
 * Consent Mode `ad_user_data` as it posts it (ui/consent/state.ts), and Global Privacy Control, from
 * the browser's `Sec-GPC: 1` header or the page's `gpc` field. GPC is an opt-out of sale and sharing,
 * so it denies ad_user_data whatever the page said; a lead sent without scripts (no tag ran, nothing
 * posted) is "unknown", which a CRM or an ads upload must treat as not granted.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { AdConsent } from "../../schemas/index.ts";

export function adConsentFrom(values: Record<string, string>, headers: IncomingHttpHeaders): AdConsent {
  const gpc = headers["sec-gpc"] === "1" || values.gpc === "1";
  const posted = values.ad_user_data;
  const said = posted === "granted" || posted === "denied" ? posted : "unknown";
  return { ad_user_data: gpc ? "denied" : said, gpc };
}
