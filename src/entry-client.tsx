// The shared styles first: each section's own (imported by its renderer, through App) come after them.
import "./styles/tokens.css";
import "./styles/site.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import type { SiteContent } from "../ui/content/ContentProvider";
import { followContent, type GeneratedContent } from "./content/live";
import { createPageStore, routeFor, type PageStore } from "../ui/content/pages";
import { recordVisit } from "../ui/visit";
import * as generated from "./generated";
import { base, withoutBase } from "../ui/base";
import { previewClock, PreviewTime } from "../ui/components/Scheduled";

/** The page store, with the page on screen loaded first. */
async function storeFor({ site, routes, loadPage }: GeneratedContent): Promise<PageStore> {
  // Loaded before hydrating, so hydration finds exactly the pre-rendered content.
  const first = await loadPage(routeFor(withoutBase(window.location.pathname), routes, site.notFoundRoute));
  return createPageStore(routes, loadPage, [first]);
}

function app(content: SiteContent) {
  const page = (
    <BrowserRouter basename={base}>
      <App content={content} />
    </BrowserRouter>
  );
  return (
    <StrictMode>
      {import.meta.env.MODE !== "production" ? <PreviewTime clock={clock!}>{page}</PreviewTime> : page}
    </StrictMode>
  );
}

// The whole app, hydrated or rendered: `npm run dev` (the live site's pages load src/islands/loader.ts
// instead, scripts/prerender). Before the router can change the address: the landing address is what
// the visit came with.
recordVisit();

const { site, collections, forms, entries, pageWindows } = generated;
// `npm run dev` marks what is outside its window at the preview's time: the page's `?at=` (e.g.
// ?at=2026-11-27T00:00, in the site's zone), kept while navigating, else BUILD_TIME, else now.
const clock =
  import.meta.env.MODE !== "production"
    ? previewClock(
        new URLSearchParams(window.location.search).get("at") ?? undefined,
        site.timeZone,
        import.meta.env.BUILD_TIME,
      )
    : undefined;
let content: SiteContent = { site, collections, forms, entries, pageWindows, pages: await storeFor(generated) };
const container = document.getElementById("root")!;
// Pre-rendered pages are hydrated; the development server's empty page is rendered.
const prerendered = container.hasChildNodes();
const root = prerendered ? hydrateRoot(container, app(content)) : createRoot(container);
if (!prerendered) root.render(app(content));

// In `npm run dev`, a content edit re-renders the open page in place, without a reload: the modules
// that changed are imported again (src/content/live.ts), the rest of the page stays as it is.
if (import.meta.hot) {
  followContent(
    import.meta.hot,
    generated,
    (route) => content.pages.has(route),
    async ({ generated: next, pages, structural }) => {
      const store = structural ? await storeFor(next) : content.pages;
      for (const page of pages.values()) store.set(page);
      const { site, collections, forms, entries, pageWindows } = next;
      content = { site, collections, forms, entries, pageWindows, pages: store };
      root.render(app(content));
    },
  );
}
