/**
 * Redirects: content/redirects.yaml, `redirects:` and a list of old addresses and the page each one now leads to, so
 * a renamed page's old address keeps working. Checked against the content context: the new address
 * must be a published page, the old one must not be a page, and no redirect may lead to another.
 */
import { z } from "zod";
import { noContext, perContext, type ContentContext } from "./context.ts";
import { listHas } from "./primitives.ts";
import { didYouMean, listOf } from "./suggest.ts";

/** Addresses the built site itself uses for files: a redirect there would hide them. */
export const reservedPaths = ["/404.html", "/index.html", "/robots.txt", "/sitemap.xml"] as const;
export const reservedFolders = ["/assets/", "/media/", "/admin/"] as const;

const segment = "[A-Za-z0-9._~-]+";
const pathPattern = new RegExp(`^(?:/${segment})+$`);

/** What is wrong with an old address as written, if anything. */
function fromProblem(c: ContentContext, from: string): string | undefined {
  if (/^https?:\/\//i.test(from))
    return 'write only the path of the old address, without "https://" and the domain, e.g. "/old-page"';
  if (!from.startsWith("/")) return `start the old address with "/", e.g. "/${from.replace(/^\/*/, "")}"`;
  if (from.includes("*")) return 'wildcards ("*") are not supported: list each old address on its own line';
  if (/[?#]/.test(from))
    return 'leave out everything from "?" or "#": a redirect matches the path, and keeps the visitor\'s "?…" part';
  if (from === "/") return '"/" is the home page: a redirect from it would hide the home page';
  if (from.endsWith("/") && pathPattern.test(from.slice(0, -1))) {
    return `leave out the "/" at the end: "${from.slice(0, -1)}" also catches "${from}"`;
  }
  if (!pathPattern.test(from))
    return 'use only letters, digits, "-", "_", "." and "~" between single "/"s, e.g. "/old-page"';
  const lower = from.toLowerCase();
  if (
    (reservedPaths as readonly string[]).includes(lower) ||
    reservedFolders.some((folder) => `${lower}/`.startsWith(folder)) ||
    from.startsWith("/_")
  ) {
    return `"${from}" is used by the site itself (its files, or /admin/ for the editor): write the old page's address instead`;
  }
  // Without the content context nothing is known of the pages: refused, never passed unchecked.
  if (!c.known) return noContext(`the old address "${from}"`);
  const { routes, drafts } = c;
  if (listHas(drafts.routes, from)) {
    return `"${from}" is the route of a draft page: once published, this redirect would hide it. Remove the redirect, or give the draft another route`;
  }
  if (listHas(routes, from)) {
    return `"${from}" is the address of a page on this site: a redirect from it would hide the page. Remove this redirect, or give the page another route first`;
  }
  return undefined;
}

/** What is wrong with a new address, if anything: it must lead straight to a published page. */
function toProblem(c: ContentContext, to: string): string | undefined {
  if (/^https:\/\/[^\s/]+\.[^\s]*$/.test(to)) return undefined;
  if (/^http:\/\//i.test(to))
    return 'write "https://" instead of "http://": browsers warn about pages that are not secure';
  const match = /^(\/[^?#\s]*)(#[A-Za-z][\w-]*)?$/.exec(to);
  if (!match)
    return 'write the route of the page it now leads to, e.g. "/contact" (it may end in "#section"), or a full "https://" address';
  const path = match[1]!;
  if (!c.known) return noContext(`the new address "${to}"`);
  const { routes, routesUnknown, drafts, redirects, notFoundRoute } = c;
  if (redirects.length > 0) {
    // Follow the redirects from this address: visitors must arrive in one step, and never go round.
    // A redirect from a page's own address is refused on its own line; it leads nowhere.
    const hop = (from: string) => (listHas(routes, from) ? undefined : redirects.find((r) => r.from === from));
    const first = hop(path);
    const seen = [path];
    for (let current = first; current;) {
      const target = current.to.replace(/#.*$/, "");
      if (seen.includes(target)) {
        if (seen.length === 1) return `"${path}" redirects to itself: point this at the page that replaced it`;
        return `these redirects go round in a circle: ${[...seen, target].map((p) => `"${p}"`).join(" → ")}. Point one of them at a page`;
      }
      seen.push(target);
      const following = hop(target);
      if (!following) {
        return `"${path}" is itself redirected to "${first!.to}" (entry ${redirects.indexOf(first!) + 1}): point this one straight at "${current.to}", so visitors arrive in one step`;
      }
      current = following;
    }
  }
  if (path === notFoundRoute) return `"${path}" is the not-found page: point this at the page visitors should land on`;
  if (!routesUnknown && !listHas(routes, path)) {
    return `no page has the address "${path}".${didYouMean(path, routes)} The site's pages: ${listOf(routes, 20)}`;
  }
  if (listHas(drafts.routes, path))
    return `the page "${path}" is a draft (draft: true): publish it first, or point this redirect at another page`;
  return undefined;
}

const check =
  (c: ContentContext, problem: (c: ContentContext, value: string) => string | undefined) =>
  (value: string, ctx: z.RefinementCtx) => {
    const message = problem(c, value);
    if (message) ctx.addIssue({ code: "custom", message, input: value });
  };

const redirect = (c: ContentContext) =>
  z.strictObject({
    from: z
      .string()
      .superRefine(check(c, fromProblem))
      .describe(
        'The old address, without the domain, e.g. "/about-us". It also catches the same address ending in "/".',
      ),
    to: z
      .string()
      .superRefine(check(c, toProblem))
      .describe('Where visitors go instead: a page\'s address, e.g. "/about", or a full "https://" address.'),
    permanent: z
      .boolean()
      .default(true)
      .describe(
        "true: the page has moved for good (301), and search engines move its ranking to the new address. false: a temporary move (302), e.g. during a campaign.",
      ),
  });

/** The schema of content/redirects.yaml. */
export const redirects = perContext((c) =>
  z
    .strictObject({
      redirects: z
        .array(redirect(c))
        .default([])
        .describe("Old addresses that keep working: each sends visitors (and search engines) on to a page."),
    })
    .describe("Old addresses that keep working, after a page's address changed."),
);

export type Redirect = z.output<ReturnType<typeof redirects>>["redirects"][number];
