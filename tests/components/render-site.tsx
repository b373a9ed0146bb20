/** Renders the app at a path from a content folder, through the real content pipeline. */
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { runContent } from "../../scripts/content/pipeline.ts";
import { pageWindowsOf, type PageData } from "../../schemas/index.ts";
import { App } from "../../src/App.tsx";
import type { SiteContent } from "../../ui/content/ContentProvider.tsx";
import { createPageStore } from "../../ui/content/pages.ts";
import { validFixture } from "../content/helpers.ts";
import { everyCollection } from "../helpers/every-collection.ts";

/** The content as the app receives it (`drafts` as in the preview, npm run dev, with the pages' windows), and every page at hand. */
export function loadContent(
  contentDir = validFixture,
  { drafts = false } = {},
): SiteContent & { pageList: PageData[] } {
  const { content, problems } = runContent({ contentDir, drafts });
  if (problems.length > 0) throw new Error(`fixture content has problems:\n${JSON.stringify(problems, null, 2)}`);
  const collections = everyCollection(content!.collections);
  // The pages written in content/pages/, and those the kinds with pages make (entries', listings').
  const pages = [...content!.pages.map((p) => p.page), ...(content!.made ?? [])];
  const store = createPageStore(
    pages.map((p) => p.route),
    (route) => Promise.resolve(pages.find((p) => p.route === route)!),
    pages,
  );
  return {
    site: content!.settings.site!,
    pages: store,
    pageWindows: pageWindowsOf(pages),
    pageList: pages,
    collections,
    forms: content!.forms,
    entries: content!.cards,
  };
}

/** Where the router is now: path, query and hash. */
export const location = { current: "" };
function LocationProbe() {
  const l = useLocation();
  location.current = l.pathname + l.search + l.hash;
  return null;
}

export function renderSite(path: string, content: SiteContent = loadContent()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App content={content} />
      <LocationProbe />
    </MemoryRouter>,
  );
}
