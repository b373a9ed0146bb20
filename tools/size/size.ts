/**
 * `npm run size`: the performance budget. Prints the gzipped bytes of JavaScript (code and content
 * apart), CSS and HTML each built page loads, and the image bytes a phone downloads on it, and fails
 * when a budget is broken.
 * In: dist/ (run `npm run build` first). Also builds the floor (tools/size/floor: bare React 19 +
 * React Router hydrating two routes) with the same Vite config into .size-floor/. The images are
 * measured in Chromium (tools/chromium.ts) emulating a phone: 412 × 823 CSS px at 2.625 device
 * pixels per CSS pixel (a common Android phone; Lighthouse's Moto G Power has 1.75, so this is the
 * harsher case), each page loaded afresh from dist/ served as a static host serves it.
 * Budgets: each page's code (JavaScript other than the content chunks) within 15% of the floor, so
 * code cannot grow unnoticed; the content a page ships in JavaScript (the shared content chunk and the
 * page's own module) under its own ceiling, far above what marketing edits add; CSS under 15 KB
 * gzipped; no render-blocking third-party request; every <img> with width and height; no web font
 * without font-display; images a phone downloads: at most 250 KB when the page loads (the first
 * screen, and whatever the browser fetches ahead of scrolling), at most 1,200 KB for the whole page.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../chromium.ts";
import { chunkFiles, isContentChunk, pageSource, readManifest } from "../../scripts/prerender/manifest.ts";
import { createStaticServer } from "../../server/serve.ts";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const floorDir = join(root, ".size-floor");
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

execFileSync(
  process.execPath,
  [
    join(root, "node_modules", "vite", "bin", "vite.js"),
    "build",
    "tools/size/floor",
    "--config",
    "vite.config.ts",
    "--outDir",
    floorDir,
    "--emptyOutDir",
    "--logLevel",
    "error",
  ],
  // The floor is a site of its own: none of the site's entries (/admin/) or chunk groups.
  { cwd: root, stdio: "inherit", env: { ...process.env, SIZE_FLOOR: "1" } },
);
const floorJs = readdirSync(join(floorDir, "assets"))
  .filter((f) => f.endsWith(".js"))
  .reduce((sum, f) => sum + gz(readFileSync(join(floorDir, "assets", f))), 0);
const codeRatio = 1.15;
const jsBudget = Math.floor(floorJs * codeRatio);
const contentCeiling = 100 * 1024;
const cssBudget = 15 * 1024;
const phone = { width: 412, height: 823, deviceScaleFactor: 2.625 };
const imageBudget = { firstLoad: 250 * 1024, page: 1200 * 1024 };

const manifest = readManifest(dist);
const routes = JSON.parse(readFileSync(join(root, "src", "generated", "routes.json"), "utf8")) as {
  route: string;
  file: string;
}[];
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as { notFoundRoute: string };
const entry = chunkFiles(manifest, "index.html");
const failures: string[] = [];

function htmlFor(route: string): string {
  if (route === site.notFoundRoute) return "404.html";
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}

console.log(
  `floor (React 19 + React Router, two routes, hydrated): ${kb(floorJs)} JS gzipped; code budget ${kb(jsBudget)} (floor × ${codeRatio}); content ceiling ${kb(contentCeiling)} per page\n`,
);
interface Downloads {
  bytes: number;
  files: number;
}

/** The image bytes a phone downloads on each page: when it loads, and once scrolled to the end. */
async function imageDownloads(): Promise<Map<string, { firstLoad: Downloads; page: Downloads }>> {
  const server = createStaticServer(dist);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const out = new Map<string, { firstLoad: Downloads; page: Downloads }>();
  try {
    for (const { route } of routes) {
      // A fresh context per page: nothing cached, as on a first visit.
      const context = await browser.newContext({
        viewport: phone,
        deviceScaleFactor: phone.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() === "image") sizes.push(request.sizes().then((s) => s.responseBodySize));
      });
      const total = async (): Promise<Downloads> => {
        const all = await Promise.all(sizes);
        return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
      };
      await page.goto(origin + route, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      const firstLoad = await total();
      // Scrolled through a screen at a time, as a reader would, so every lazy picture loads.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = phone.height; y < height + phone.height; y += phone.height) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(60);
      }
      await page.waitForLoadState("networkidle");
      out.set(route, { firstLoad, page: await total() });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}

const images = await imageDownloads();
console.log(
  `images a phone downloads: ${phone.width} × ${phone.height} CSS px at ${phone.deviceScaleFactor} device px per CSS px, a first visit; ` +
    `budgets ${kb(imageBudget.firstLoad)} when the page loads, ${kb(imageBudget.page)} for the whole page (files in brackets)\n`,
);
console.log(
  "page          code gz  × floor  content gz     CSS gz    HTML gz  <img>   phone images: page load  whole page   (CSS is inlined in the HTML; HTML gz includes it)",
);
for (const { route, file } of routes) {
  const htmlFile = htmlFor(route);
  const html = readFileSync(join(dist, htmlFile), "utf8");
  const js = [...new Set([...entry, ...chunkFiles(manifest, pageSource(file))])];
  const bytes = (files: string[]) => files.reduce((sum, f) => sum + gz(readFileSync(join(dist, f))), 0);
  const jsBytes = bytes(js.filter((f) => !isContentChunk(manifest, f)));
  const contentBytes = bytes(js.filter((f) => isContentChunk(manifest, f)));
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  const cssBytes = css.reduce((sum, f) => sum + gz(readFileSync(join(dist, f))), 0) + (inline ? gz(inline) : 0);
  const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  const phoneImages = images.get(route)!;
  const downloads = (d: Downloads) => `${kb(d.bytes)} (${d.files})`;
  console.log(
    `${route.padEnd(12)} ${kb(jsBytes).padStart(8)} ${(jsBytes / floorJs).toFixed(2).padStart(8)} ${kb(contentBytes).padStart(11)} ${kb(cssBytes).padStart(10)} ${kb(gz(html)).padStart(10)} ${String(imgs.length).padStart(6)} ${downloads(phoneImages.firstLoad).padStart(24)} ${downloads(phoneImages.page).padStart(17)}`,
  );
  if (phoneImages.firstLoad.bytes > imageBudget.firstLoad)
    failures.push(
      `${route}: a phone downloads ${kb(phoneImages.firstLoad.bytes)} of images when the page loads, over the budget of ${kb(imageBudget.firstLoad)}`,
    );
  if (phoneImages.page.bytes > imageBudget.page)
    failures.push(
      `${route}: a phone downloads ${kb(phoneImages.page.bytes)} of images for the whole page, over the budget of ${kb(imageBudget.page)}`,
    );

  if (jsBytes > jsBudget)
    failures.push(`${route}: ${kb(jsBytes)} of code is over the budget of ${kb(jsBudget)} (floor × ${codeRatio})`);
  if (contentBytes > contentCeiling)
    failures.push(
      `${route}: ${kb(contentBytes)} of content in JavaScript is over the ceiling of ${kb(contentCeiling)}`,
    );
  if (cssBytes > cssBudget) failures.push(`${route}: ${kb(cssBytes)} of CSS is over ${kb(cssBudget)}`);
  for (const img of imgs) {
    if (!/ width="\d+"/.test(img) || !/ height="\d+"/.test(img))
      failures.push(`${route}: an image without width and height: ${img}`);
  }
  const head = html.slice(0, html.indexOf("</head>"));
  for (const tag of head.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const external = /(src|href)="(https?:)?\/\//.test(tag) && !/rel="(canonical|alternate)"/.test(tag);
    const blocking = tag.startsWith("<script")
      ? !/\b(async|defer|type="module")/.test(tag)
      : /rel="stylesheet"/.test(tag);
    if (external && blocking) failures.push(`${route}: a render-blocking third-party request: ${tag}`);
  }
}

for (const f of readdirSync(join(dist, "assets")).filter((f) => f.endsWith(".css"))) {
  const text = readFileSync(join(dist, "assets", f), "utf8");
  for (const face of text.match(/@font-face\s*{[^}]*}/g) ?? []) {
    if (!/font-display/.test(face)) failures.push(`assets/${f}: a web font without font-display`);
  }
}
// Every width and format of every picture is published; each browser downloads one of each.
const mediaDir = join(dist, "media");
const media = readdirSync(mediaDir).map((f) => ({ f, size: statSync(join(mediaDir, f)).size }));
const largest = media.reduce((a, b) => (b.size > a.size ? b : a), { f: "", size: 0 });
console.log(
  `\nimages published: ${media.length} files, ${kb(media.reduce((sum, m) => sum + m.size, 0))} in all; largest ${relative(root, join(mediaDir, largest.f))} (${kb(largest.size)})`,
);

if (failures.length) {
  console.error(`\n✖ over budget:\n  ${[...new Set(failures)].join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\n✔ within budget");
}
