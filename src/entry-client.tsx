import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { createPageStore, routeFor } from "./content/pages";
import { collections, forms, loadPage, routes, site } from "./generated";
import "./styles/tokens.css";
import "./styles/site.css";

// The page on screen is loaded before hydrating, so hydration finds exactly the pre-rendered content.
const first = await loadPage(routeFor(window.location.pathname, routes, site.notFoundRoute));
const pages = createPageStore(routes, loadPage, [first]);

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App content={{ site, pages, collections, forms }} />
    </BrowserRouter>
  </StrictMode>
);
// Pre-rendered pages are hydrated; the development server's empty page is rendered.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
