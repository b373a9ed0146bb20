/**
 * Where the visit came from, for the lead it may lead to: the landing page (its path), the referrer
 * (another site's origin and path only) and the campaign parameters of the landing address (UTM
 * tags, Google Ads click ids). Recorded on the visit's first page, or again when a campaign link
 * brings the visitor back in the same tab; kept in sessionStorage, so only for the visit (the tab):
 * no cookie. The forms send it with a lead (LeadForm); it is never given to analytics, never put in
 * a URL. Without JavaScript, or with storage blocked, a lead simply goes without it.
 */
import { attributionFields, campaignParameters } from "../schemas/lead-limits.ts";

const storageKey = "visit";

/** Records this page load as the visit's start, unless a visit is already recorded and no campaign link brought this load. */
export function recordVisit(): void {
  try {
    const query = new URLSearchParams(location.search);
    const campaign = campaignParameters.filter((name) => query.get(name));
    if (sessionStorage.getItem(storageKey) && !campaign.length) return;
    const visit: Record<string, string> = { landing_page: location.pathname };
    const referrer = document.referrer ? new URL(document.referrer) : undefined;
    if (referrer && referrer.origin !== location.origin) visit.referrer = referrer.origin + referrer.pathname;
    for (const name of campaign) visit[name] = query.get(name)!;
    sessionStorage.setItem(storageKey, JSON.stringify(visit));
  } catch {
    // Storage blocked or a malformed referrer: nothing is recorded.
  }
}

/** The recorded visit as form fields (the names the endpoint accepts, no others). */
export function visitFields(): [string, string][] {
  try {
    const visit = JSON.parse(sessionStorage.getItem(storageKey) ?? "{}") as Record<string, unknown>;
    return attributionFields.flatMap((name) => (typeof visit[name] === "string" ? [[name, visit[name]]] : []));
  } catch {
    return [];
  }
}
