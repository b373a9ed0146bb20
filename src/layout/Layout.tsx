import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { usePageviews, useTagManager } from "./analytics-hooks";
import { useContent, usePage, useSite } from "../../ui/content/ContentProvider";
import { routeFor } from "../../ui/content/pages";
import { Navigation } from "../../ui/navigation";
import { installPageBehaviours } from "../../ui/page-behaviours";
import { CallButton } from "./CallButton";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { ConsentBanner, PrivacyChoicesDialog } from "./PrivacyChoices";

/** After a client-side navigation: go to the anchor or the top, and move focus to the new page. */
function useNavigationFocus() {
  const { pathname, hash } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, hash]);
  return main;
}

/** Whether the page shown is a campaign landing page (its header and footer are the landing page's). */
function useLanding(): boolean {
  const { pages, site } = useContent();
  return usePage(routeFor(useLocation().pathname, pages.routes, site.notFoundRoute)).landing;
}

export function Layout() {
  const site = useSite();
  const landing = useLanding();
  // Consent Mode's defaults go first, before the page view and the container (ui/consent/state.ts).
  useTagManager(site.analytics.gtmContainerId);
  usePageviews();
  const main = useNavigationFocus();
  // The plain behaviours the live site's loader installs (tracked clicks, popups, the FAQ), in the
  // document the app is in: the page in `npm run dev`, the preview's frame in /admin/.
  useEffect(() => installPageBehaviours(main.current!.ownerDocument), [main]);
  // In the app, a form sent goes to its success page through the router (the live site loads it).
  return (
    <Navigation value={useNavigate()}>
      <a className="skip-link" href="#main">
        {site.navigation.skipLink}
      </a>
      <Header landing={landing} />
      <main id="main" tabIndex={-1} ref={main} data-call-location="main">
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Footer landing={landing} />
      <CallButton />
      <PrivacyChoicesDialog />
      <ConsentBanner />
    </Navigation>
  );
}
