import { Route, Routes } from "react-router-dom";
import { ContentProvider, type SiteContent } from "./content/ContentProvider";
import { Layout } from "./layout/Layout";
import { PageView } from "./PageView";

/** Routes come from the pages in content; any other path shows the not-found page. */
export function App({ content }: { content: SiteContent }) {
  const notFound = content.pages.find((page) => page.route === content.site.notFoundRoute);
  return (
    <ContentProvider content={content}>
      <Routes>
        <Route element={<Layout />}>
          {content.pages.map((page) => (
            <Route key={page.route} path={page.route} element={<PageView page={page} />} />
          ))}
          {notFound && <Route path="*" element={<PageView page={notFound} />} />}
        </Route>
      </Routes>
    </ContentProvider>
  );
}
