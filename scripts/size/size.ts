/**
 * `npm run size`: the performance budget. Prints the gzipped bytes of JavaScript (code and content
 * apart), CSS and HTML each built page loads, and fails when a budget is broken.
 * In: dist/ (run `npm run build` first). Also builds the floor (scripts/size/floor: bare React 19 +
 * React Router hydrating two routes) with the same Vite config into .size-floor/.
 * Budgets: each page's code (JavaScript other than the content chunks) within 15% of the floor, so
 * code cannot grow unnoticed; the content a page ships in JavaScript (the shared content chunk and the
 * page's own module) under its own ceiling, far above what marketing edits add; CSS under 15 KB
 * gzipped; no render-blocking third-party request; every <img> with width and height; no web font
 * without font-display; every image file under 200 KB.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { chunkFiles, isContentChunk, pageSource, readManifest } from "../prerender/manifest.ts";

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
    "scripts/size/floor",
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
console.log(
  "page          code gz  × floor  content gz     CSS gz    HTML gz   images   (CSS is inlined in the HTML; HTML gz includes it)",
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
  const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  console.log(
    `${route.padEnd(12)} ${kb(jsBytes).padStart(8)} ${(jsBytes / floorJs).toFixed(2).padStart(8)} ${kb(contentBytes).padStart(11)} ${kb(cssBytes).padStart(10)} ${kb(gz(html)).padStart(10)}   ${images.length}`,
  );

  if (jsBytes > jsBudget)
    failures.push(`${route}: ${kb(jsBytes)} of code is over the budget of ${kb(jsBudget)} (floor × ${codeRatio})`);
  if (contentBytes > contentCeiling)
    failures.push(
      `${route}: ${kb(contentBytes)} of content in JavaScript is over the ceiling of ${kb(contentCeiling)}`,
    );
  if (cssBytes > cssBudget) failures.push(`${route}: ${kb(cssBytes)} of CSS is over ${kb(cssBudget)}`);
  for (const img of images) {
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
const mediaDir = join(dist, "media");
let mediaBytes = 0;
for (const f of readdirSync(mediaDir)) {
  const size = statSync(join(mediaDir, f)).size;
  mediaBytes += size;
  if (size > 200 * 1024) failures.push(`${relative(root, join(mediaDir, f))}: ${kb(size)} is over 200 KB; compress it`);
}
console.log(`\nimages: ${readdirSync(mediaDir).length} files, ${kb(mediaBytes)} in all`);

if (failures.length) {
  console.error(`\n✖ over budget:\n  ${[...new Set(failures)].join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("\n✔ within budget");
}
