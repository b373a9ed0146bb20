// The shared styles first: each section's own (imported by its renderer, through App) come after them.
import "./styles/tokens.css";
import "./styles/site.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { createPageStore, routeFor } from "./content/pages";
import * as generated from "./generated";

type Generated = typeof generated;

/** The app with this content, the page on screen loaded first. */
async function app({ site, collections, forms, routes, loadPage }: Generated) {
  // Loaded before hydrating, so hydration finds exactly the pre-rendered content.
  const first = await loadPage(routeFor(window.location.pathname, routes, site.notFoundRoute));
  const pages = createPageStore(routes, loadPage, [first]);
  return (
    <StrictMode>
      <BrowserRouter>
        <App content={{ site, pages, collections, forms }} />
      </BrowserRouter>
    </StrictMode>
  );
}

const container = document.getElementById("root")!;
// Pre-rendered pages are hydrated; the development server's empty page is rendered.
const prerendered = container.hasChildNodes();
const root = prerendered ? hydrateRoot(container, await app(generated)) : createRoot(container);
if (!prerendered) root.render(await app(generated));

// In `npm run dev`, a content edit re-renders the open page in place, without a reload.
if (import.meta.hot) {
  import.meta.hot.accept("./generated", async (next) => {
    if (next) root.render(await app(next as unknown as Generated));
  });
}
