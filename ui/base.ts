/**
 * The path the site is served under: "/" normally, "/pr-123/" for a pull request's preview
 * (`BASE_PATH=/pr-123/ npm run build`, Vite's `base`). Content writes addresses from the site's root
 * ("/contact", "/media/x.svg"); these put the base in front of them where the page uses them, and take
 * it off an address the browser shows before the router reads it. Other addresses (https:, tel:, #)
 * pass through.
 */
export const base: string = import.meta.env.BASE_URL;

/** "/contact" → "/pr-123/contact" (unchanged when the base is "/" or the address is not a root path). */
export function withBase(path: string, prefix: string = base): string {
  if (prefix === "/" || !path.startsWith("/") || path.startsWith("//")) return path;
  return prefix + path.slice(1);
}

/** "/pr-123/contact" → "/contact": the route of an address the browser shows. */
export function withoutBase(path: string, prefix: string = base): string {
  if (prefix === "/") return path;
  if (path === prefix.slice(0, -1)) return "/";
  return path.startsWith(prefix) ? path.slice(prefix.length - 1) : path;
}

/** Every address of a `srcset` ("/media/a-400.jpg 400w, /media/a-800.jpg 800w") with the base. */
export function srcsetWithBase(srcset: string, prefix: string = base): string {
  if (prefix === "/") return srcset;
  return srcset
    .split(",")
    .map((candidate) => withBase(candidate.trim(), prefix))
    .join(", ");
}

/** The root-relative links and pictures of HTML compiled from Markdown, with the base. */
export function htmlWithBase(html: string, prefix: string = base): string {
  if (prefix === "/") return html;
  return html.replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${prefix}`);
}
