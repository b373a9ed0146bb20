/**
 * /admin/ on an address of its own (ADMIN_ORIGIN, decision 0037): one server answers both host names.
 * - At ADMIN_ORIGIN's host: /admin/ and the files it loads (/assets/, /media/), the login and the
 *   leads inbox (the `admin` routes); "/" sends the browser to /admin/. Nothing else: none of the
 *   site's pages, whose tags (a Tag Manager container) must never run at the editor's origin, where
 *   Decap keeps the editor's GitHub token.
 * - At any other host (the site's): the site and its lead endpoint; /admin/ sends the browser to
 *   ADMIN_ORIGIN, and the login and the inbox are not there (the site's not-found page).
 * The host is the request's Host, or behind a trusted proxy (TRUST_PROXY) its X-Forwarded-Host (auth/origin.ts).
 * Paths are decided as decoded and normalised (request-path.ts): "/%61dmin/" is /admin/. Its own
 * answers (the redirects, the plain 404) carry the headers every response gets (policy.ts).
 */
import type { RequestListener } from "node:http";
import { isAdminFile, isAdminPath } from "../scripts/hosting/admin-origin.ts";
import { everyResponse } from "../scripts/hosting/policy.ts";
import { requestOrigin } from "./auth/origin.ts";
import { servedPath } from "./request-path.ts";
import { router, type Route } from "./router.ts";

/** What the editor's address answers for anything else. */
export const editorNotFound = "Not found: this address serves the content editor only, at /admin/.\n";

export function splitByHost(options: {
  adminOrigin: string;
  /** BASE_PATH: taken off the request already (base-path.ts), put back on a redirect to the other origin. */
  base: string;
  trustProxy: boolean;
  /** Served at ADMIN_ORIGIN only: the login and the leads inbox. */
  admin: Route[];
  /** Served at the site's host only: the lead endpoint. */
  site: Route[];
  /** The built site's files (serve.ts's siteListener). */
  files: RequestListener;
  /** The same files at the editor's address: what is not a file there answers `editorNotFound`. */
  editorFiles: RequestListener;
}): RequestListener {
  const adminHost = new URL(options.adminOrigin).host;
  const admin = router(options.admin, (request, response) => {
    const { path } = servedPath(request.url);
    if (isAdminFile(path)) return options.editorFiles(request, response);
    if (path === "/") {
      response
        .writeHead(302, { ...everyResponse, Location: "/admin/", "Cache-Control": "no-cache", "Content-Length": 0 })
        .end();
      return;
    }
    response
      .writeHead(404, { ...everyResponse, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" })
      .end(editorNotFound);
  });
  const site = router(options.site, (request, response) => {
    if (!isAdminPath(servedPath(request.url).path)) return options.files(request, response);
    const [path = "/", query] = (request.url ?? "/").split(/\?(.*)/s);
    const location = `${options.adminOrigin}${options.base}${path.slice(1)}${query === undefined ? "" : `?${query}`}`;
    response
      .writeHead(302, { ...everyResponse, Location: location, "Cache-Control": "no-cache", "Content-Length": 0 })
      .end();
  });
  return (request, response) => {
    const reached = requestOrigin(request, { trustProxy: options.trustProxy });
    return (reached !== undefined && new URL(reached).host === adminHost ? admin : site)(request, response);
  };
}
