/** Renders one URL of the site to HTML, for pre-rendering (scripts/prerender). */
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import type { PageData } from "../schemas";
import { App } from "./App";
import { createPageStore } from "./content/pages";
import { collections, forms, loadPage, routes, site } from "./generated";

// On the server every page is at hand, so rendering never suspends.
const all = Object.values(import.meta.glob<PageData>("./generated/pages/*.json", { eager: true, import: "default" }));
const pages = createPageStore(routes, loadPage, all);

export function render(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <App content={{ site, pages, collections, forms }} />
    </StaticRouter>,
  );
}
