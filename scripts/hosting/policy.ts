/**
 * How the built site is served, described once: the security headers of every response, each page's
 * Content-Security-Policy (its inline <style>/<script> hashed in, no 'unsafe-inline'), caching, the
 * looser policy /admin/ needs for a Git-based CMS, and the redirects from content.
 * In: the pre-rendered pages' HTML, whether a Tag Manager container is set, the redirects.
 * Out: header rules and redirect rules, which netlify.ts (dist/_headers, dist/_redirects, read back
 * by `npm start`) and nginx.ts (deploy/nginx.conf and its generated include) write in their syntax.
 * The rules never set one header twice for the same address: hosts that join the values of every
 * matching rule (Cloudflare Pages, Netlify) and hosts that let one win (nginx here) then agree.
 */
import { createHash } from "node:crypto";
import { underBase } from "./base-path.ts";

/** Headers for the addresses a path pattern matches: an exact path, or a prefix ending in "*". */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

export interface RedirectRule {
  from: string;
  to: string;
  status: 301 | 302;
}

export interface SitePolicy {
  headers: HeaderRule[];
  redirects: RedirectRule[];
}

/** Every response, whatever it is: transport security, no sniffing, no framing, no powerful APIs. */
export const everyResponse: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": [
    "accelerometer",
    "autoplay",
    "browsing-topics",
    "camera",
    "display-capture",
    "encrypted-media",
    "fullscreen",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "local-fonts",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "picture-in-picture",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ]
    .map((feature) => `${feature}=()`)
    .join(", "),
  // frame-ancestors does the same for pages; this also covers files and addresses no rule names.
  "X-Frame-Options": "DENY",
};

/** Content-hashed files (Vite's assets, the pipeline's images): their address changes with them. */
export const immutable = "public, max-age=31536000, immutable";
export const hashedFolders = ["/assets/", "/media/"] as const;

/**
 * Google Tag Manager and the Google Analytics 4 tags it usually fires, as Google's "Tag Manager and
 * Content Security Policy" guide lists them. Allowed only when content sets a container id.
 */
const tagManager = {
  script: ["https://www.googletagmanager.com"],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
  connect: ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"],
};

/** The sha256 sources of the inline scripts (and Speculation Rules) and styles in a page (data blocks such as JSON-LD run nothing). */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
    // Speculation Rules are not code, but the browser holds them to script-src all the same.
    const runs =
      !type || type === "module" || type === "speculationrules" || /^(text|application)\/(java|ecma)script$/.test(type);
    if (runs) scripts.push(hash(body!));
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.push(hash(body!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

export interface PolicyOptions {
  /** Whether content sets a Tag Manager container id. */
  tagManager: boolean;
  /** For a <meta> element, which cannot carry frame-ancestors (the browser warns and ignores it). */
  meta?: boolean;
}

/** A page's policy: its own origin, its own inline code by hash, and nothing else. */
export function pagePolicy(inline: { scripts: string[]; styles: string[] }, options: PolicyOptions): string {
  const gtm = options.tagManager;
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...(gtm ? tagManager.script : []), ...inline.scripts]],
    ["style-src", ["'self'", ...inline.styles]],
    ["img-src", ["'self'", ...(gtm ? tagManager.img : [])]],
    ["connect-src", ["'self'", ...(gtm ? tagManager.connect : [])]],
    ["font-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ...(options.meta ? [] : ([["frame-ancestors", ["'none'"]]] as [string, string[]][])),
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/**
 * /admin/ is kept for a Git-based CMS (Decap CMS, self-hosted, GitHub backend): its bundle compiles
 * schemas with `new Function` ('unsafe-eval'), styles itself inline, shows media from GitHub and
 * previews in a blob: frame. Only /admin/ gets this; the site never does.
 */
export const adminPolicy = adminPolicyFor();

/** /admin/'s policy when its GitHub API is `apiRoot` (CMS_API_ROOT: GitHub Enterprise, or a test's stand-in). */
export function adminPolicyFor(apiRoot = "https://api.github.com"): string {
  let api = "https://api.github.com";
  try {
    api = new URL(apiRoot).origin;
  } catch {
    // not an address: GitHub's own API, as Decap's default
  }
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://raw.githubusercontent.com https://avatars.githubusercontent.com",
    `connect-src 'self' ${api}`,
    "font-src 'self' data:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export interface PageInput {
  route: string;
  /** The page's file in dist/, e.g. "about/index.html"; "404.html" for the not-found page. */
  file: string;
  html: string;
}

/** Every address a page answers at: "/about", "/about/" and its file "/about/index.html". */
export function addressesOf(page: Pick<PageInput, "route" | "file">): string[] {
  if (page.file === "404.html") return ["/404.html"];
  return page.route === "/" ? ["/", "/index.html"] : [page.route, `${page.route}/`, `/${page.file}`];
}

export function describeSite(input: {
  pages: PageInput[];
  tagManager: boolean;
  redirects: readonly { from: string; to: string; permanent: boolean }[];
  /** Other files at the top of dist/ that are not content-hashed, e.g. "/sitemap.xml". */
  files: string[];
  /** /admin/'s GitHub API when not GitHub's own (CMS_API_ROOT). */
  cmsApiRoot?: string;
}): SitePolicy {
  const document = (policy: string, opener = "same-origin") => ({
    "Content-Security-Policy": policy,
    "Cross-Origin-Opener-Policy": opener,
    "Cache-Control": "no-cache",
  });
  const headers: HeaderRule[] = [{ path: "/*", headers: { ...everyResponse } }];
  for (const page of input.pages) {
    const policy = pagePolicy(inlineHashes(page.html), { tagManager: input.tagManager });
    for (const path of addressesOf(page)) headers.push({ path, headers: document(policy) });
  }
  for (const path of input.files) headers.push({ path, headers: { "Cache-Control": "no-cache" } });
  for (const folder of hashedFolders) headers.push({ path: `${folder}*`, headers: { "Cache-Control": immutable } });
  // The CMS signs in through a popup that reports back to this window: the opener must stay reachable.
  for (const path of ["/admin", "/admin/*"]) {
    headers.push({ path, headers: document(adminPolicyFor(input.cmsApiRoot), "same-origin-allow-popups") });
  }
  assertNoOverlap(headers);
  // The content check refuses a redirect from a page's address (schemas/redirects.ts); a host must never get one either.
  const live = new Set(input.pages.flatMap((page) => addressesOf(page)));
  const hiding = input.redirects.find((rule) => live.has(rule.from) || live.has(`${rule.from}/`));
  if (hiding)
    throw new Error(
      `the redirect from "${hiding.from}" would hide the page there: the content check should have refused it`,
    );
  const redirects = input.redirects.map(({ from, to, permanent }) => ({
    from,
    to,
    status: permanent ? (301 as const) : (302 as const),
  }));
  return { headers, redirects };
}

/**
 * The same policy for a site served under `base` ("/pr-123/", BASE_PATH): every header rule's path
 * and every redirect's addresses inside it (a redirect to another site stays as it is).
 */
export function basedPolicy(policy: SitePolicy, base: string): SitePolicy {
  if (base === "/") return policy;
  return {
    headers: policy.headers.map((rule) => ({ ...rule, path: underBase(base, rule.path) })),
    redirects: policy.redirects.map((rule) => ({
      ...rule,
      from: underBase(base, rule.from),
      to: underBase(base, rule.to),
    })),
  };
}

/** Whether a rule's path pattern matches an address. */
export function matches(pattern: string, path: string): boolean {
  return pattern.endsWith("*") ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

function overlap(a: string, b: string): boolean {
  if (a.endsWith("*") && b.endsWith("*")) return a.startsWith(b.slice(0, -1)) || b.startsWith(a.slice(0, -1));
  return matches(a, b) || matches(b, a);
}

/** Throws when two rules could both set one header for one address (hosts would join the values). */
export function assertNoOverlap(rules: readonly HeaderRule[]): void {
  for (const [i, a] of rules.entries()) {
    for (const b of rules.slice(i + 1)) {
      if (!overlap(a.path, b.path)) continue;
      const shared = Object.keys(a.headers).filter((name) =>
        Object.keys(b.headers).some((other) => other.toLowerCase() === name.toLowerCase()),
      );
      if (shared.length > 0) throw new Error(`header rules "${a.path}" and "${b.path}" both set ${shared.join(", ")}`);
    }
  }
}
