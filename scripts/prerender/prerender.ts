/**
 * Pre-render: every page of the built site as complete static HTML, so it reads without JavaScript
 * and any static host can serve it.
 * In: dist/index.html (the client build, used as the template), .ssr/entry-server.js (the server
 * build), the generated content. Out: dist/index.html, dist/<route>/index.html for every other page,
 * dist/404.html for the not-found page, dist/sitemap.xml, dist/robots.txt, PNG versions of the
 * social image and the favicon (sharp) in dist/media/, and how hosts serve it all (scripts/hosting/):
 * dist/_headers and dist/_redirects (Netlify, Cloudflare Pages, `npm start`) and dist/_nginx/ (the
 * per-build part of deploy/nginx.conf, with ADMIN_ORIGIN's host for the content editor's block).
 * Steps: render each page into the template, the app's scripts replaced by the islands' loader (the
 * live site hydrates only its islands, ui/islands/); hash each page's inline code into its policy;
 * write the hosts' files from the one policy.
 * Each page's head preloads its priority picture (the hero's), as the app rendered it; the social
 * card is a PNG from a drawing, a JPEG from a photo.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Collections, PageData, Redirect, Site } from "../../schemas/index.ts";
import sharp from "sharp";
import { renderAdminInclude, renderHttpInclude, renderServerInclude } from "../hosting/nginx-includes.ts";
import { adminOriginFrom } from "../hosting/admin-origin.ts";
import { renderHeadersFile, renderRedirectsFile } from "../hosting/netlify.ts";
import { basedPolicy, describeSite, inlineHashes, pagePolicy, type PageInput } from "../hosting/policy.ts";
import { escapeHtml, imagePreload, renderHead, robots, sitemap } from "./head.ts";
import { readManifest } from "./manifest.ts";
import { entryHeadOf, feedFiles, feedLinksOf } from "./kind-pages.ts";
import { shareImage, shareImageSize } from "./share-image.ts";
import { buildClock } from "../content/clock.ts";
import { basePathFrom, underBase } from "../hosting/base-path.ts";

const root = join(import.meta.dirname, "..", "..");
// DIST: the site built into another folder (vite.config.ts builds there too).
const dist = process.env.DIST ? resolve(process.env.DIST) : join(root, "dist");
const generated = join(root, "src", "generated");
const read = <T>(name: string) => JSON.parse(readFileSync(join(generated, name), "utf8")) as T;

const site = read<Site>("site.json");
const routes = read<{ route: string; file: string }[]>("routes.json");
const pages = routes.map(({ file }) => read<PageData>(file));
const manifest = readManifest(dist);
const collections = read<Collections>("collections.json");
const { redirects } = read<{ redirects: Redirect[] }>("redirects.json");
const tagManager = Boolean(site.analytics.gtmContainerId);
// /admin/ on an address of its own (checked, and warned about, by the build's step before: admin-origin.ts).
const adminOrigin = adminOriginFrom(process.env.ADMIN_ORIGIN);
// The live site's pages: React and React Router as in production, as `vite build` built them (the
// server build leaves them to node_modules, whose entry files choose their development builds unless
// told: several times slower). A NODE_ENV set for the build (`test` under Vitest) is kept: Vite then
// compiled the pages against React's development JSX runtime, which the production one lacks.
process.env.NODE_ENV ??= "production";
const server = (await import(pathToFileURL(join(root, ".ssr", "entry-server.js")).href)) as {
  render: (url: string) => string;
};

// BASE_PATH (a preview under /pr-123/): every address a page loads gets it in front, and so do the
// hosts' rules; the canonical address, the social card and the sitemap stay the production site's.
const base = basePathFrom(process.env.BASE_PATH);

// The stylesheet is small (a few KB gzipped): inlined, it costs no render-blocking request.
const template = readFileSync(join(dist, "index.html"), "utf8").replace(
  new RegExp(`<link rel="stylesheet" crossorigin href="${base.replaceAll(".", "\\.")}(assets/[^"]+\\.css)">`, "g"),
  (_, file: string) => `<style>${readFileSync(join(dist, file), "utf8").trim()}</style>`,
);
for (const marker of ["<!--app-head-->", "<!--app-html-->", '<html lang="en">', '<meta charset="utf-8" />']) {
  if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}: is index.html intact?`);
}
const appScripts = /\s*<(script type="module"|link rel="modulepreload") [^>]*>(<\/script>)?/g;
if (!template.match(appScripts)?.length) throw new Error("dist/index.html loads no module: is index.html intact?");
/**
 * What a page loads instead of the app: the islands' loader (src/islands/loader.ts), with the Tag
 * Manager container's id; and Speculation Rules, so a link the visitor is about to follow (hovered,
 * pressed) is loaded ahead and the next page shows at once. Its inline rules are hashed into the
 * page's policy (scripts/hosting/policy.ts), as any inline script.
 */
const loaderScript = [
  `<script type="module" crossorigin src="${base}${manifest["src/islands/loader.ts"]!.file}"${
    tagManager ? ` data-gtm="${escapeHtml(site.analytics.gtmContainerId!)}"` : ""
  }></script>`,
  `<script type="speculationrules">${JSON.stringify({
    prerender: [
      {
        where: {
          and: [
            { href_matches: `${base}*` },
            ...["admin/*", "api/*"].map((p) => ({ not: { href_matches: base + p } })),
          ],
        },
        eagerness: "moderate",
      },
    ],
  })}</script>`,
].join("\n    ");
const lang = site.seo.locale.split("-")[0]!;

/** The hash in a published file's name ("media/banner-1a2b3c4d5e.svg", "media/x-1a2b3c4d5e-1200.jpg"). */
const hashOf = (src: string) => /-([0-9a-f]{10})(?:-\d+)?\.\w+$/.exec(src)?.[1] ?? "0";

/** A PNG made from a published image, named after it (so it changes when the source does). */
async function png(src: string, name: string, width: number, height: number, background = "#ffffff") {
  const file = `media/${name}-${hashOf(src)}.png`;
  await sharp(join(dist, src))
    .resize(width, height, { fit: "contain", background })
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(dist, file));
  return `/${file}`;
}

/** The social card: a drawing fitted whole on white (PNG); a photo filling the card (JPEG). */
async function card(src: string) {
  if (src.endsWith(".svg")) return png(src, "social-card", 1200, 630);
  const file = `media/social-card-${hashOf(src)}.jpg`;
  await sharp(join(dist, src))
    .resize(1200, 630, { fit: "cover" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(join(dist, file));
  return `/${file}`;
}

// Social networks do not show SVG images, and Apple devices want a PNG icon.
const socialCard = { src: await card(site.seo.socialImage.src), width: 1200, height: 630 };
const icons = {
  svg: site.seo.favicon.src.endsWith(".svg") ? underBase(base, site.seo.favicon.src) : undefined,
  png: underBase(base, await png(site.seo.favicon.src, "favicon-32", 32, 32, "#00000000")),
  apple: underBase(base, await png(site.seo.favicon.src, "apple-touch-icon", 180, 180)),
};

/**
 * An entry's social card: the picture it names (`shareImage`), else its share image, made from its
 * title and kind with the logo in the site's colours (share-image.ts), cached by what it shows.
 */
const colours = tokens(readFileSync(join(root, "src", "styles", "tokens.css"), "utf8"));
const logoSvg = site.company.logo.src.endsWith(".svg")
  ? readFileSync(join(dist, site.company.logo.src), "utf8")
  : undefined;
const shareStats = { made: 0, cached: 0, ms: 0 };
async function entryCard(entry: NonNullable<PageData["entry"]>): Promise<ShareCard> {
  const own = (collections as unknown as Record<string, { id: string; shareImage?: { src: string; alt: string } }[]>)[
    entry.kind
  ]?.find((fields) => fields.id === entry.id)?.shareImage;
  if (own) return { src: await card(own.src), ...shareImageSize, alt: own.alt };
  const made = await shareImage({
    title: entry.title,
    kind: entry.kindTitle,
    siteName: site.company.name,
    ...(logoSvg ? { logoSvg } : {}),
    colours: { background: colours["color-dark"]!, text: colours["color-on-dark"]!, accent: colours["color-accent"]! },
  });
  shareStats[made.cached ? "cached" : "made"]++;
  const file = `media/share-${entry.id}-${made.hash.slice(0, 10)}.png`;
  writeFileSync(join(dist, file), made.png);
  return { src: `/${file}`, ...shareImageSize, alt: entry.title };
}

/** The site's colour tokens (`--color-<name>: <value>;`), by name. */
function tokens(css: string): Record<string, string> {
  return Object.fromEntries([...css.matchAll(/--(color-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

type ShareCard = { src: string; width: number; height: number; alt: string };

/**
 * Every entry's card, made before the pages, several at a time: sharp draws on libuv's threads, so a
 * thousand guides' images take the machine's cores, not one (made in the pages' order all the same).
 */
async function entryCards(): Promise<Map<string, ShareCard>> {
  const started = performance.now();
  const entries = pages.flatMap((page) => (page.entry ? [page.entry] : []));
  const cards = new Map<string, ShareCard>();
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++]!;
      cards.set(`${entry.kind}/${entry.id}`, await entryCard(entry));
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism() * 2, entries.length) }, worker));
  shareStats.ms = performance.now() - started;
  return cards;
}
const cards = await entryCards();

const written: PageInput[] = [];
for (const page of pages) {
  const notFound = page.route === site.notFoundRoute;
  const body = server.render(page.route);
  // The page's largest first-screen picture is fetched while the head is read, not after the layout.
  const image = imagePreload(body);
  const entry = page.entry
    ? entryHeadOf(site, page.entry, cards.get(`${page.entry.kind}/${page.entry.id}`)!)
    : undefined;
  const feeds = feedLinksOf(site, page, pages);
  const head = [
    renderHead({ site, page, collections, notFound, icons, socialCard, ...(entry ? { entry } : {}), feeds }),
    ...(image ? [image] : []),
    loaderScript,
  ].join("\n    ");
  let html = template
    .replace(appScripts, "")
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace("<!--app-head-->", head)
    .replace("<!--app-html-->", body);
  if (notFound) {
    // Hosts serve this page at any unknown address, where no header rule can name it: it carries its
    // policy itself, first in the head so it covers everything after it.
    const policy = pagePolicy(inlineHashes(html), { tagManager, meta: true });
    html = html.replace(
      '<meta charset="utf-8" />',
      (charset) => `${charset}\n    <meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}" />`,
    );
  }
  const file = notFound ? "404.html" : page.route === "/" ? "index.html" : `${page.route.slice(1)}/index.html`;
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), html);
  written.push({ route: page.route, file, html });
}
// An entry's last change is its "updated", else when it was published.
const mapped = pages.map((page) => ({
  ...page,
  updated: page.updated ?? page.entry?.updated ?? page.entry?.published,
}));
writeFileSync(join(dist, "sitemap.xml"), sitemap(site, mapped));
// Each kind's feeds (RSS, Atom, JSON Feed), at the build's time: what is outside its window then is left out.
const feeds = feedFiles(site, pages, buildClock());
for (const { file, text } of feeds) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), text);
}
writeFileSync(join(dist, "robots.txt"), robots(site));

const policy = basedPolicy(
  describeSite({
    pages: written,
    tagManager,
    redirects,
    files: ["/sitemap.xml", "/robots.txt", ...feeds.map(({ file }) => `/${file}`)],
    ...(process.env.CMS_API_ROOT ? { cmsApiRoot: process.env.CMS_API_ROOT } : {}),
  }),
  base,
);
writeFileSync(join(dist, "_headers"), renderHeadersFile(policy.headers));
writeFileSync(join(dist, "_redirects"), renderRedirectsFile(policy.redirects));
mkdirSync(join(dist, "_nginx"), { recursive: true });
writeFileSync(join(dist, "_nginx", "http.conf"), renderHttpInclude(policy.headers, adminOrigin));
writeFileSync(join(dist, "_nginx", "admin.conf"), renderAdminInclude(adminOrigin));
writeFileSync(join(dist, "_nginx", "server.conf"), renderServerInclude(policy.redirects));
console.log(
  `pre-rendered ${written.length} pages: ${written.map((p) => p.file).join(", ")}; sitemap.xml, robots.txt; ` +
    `${feeds.length} feeds; share images: ${shareStats.made} made, ${shareStats.cached} from the cache in ${Math.round(shareStats.ms)} ms; ` +
    `_headers, _redirects (${policy.redirects.length} redirects), _nginx/`,
);
