import { Route, Routes, useLocation } from "react-router-dom";
import { ContentProvider, useContent, usePage, type SiteContent } from "../ui/content/ContentProvider";
import { routeFor } from "../ui/content/pages";
import { Layout } from "./layout/Layout";
import { PageView } from "./PageView";

/** The page at the address shown: a route of the content's pages, else the not-found page. */
function CurrentPage() {
  const { pages, site } = useContent();
  return <PageView page={usePage(routeFor(useLocation().pathname, pages.routes, site.notFoundRoute))} />;
}

/**
 * The layout around the page at the address. One route matches every address and the page is found
 * by its route (routeFor, as the layout finds a landing page): React Router ranks and compiles every
 * route it is given on each render, which for a route per page made pre-rendering quadratic in the
 * pages (a thousand guides: 1,500 pages, a third of the build's time).
 */
const routing = (
  <Routes>
    <Route element={<Layout />}>
      <Route path="*" element={<CurrentPage />} />
    </Route>
  </Routes>
);

export function App({ content }: { content: SiteContent }) {
  return <ContentProvider content={content}>{routing}</ContentProvider>;
}
