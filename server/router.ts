/**
 * How a request finds its handler: a route says which paths it answers, and the router sends each
 * request to the first route that matches, else to a fallback (the site's files). A module with
 * routes of its own exports a `Route[]`, and an entry (serve.ts, leads/main.ts) lists it; this file
 * imports nothing of theirs, so no module that offers routes imports its entry back.
 */
import type { RequestListener } from "node:http";

export interface Route {
  /** Whether this route answers `pathname` (the URL's path, without the query). */
  matches(pathname: string): boolean;
  handle: RequestListener;
}

/** Sends each request to the first route that matches its path, else to `fallback`. */
export function router(routes: Route[], fallback: RequestListener): RequestListener {
  return (request, response) => {
    const pathname = (request.url ?? "/").split("?")[0]!;
    const route = routes.find((r) => r.matches(pathname));
    return (route ? route.handle : fallback)(request, response);
  };
}
