/**
 * Analytics through `window.dataLayer`, the Google Tag Manager convention. Only page addresses and
 * named events go in: nothing a visitor types is ever pushed.
 */
import { useEffect } from "react";
import { useLocation } from "react-router-dom";

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

let lastPageview: string | undefined;

/** Pushes a pageview on the first load and on every route change (once per history entry). */
export function usePageviews(): void {
  const location = useLocation();
  useEffect(() => {
    const key = `${location.key}|${location.pathname}|${location.search}`;
    if (key === lastPageview) return; // React's development double effects must not count twice
    lastPageview = key;
    track({ event: "pageview", pagePath: location.pathname, pageQuery: location.search, pageTitle: document.title });
  }, [location.key, location.pathname, location.search]);
}

/** Loads the Tag Manager container after the page is interactive, only when one is configured. */
export function useTagManager(containerId: string | undefined): void {
  useEffect(() => {
    if (!containerId || document.getElementById("gtm-script")) return;
    track({ event: "gtm.js", "gtm.start": Date.now() });
    const script = document.createElement("script");
    script.id = "gtm-script";
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
    document.head.append(script);
  }, [containerId]);
}
