/**
 * BASE_PATH: the path the built site will be served under, for a preview on any static host
 * ("/pr-123/", docs/previews.md). Vite's `base` (vite.config.ts), the pre-renderer and the hosts'
 * rules (dist/_headers, dist/_redirects) take it from here; `npm run serve` serves dist/ under it.
 * Unset or "/": the site at the host's root, as in production.
 */

/** The base path from the environment's value, normalised to start and end with "/". Throws in words when it cannot be one. */
export function basePathFrom(value: string | undefined): string {
  const raw = (value ?? "").trim();
  if (raw === "" || raw === "/") return "/";
  const path = `/${raw.replace(/^\/+|\/+$/g, "")}/`;
  if (!/^(\/[A-Za-z0-9._~-]+)+\/$/.test(path) || path.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(
      `BASE_PATH="${raw}" is not a path the site can be served under: write it like /pr-123/ ` +
        `(letters, digits, ".", "_", "~" and "-" between slashes; no "..", no address)`,
    );
  }
  return path;
}

/** "/about" under "/pr-123/" → "/pr-123/about"; a pattern "/*" → "/pr-123/*". */
export function underBase(base: string, path: string): string {
  if (base === "/" || !path.startsWith("/")) return path;
  return base + path.slice(1);
}
