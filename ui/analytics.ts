/**
 * Analytics through `window.dataLayer`, the Google Tag Manager convention. Only page addresses and
 * named events go in: nothing a visitor types is ever pushed. Plain functions, no React: the live
 * site's loader (src/islands/loader.ts) calls them before any framework is loaded; the app's hooks
 * (src/layout/analytics-hooks.ts) call the same ones in `npm run dev` and /admin/'s preview.
 */
export type AnalyticsEvent =
  | { event: "pageview"; pagePath: string; pageQuery: string; pageTitle: string }
  | { event: "callLogoClick" }
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
  document.head.append(script);
}
