import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { usePageviews, useTagManager } from "../../ui/analytics";
import { useSite } from "../../ui/content/ContentProvider";
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
  return (
    <>
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
    </>
  );
}
