import { useMemo } from "react";
import { Route, Routes } from "react-router-dom";
import { ContentProvider, usePage, type SiteContent } from "../ui/content/ContentProvider";
import { Layout } from "./layout/Layout";
import { PageView } from "./PageView";

function PageRoute({ route }: { route: string }) {
  return <PageView page={usePage(route)} />;
}

/** Routes come from the pages in content; any other path shows the not-found page. */
export function App({ content }: { content: SiteContent }) {
  const { routes } = content.pages;
  const { notFoundRoute } = content.site;
  // The same element while the routes stay the same: a content edit in `npm run dev` re-renders what
  // reads the content (through the context), not the router's matching over every route (thousands).
  const routing = useMemo(
    () => (
      <Routes>
        <Route element={<Layout />}>
          {routes.map((route) => (
            <Route key={route} path={route} element={<PageRoute route={route} />} />
          ))}
          <Route path="*" element={<PageRoute route={notFoundRoute} />} />
        </Route>
      </Routes>
    ),
    [routes, notFoundRoute],
  );
  return <ContentProvider content={content}>{routing}</ContentProvider>;
}
