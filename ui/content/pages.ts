/**
 * Pages arrive one module each (the generated loadPage), so a visit downloads only the pages it shows.
 * The store loads each page once; React's use() reads it, suspending only while it is on the way.
 */
import type { PageData } from "../../schemas";

type PagePromise = Promise<PageData>;

/** A promise React's use() reads synchronously: marked fulfilled the way React marks the ones it tracks. */
function fulfilled(page: PageData): PagePromise {
  return Object.assign(Promise.resolve(page), { status: "fulfilled", value: page });
}

export interface PageStore {
  /** The route of every page. */
  routes: readonly string[];
  /** The page's content, loaded at most once. */
  get(route: string): PagePromise;
  /** Whether the page was asked for (it is loaded, or on its way). */
  has(route: string): boolean;
  /** Replaces a page's content (`npm run dev`: the page was edited). */
  set(page: PageData): void;
}

export function createPageStore(
  routes: readonly string[],
  load: (route: string) => Promise<PageData>,
  /** Pages already at hand (the pre-rendered one, or all of them on the server): no suspending. */
  preloaded: readonly PageData[] = [],
): PageStore {
  const cache = new Map<string, PagePromise>();
  for (const page of preloaded) cache.set(page.route, fulfilled(page));
  return {
    routes,
    get(route) {
      let page = cache.get(route);
      if (!page) {
        page = load(route);
        cache.set(route, page);
      }
      return page;
    },
    has: (route) => cache.has(route),
    set: (page) => void cache.set(page.route, fulfilled(page)),
  };
}

/** The route whose page shows at `pathname` ("/about/" is "/about"), or the not-found route. */
export function routeFor(pathname: string, routes: readonly string[], notFoundRoute: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return routes.includes(path) ? path : notFoundRoute;
}
