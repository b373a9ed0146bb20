/** Renders one URL of the live site to HTML, for pre-rendering (scripts/prerender). */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { createPageStore } from "../ui/content/pages";
import { IslandHostContext, type IslandHost } from "../ui/islands/Island";
import { collections, forms, loadPage, routes, site } from "./generated";
import { base, withBase } from "../ui/base";

// On the server every page is loaded before the first render, so rendering never suspends. Through
// the generated loaders, as in the browser: a page module imported here as well would be imported
// both ways, which the bundler warns about (INEFFECTIVE_DYNAMIC_IMPORT). The server bundle is one
// file all the same (vite.config.ts).
const pages = createPageStore(routes, loadPage, await Promise.all(routes.map(loadPage)));

/**
 * `url`: a route ("/about"); rendered at its address under the base path. Its islands (ui/islands/)
 * are rendered apart, each with its own `identifierPrefix` (the one the browser hydrates it with),
 * and put in their markers' place.
 */
export function render(url: string): string {
  const islands: ReactElement[] = [];
  const host: IslandHost = {
    add(element) {
      const n = islands.push(element) - 1;
      return { prefix: `i${n}-`, slot: `<!--island:${n}-->` };
    },
  };
  const html = renderToString(
    <IslandHostContext value={host}>
      <StaticRouter basename={base} location={withBase(url)}>
        <App content={{ site, pages, collections, forms }} />
      </StaticRouter>
    </IslandHostContext>,
  );
  return html.replace(/<!--island:(\d+)-->/g, (_, n: string) =>
    renderToString(islands[Number(n)]!, { identifierPrefix: `i${n}-` }),
  );
}
