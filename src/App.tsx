import { Route, Routes } from "react-router-dom";
import { ContentProvider, usePage, type SiteContent } from "./content/ContentProvider";
import { Layout } from "./layout/Layout";
import { PageView } from "./PageView";

function PageRoute({ route }: { route: string }) {
  return <PageView page={usePage(route)} />;
}

/** Routes come from the pages in content; any other path shows the not-found page. */
export function App({ content }: { content: SiteContent }) {
  return (
    <ContentProvider content={content}>
      <Routes>
        <Route element={<Layout />}>
          {content.pages.routes.map((route) => (
            <Route key={route} path={route} element={<PageRoute route={route} />} />
          ))}
          <Route path="*" element={<PageRoute route={content.site.notFoundRoute} />} />
        </Route>
      </Routes>
    </ContentProvider>
  );
}
