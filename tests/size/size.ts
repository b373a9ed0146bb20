/**
 * `npm run size`: the performance budget. Prints the gzipped bytes of JavaScript (code and content
 * apart), CSS and HTML each built page loads, and the image bytes a phone downloads on it, and fails
 * when a budget is broken.
 * In: dist/ (run `npm run build` first). Also builds the floor (tests/size/floor: bare React 19 +
 * React Router hydrating two routes) with the same Vite config into .size-floor/, once per state of its sources (the figure kept in
 * node_modules/.cache/size-floor/). The images are
 * measured in Chromium (tools/shared/chromium.ts) emulating a phone: 412 × 823 CSS px at 2.625 device
 * pixels per CSS pixel (a common Android phone; Lighthouse's Moto G Power has 1.75, so this is the
 * harsher case), each page loaded afresh from dist/ served as a static host serves it.
 * JavaScript is measured in the same Chromium, as each page loads it (src/islands/: a loader, then
 * React and an island's module when a visitor reaches for a form), each script file gzipped (level 9,
 * as the floor) plus inline scripts gzipped: before interaction (the page left idle: no scroll, no
 * input), and after the first form is used (a whole visit: scrolled to the end, the first popup's
 * form, or else the first form, opened, filled in and sent; the lead endpoint answered by the
 * browser as a stored lead, 303).
 * Budgets: at most 4 KB of JavaScript before interaction on every page; at most the floor (1.0×)
 * after the first form is used, so the islands never cost more than the bare framework; CSS under 15 KB
 * gzipped; no render-blocking third-party request; every <img> with width and height; no web font
 * without font-display; images a phone downloads: at most 250 KB when the page loads (the first
 * screen, and whatever the browser fetches ahead of scrolling), at most 1,200 KB for the whole page.
 * /admin/'s first load: at most 700 KB, every file its login screen requests in Chromium until it can
 * be used, gzipped (level 9) as a static host serves it (tools/shared/admin-first-load.ts, which
 * `npm run bench:admin` shares; docs/decisions/0047-admin-weight.md).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { createStaticServer } from "../../server/serve.ts";
import type { PageData, Site } from "../../schemas/index.ts";
import { pagesToVisit, visitorPhone } from "../content-facts.ts";
import { adminBrowserArgs, adminFirstLoad, serveBuilt } from "../../tools/shared/admin-first-load.ts";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const floorDir = join(root, ".size-floor");
const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The floor's JavaScript, gzipped: built once per state of what it is made of (its sources, the Vite
 * configuration, the locked packages), then read from node_modules/.cache/size-floor/. It does not
 * depend on content, so the marketing edits' run and every later run reuse it.
 */
function floorBytes(): number {
  const hash = createHash("sha256");
  const floorSources = join(root, "tests", "size", "floor");
  for (const file of [
    ...readdirSync(floorSources).map((name) => join(floorSources, name)),
    join(root, "vite.config.ts"),
    join(root, "package-lock.json"),
  ].sort())
    hash.update(`\0${relative(root, file)}\0`).update(readFileSync(file));
  const cacheDir = join(root, "node_modules", ".cache", "size-floor");
  const cached = join(cacheDir, `${hash.digest("hex")}.json`);
  if (existsSync(cached)) return (JSON.parse(readFileSync(cached, "utf8")) as { bytes: number }).bytes;
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "tests/size/floor",
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
  const bytes = readdirSync(join(floorDir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .reduce((sum, f) => sum + gz(readFileSync(join(floorDir, "assets", f))), 0);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify({ bytes }));
  return bytes;
}
const floorJs = floorBytes();
const idleBudget = 4 * 1024;
const visitRatio = 1.0;
const visitBudget = Math.floor(floorJs * visitRatio);
const cssBudget = 15 * 1024;
const phone = { width: 412, height: 823, deviceScaleFactor: 2.625 };
const imageBudget = { firstLoad: 250 * 1024, page: 1200 * 1024 };
const adminBudget = 700 * 1024;

// Every page written in content/pages/, and a sample of the many alike that guides and case studies make.
const routes = pagesToVisit(
  (
    JSON.parse(readFileSync(join(root, "src", "generated", "routes.json"), "utf8")) as { route: string; file: string }[]
  ).map(({ file }) => JSON.parse(readFileSync(join(root, "src", "generated", file), "utf8")) as PageData),
).map(({ route }) => ({ route }));
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;
const failures: string[] = [];

function htmlFor(route: string): string {
  if (route === site.notFoundRoute) return "404.html";
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}

console.log(
  `floor (React 19 + React Router, two routes, hydrated): ${kb(floorJs)} JS gzipped; budgets: ${kb(idleBudget)} of JavaScript before interaction, ${kb(visitBudget)} after the first form is used (floor × ${visitRatio})\n`,
);
interface Downloads {
  bytes: number;
  files: number;
}

interface Measured {
  firstLoad: Downloads;
  page: Downloads;
  /** JavaScript gzipped: before interaction (left idle), and after the first form is used (scrolled, a form sent). */
  js: { idle: number; visit: number; form: string };
}

/** The JavaScript a page has run so far: each script file gzipped, once, and its inline scripts gzipped. */
async function scriptBytes(page: Page, files: Map<string, Promise<number>>): Promise<number> {
  const inline = await page.evaluate(() =>
    [...document.scripts]
      .filter((s) => !s.src && (!s.type || s.type === "module" || /(java|ecma)script$/.test(s.type)))
      .map((s) => s.text)
      .join(""),
  );
  const sizes = await Promise.all(files.values());
  return sizes.reduce((a, b) => a + b, 0) + (inline ? gz(inline) : 0);
}

/**
 * Uses a form on the page as a visitor would (the first popup's, else the first): opens its popup, fills it in
 * (a made-up visitor's answers, by each box's type), awaits `beforeSending`, and sends it. Returns which form it was.
 */
async function sendFirstForm(page: Page, beforeSending: () => Promise<void>): Promise<string> {
  // A popup's form where the page has one (on the landing page, the callback popup), else the first form.
  const popups = page.locator("dialog form.lead-form");
  const form = (await popups.count()) > 0 ? popups.first() : page.locator("form.lead-form").first();
  if ((await form.count()) === 0) return "none";
  const popup = await form.evaluate((f) => f.closest("dialog")?.id ?? null);
  if (popup) await page.locator(`button[commandfor="${popup}"][command="show-modal"]`).click();
  const values = { text: "Pat Example", email: "pat@example.com", tel: visitorPhone(site) } as Record<string, string>;
  for (const box of await form.locator("input:not([type=hidden]):not([tabindex='-1'])").all()) {
    await box.click();
    await box.pressSequentially(values[(await box.getAttribute("type")) ?? "text"] ?? "Pat Example");
  }
  const from = page.url();
  await beforeSending();
  await form.locator("button[type=submit]").click();
  await page.waitForURL((url) => url.href !== from, { timeout: 15_000 });
  return popup ? "popup" : "inline";
}

/** One page measured on a phone, in a context of its own: its images, when it loads and scrolled through, and its JavaScript. */
async function measurePage(browser: Browser, origin: string, route: string): Promise<Measured> {
  // A fresh context per page: nothing cached, as on a first visit.
  const context = await browser.newContext({
    viewport: phone,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  const scripts = new Map<string, Promise<number>>();
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "image") sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  // A script's body is read from the moment it is requested, so that a request still on its way
  // is awaited too before the form is sent (below).
  page.on("request", (request) => {
    if (request.resourceType() !== "script" || scripts.has(request.url())) return;
    const bytes = request.response().then(async (response) => (response ? gz(await response.body()) : 0));
    // Its failure is reported where the sizes are added up (scriptBytes), not as a crash now.
    bytes.catch(() => {});
    scripts.set(request.url(), bytes);
  });
  // The lead endpoint answers as it does for a stored lead (the static server has none).
  await page.route("**/api/leads", (request) => request.fulfill({ status: 303, headers: { location: "/" } }));
  const total = async (): Promise<Downloads> => {
    const all = await Promise.all(sizes);
    return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
  };
  await page.goto(origin + route, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  const firstLoad = await total();
  const idle = await scriptBytes(page, scripts);
  // Scrolled through a screen at a time, as a reader would, so every lazy picture loads; each step at
  // once (the site scrolls smoothly: a smooth step took half a second, "/" ten seconds in all).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = phone.height; y < height + phone.height; y += phone.height) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await page.waitForTimeout(60);
  }
  await page.waitForLoadState("networkidle");
  const whole = await total();
  // The scripts' bodies are read before the form is sent: Chromium drops a response's body once
  // its page is navigated away from (on a busy machine, a read could still be pending then).
  const form = await sendFirstForm(page, async () => {
    await Promise.all(scripts.values());
  });
  await page.waitForLoadState("networkidle");
  const measured = { firstLoad, page: whole, js: { idle, visit: await scriptBytes(page, scripts), form } };
  await context.close();
  return measured;
}

/** The image bytes a phone downloads on each page, when it loads and once scrolled to the end; and its JavaScript. */
async function imageDownloads(): Promise<Map<string, Measured>> {
  const server = createStaticServer(dist);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const out = new Map<string, Measured>();
  try {
    // A few pages at a time: a page's measuring mostly waits (for the network to settle, for lazy
    // pictures); each has its own context, so what one downloads is never counted for another.
    const queue = routes.map(({ route }) => route);
    const worker = async () => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift())
        out.set(route, await measurePage(browser, origin, route));
    };
    await Promise.all([worker(), worker(), worker()]);
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
  "JavaScript, gzipped, per page: before interaction (loaded and left idle: no scroll, no input); after the first form is used\n" +
    "(scrolled to the end, then the first popup's form, else the first form, opened, filled in and sent: the form column; × floor of it)\n",
);
console.log(
  "page         JS before interaction  JS after the first form is used  × floor  (form)      CSS gz    HTML gz  <img>   phone images: page load  whole page   (CSS is inlined in the HTML; HTML gz includes it)",
);
for (const { route } of routes) {
  const htmlFile = htmlFor(route);
  const html = readFileSync(join(dist, htmlFile), "utf8");
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
  const cssBytes = css.reduce((sum, f) => sum + gz(readFileSync(join(dist, f))), 0) + (inline ? gz(inline) : 0);
  const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  const phoneImages = images.get(route)!;
  const { js } = phoneImages;
  const downloads = (d: Downloads) => `${kb(d.bytes)} (${d.files})`;
  console.log(
    `${route.padEnd(12)} ${kb(js.idle).padStart(21)} ${kb(js.visit).padStart(32)} ${(js.visit / floorJs).toFixed(2).padStart(8)}  ${`(${js.form})`.padEnd(9)} ${kb(cssBytes).padStart(8)} ${kb(gz(html)).padStart(10)} ${String(imgs.length).padStart(6)} ${downloads(phoneImages.firstLoad).padStart(24)} ${downloads(phoneImages.page).padStart(17)}`,
  );
  if (phoneImages.firstLoad.bytes > imageBudget.firstLoad)
    failures.push(
      `${route}: a phone downloads ${kb(phoneImages.firstLoad.bytes)} of images when the page loads, over the budget of ${kb(imageBudget.firstLoad)}`,
    );
  if (phoneImages.page.bytes > imageBudget.page)
    failures.push(
      `${route}: a phone downloads ${kb(phoneImages.page.bytes)} of images for the whole page, over the budget of ${kb(imageBudget.page)}`,
    );

  if (js.idle > idleBudget)
    failures.push(`${route}: ${kb(js.idle)} of JavaScript before interaction is over the budget of ${kb(idleBudget)}`);
  if (js.visit > visitBudget)
    failures.push(
      `${route}: ${kb(js.visit)} of JavaScript after the first form is used is over the budget of ${kb(visitBudget)} (floor × ${visitRatio})`,
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

// /admin/'s login screen, as a static host serves dist/ (its own parts load once it is idle: counted apart).
{
  const served = await serveBuilt(dist);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: adminBrowserArgs });
  try {
    const admin = await adminFirstLoad(browser, served.port);
    console.log(
      `\n/admin/'s first load (the login screen, until it can be used): ${kb(admin.bytes)} gzipped in ${admin.files.length} files ` +
        `(scripts ${kb(admin.scriptBytes)}); budget ${kb(adminBudget)}. Then, once it is idle: ${kb(admin.later.bytes)} in ${admin.later.files} files`,
    );
    if (admin.bytes > adminBudget)
      failures.push(`/admin/: its first load is ${kb(admin.bytes)} gzipped, over the budget of ${kb(adminBudget)}`);
  } finally {
    await browser.close();
    await served.close();
  }
}

if (failures.length) {
  console.error(`\n✖ over budget:\n  ${[...new Set(failures)].join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\n✔ within budget");
}
