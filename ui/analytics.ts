/**
 * Analytics through `window.dataLayer`, the Google Tag Manager convention. Only page addresses and
 * named events go in: nothing a visitor types is ever pushed. An event after which the page is left
 * (a lead sent, then its success page) waits for the container's tags (`trackBeforeLeaving`). Plain functions, no React: the live
 * site's loader (src/islands/loader.ts) calls them before any framework is loaded; the app's hooks
 * (src/layout/analytics-hooks.ts) call the same ones in `npm run dev` and /admin/'s preview.
 */
export type AnalyticsEvent =
  | { event: "pageview"; pagePath: string; pageQuery: string; pageTitle: string }
  | { event: "callLogoClick" }
  /** A phone number was clicked, before the dialer opens: where the link was (ui/page-behaviours.ts). */
  | { event: "click_to_call"; call_location: string; call_section?: string }
  /** A lead was stored: the form's id and the service or plan chosen (content, never what was typed). */
  | { event: "generate_lead"; formId: string; choice?: string }
  | { event: "gtm.js"; "gtm.start": number };

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

export function track(event: AnalyticsEvent): void {
  (window.dataLayer ??= []).push(event);
}

/** The page view of a route (`pagePath` without the base path) and its query, titled as the page is. */
export function trackPageview(pagePath: string, pageQuery: string): void {
  track({ event: "pageview", pagePath, pageQuery, pageTitle: document.title });
}

/** Loads the Tag Manager container, only when one is configured, once per page. */
export function loadTagManager(containerId: string | undefined): void {
  if (!containerId || document.getElementById("gtm-script")) return;
  track({ event: "gtm.js", "gtm.start": Date.now() });
  const script = document.createElement("script");
  script.id = "gtm-script";
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  // Blocked or offline: no tag will fire, and nothing waits for one (trackBeforeLeaving).
  script.addEventListener("error", () => script.setAttribute("data-failed", ""));
  document.head.append(script);
}

/** Whether the page loads a Tag Manager container (and its script has not failed): its tags may then be waited for. */
export const containerLoading = (doc: Document = document): boolean =>
  doc.querySelector("#gtm-script:not([data-failed])") !== null;

/** The longest a page waits for Tag Manager's tags before it is left: Tag Manager's `eventTimeout`. */
export const tagsWaitMs = 2_000;

/**
 * Pushes `event` and then calls `leave`, once. Tag Manager fires its tags (an Ads conversion, a GA4
 * event) asynchronously, and a tag that has not sent its hit when the page is left is lost with it;
 * so, as Tag Manager documents, the push carries `eventCallback` (called once the tags fired) and
 * `eventTimeout`, and the page is left in the callback: at most `tagsWaitMs` later, also when the
 * container never runs (blocked, offline: Tag Manager then never calls back). Without a container
 * (none configured, or its script failed to load) `leave` is called at once.
 */
export function trackBeforeLeaving(event: AnalyticsEvent, leave: () => void): void {
  if (!containerLoading()) {
    track(event);
    leave();
    return;
  }
  let left = false;
  const once = () => {
    if (left) return;
    left = true;
    clearTimeout(timer);
    leave();
  };
  const timer = setTimeout(once, tagsWaitMs);
  (window.dataLayer ??= []).push({ ...event, eventCallback: once, eventTimeout: tagsWaitMs });
}
