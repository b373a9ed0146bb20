/**
 * The site as last built (the generated modules): what the preview shows around the entry being
 * edited, and what the check before saving knows the content from until it is read (content-cache.ts).
 * With `npm run cms` a publish rewrites the generated modules; /admin/ is not reloaded (the dev server
 * sends no reload for them), and this follows.
 */
import * as generated from "../../src/generated/index.js";
import { followContent } from "../../src/content/live.ts";
import type { Built } from "../preview/preview.ts";

export const built: Built = {
  site: generated.site,
  collections: generated.collections,
  forms: generated.forms,
  entries: generated.entries,
  routes: generated.routes,
  pages: await Promise.all(generated.routes.map((route) => generated.loadPage(route))),
};

if (import.meta.hot) {
  followContent(
    import.meta.hot,
    generated,
    () => true,
    async ({ generated: next, pages, structural }) => {
      Object.assign(built, {
        site: next.site,
        collections: next.collections,
        forms: next.forms,
        entries: next.entries,
        routes: [...next.routes],
      });
      built.pages = structural
        ? await Promise.all(next.routes.map((route) => pages.get(route) ?? next.loadPage(route)))
        : built.pages.map((page) => pages.get(page.route) ?? page);
    },
  );
}
