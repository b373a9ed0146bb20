/** Renders one URL of the site to HTML, for pre-rendering (scripts/prerender.ts). */
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { collections, forms, pages, site } from "./generated";
import type { SiteContent } from "./content/ContentProvider";

export const content: SiteContent = { site, pages, collections, forms };

export function render(url: string): string {
  return renderToString(
    <StaticRouter location={url}>
      <App content={content} />
    </StaticRouter>,
  );
}
