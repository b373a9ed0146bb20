/** Renders one URL of the live site to HTML, for pre-rendering (scripts/prerender). */
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { createPageStore } from "../ui/content/pages";
import { renderWithIslands } from "./islands/render";
import { collections, entries, forms, loadPage, routes, site } from "./generated";
import { base, withBase } from "../ui/base";

// On the server every page is loaded before the first render, so rendering never suspends. Through
// the generated loaders, as in the browser: a page module imported here as well would be imported
// both ways, which the bundler warns about (INEFFECTIVE_DYNAMIC_IMPORT). The server bundle is one
// file all the same (vite.config.ts).
const pages = createPageStore(routes, loadPage, await Promise.all(routes.map(loadPage)));

/**
 * `url`: a route ("/about"); rendered at its address under the base path, its islands apart
 * (src/islands/render.tsx).
 */
export function render(url: string): string {
  return renderWithIslands(
    <StaticRouter basename={base} location={withBase(url)}>
      <App content={{ site, pages, collections, forms, entries }} />
    </StaticRouter>,
  );
}
