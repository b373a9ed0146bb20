/**
 * Where /admin/ (the content editor) and its login are served: on the site's own address, or on one of
 * their own, ADMIN_ORIGIN ("https://admin.example.com"), which the build and the server read alike
 * (decision 0037). Decap keeps the editor's GitHub token in localStorage, which belongs to the whole
 * origin: on the site's own, a Tag Manager container the public pages load could read it
 * (docs/security.md, finding 5). So the build warns when content sets a container and /admin/ shares
 * the site's origin.
 * In: ADMIN_ORIGIN, the site's settings as generated (src/generated/site.json, or the file named).
 * Out: the warning on stderr; exit 1 with a line naming ADMIN_ORIGIN when it is not an address, or
 * is the site's own (which would then serve /admin/ alone).
 * Usage (a step of `npm run build`): node --import tsx scripts/hosting/admin-origin.ts [site.json]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hashedFolders } from "./policy.ts";

/** "https://www.example.com" as an origin (scheme, host, port), or undefined when it is not one. */
export function originOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (!/^https?:$/.test(url.protocol) || !url.hostname || url.username || url.password) return undefined;
    if (url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

export const adminOriginExample = "https://admin.example.com";

/** What is wrong with ADMIN_ORIGIN's value, in the words every command uses. */
export const notAnAdminOrigin =
  "is not an address for the content editor (scheme and host, no path): /admin/ and its login are served there";

/** ADMIN_ORIGIN's origin; undefined when unset; throws naming it when it is not an address. */
export function adminOriginFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const origin = originOf(raw.trim());
  if (!origin)
    throw new Error(
      `ADMIN_ORIGIN=${JSON.stringify(raw)} ${notAnAdminOrigin}; for example ADMIN_ORIGIN=${adminOriginExample}`,
    );
  return origin;
}

/** /admin/'s own addresses ("/admin", "/admin/…"), under no base path. */
export const isAdminPath = (path: string): boolean => path === "/admin" || path.startsWith("/admin/");

/** What the admin origin serves from dist/: /admin/ and the files it loads (scripts, pictures in previews). */
export const isAdminFile = (path: string): boolean =>
  isAdminPath(path) || hashedFolders.some((folder) => path.startsWith(folder));

/** A likely address of its own for the editor, beside the site's ("https://www.acme.com" → "https://admin.acme.com"). */
function suggestion(siteUrl: string): string {
  try {
    const url = new URL(siteUrl);
    return `${url.protocol}//admin.${url.hostname.replace(/^www\./, "")}`;
  } catch {
    return adminOriginExample;
  }
}

/** The site settings the warning reads (src/generated/site.json). */
export interface SiteFacts {
  analytics: { gtmContainerId?: string };
  seo: { siteUrl: string };
}

/**
 * What is wrong with ADMIN_ORIGIN for this site, or undefined: the site's own host name would be
 * answered with /admin/ alone (server/admin-host.ts, nginx's editor's block), so the site would be gone.
 */
export function sameHostProblem(site: SiteFacts, adminOrigin: string | undefined): string | undefined {
  if (!adminOrigin || new URL(adminOrigin).host !== new URL(site.seo.siteUrl).host) return undefined;
  return (
    `ADMIN_ORIGIN=${adminOrigin} is the site's own address (siteUrl in the site settings): that address would ` +
    `serve /admin/ and nothing else. Set it to a host name of the editor's own, e.g. ` +
    `ADMIN_ORIGIN=${suggestion(site.seo.siteUrl)}, or leave it unset`
  );
}

/** The build's warning when a Tag Manager container is set and /admin/ shares the site's origin; else undefined. */
export function tagManagerWarning(site: SiteFacts, adminOrigin: string | undefined): string | undefined {
  const container = site.analytics.gtmContainerId;
  if (!container || adminOrigin) return undefined;
  return [
    `warning: the site loads Google Tag Manager (${container}, analytics.gtmContainerId in the site settings) and /admin/ is served at the site's own address (ADMIN_ORIGIN is not set).`,
    "  The content editor keeps each editor's GitHub sign-in in the browser's storage for that address, where",
    "  any tag published in the container can read it and send it away.",
    `  Serve /admin/ from an address of its own: set ADMIN_ORIGIN=${suggestion(site.seo.siteUrl)} (a host name`,
    "  of yours pointing at this server) where the site is built and where the server runs; the operations",
    '  guide (docs/operations.md), "The editor on an address of its own", says how.',
  ].join("\n");
}

/**
 * The step of `npm run build`: the warning; 1 (said in a line) for an ADMIN_ORIGIN that is not an
 * address or is the site's own, which stops the build; else 0.
 */
export function main(
  file = join(import.meta.dirname, "..", "..", "src", "generated", "site.json"),
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  const stop = (message: string) => {
    console.error(`npm run build: ${message}`);
    return 1;
  };
  let adminOrigin: string | undefined;
  try {
    adminOrigin = adminOriginFrom(env.ADMIN_ORIGIN);
  } catch (error) {
    return stop((error as Error).message);
  }
  const site = JSON.parse(readFileSync(file, "utf8")) as SiteFacts;
  const problem = sameHostProblem(site, adminOrigin);
  if (problem) return stop(problem);
  const warning = tagManagerWarning(site, adminOrigin);
  if (warning) console.error(warning);
  return 0;
}

if (process.argv[1] === import.meta.filename) process.exitCode = main(process.argv[2]);
