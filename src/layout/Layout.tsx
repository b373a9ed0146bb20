import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { usePageviews, useTagManager } from "./analytics-hooks";
import { useSite } from "../../ui/content/ContentProvider";
import { Navigation } from "../../ui/navigation";
import { installPageBehaviours } from "../../ui/page-behaviours";
import { CallButton } from "./CallButton";
import { Footer } from "./Footer";
import { Header } from "./Header";

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

export function Layout() {
  const site = useSite();
  usePageviews();
  useTagManager(site.analytics.gtmContainerId);
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
      <Header />
      <main id="main" tabIndex={-1} ref={main}>
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CallButton />
    </Navigation>
  );
}
