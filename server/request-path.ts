/**
 * The path a request is served by: decoded and normalised, as the static server chooses a file by it
 * (nginx's $uri), so "/%61dmin/" is /admin/ for every decision made on the path, not only for the file.
 */
import { normalize } from "node:path";

/** The request's URL and its decoded, normalised path ("/" when it cannot be read). */
export function servedPath(raw: string | undefined): { url: URL; path: string } {
  try {
    const url = new URL(raw ?? "/", "http://localhost");
    return { url, path: normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "") };
  } catch {
    return { url: new URL("http://localhost/"), path: "/" };
  }
}
