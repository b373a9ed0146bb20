import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { collections, forms, pages, site } from "./generated";
import "./styles/tokens.css";
import "./styles/site.css";

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
