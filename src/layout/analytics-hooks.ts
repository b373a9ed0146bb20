/**
 * The app's analytics in `npm run dev` and /admin/'s preview, where the whole app runs and routes
 * change without a page load. The live site runs none of this: its loader (src/islands/loader.ts)
 * pushes the one page view of each load itself.
 */
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { loadTagManager, trackPageview } from "../../ui/analytics";
import { pushConsentDefault, showBannerUnlessChosen } from "../../ui/consent/state";

let lastPageview: string | undefined;

/** Pushes a pageview on the first load and on every route change (once per history entry). */
export function usePageviews(): void {
  const location = useLocation();
  useEffect(() => {
    const key = `${location.key}|${location.pathname}|${location.search}`;
    if (key === lastPageview) return; // React's development double effects must not count twice
    lastPageview = key;
    trackPageview(location.pathname, location.search);
  }, [location.key, location.pathname, location.search]);
}

/** Whether this page's dataLayer has Consent Mode's defaults already (React runs an effect twice in development). */
const hasConsentDefaults = () =>
  (window.dataLayer ?? []).some((m) => {
    const command = m as ArrayLike<unknown>;
    return command[0] === "consent" && command[1] === "default";
  });

/**
 * Pushes Consent Mode's defaults (once, first) and shows the opt-in banner if it is due, then loads
 * the Tag Manager container after the page is interactive, only when one is configured. Called
 * before `usePageviews`, so its effect runs first.
 */
export function useTagManager(containerId: string | undefined): void {
  useEffect(() => {
    if (!hasConsentDefaults()) pushConsentDefault();
    showBannerUnlessChosen();
    loadTagManager(containerId);
  }, [containerId]);
}
