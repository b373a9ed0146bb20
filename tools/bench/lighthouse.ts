/**
 * `npm run lighthouse`: Lighthouse 12 (mobile, simulated throttling) on the built site, served
 * locally the way a static host serves it, with the tests' Chromium (tools/shared/chromium.ts;
 * CHROMIUM_PATH overrides).
 * In: dist/ (run `npm run build` first). Out: the four category scores and LCP, TBT and CLS per page.
 * Usage: node --import tsx tools/bench/lighthouse.ts [route ...]   (default: every route)
 */
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../shared/chromium.ts";
import { createStaticServer } from "../../server/serve.ts";

const root = join(import.meta.dirname, "..", "..");
const routes =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : (JSON.parse(readFileSync(join(root, "src", "generated", "routes.json"), "utf8")) as { route: string }[])
        .map((r) => r.route)
        // Lighthouse does not audit a page served with status 404.
        .filter(
          (route) =>
            route !==
            (JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as { notFoundRoute: string })
              .notFoundRoute,
        );

const server = createStaticServer(join(root, "dist"));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

const rows: string[][] = [];
try {
  for (const route of routes) {
    const result = await lighthouse(`http://127.0.0.1:${port}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      formFactor: "mobile",
      throttlingMethod: "simulate",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const lhr = result!.lhr;
    const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? "-";
    rows.push([
      route,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      audit("largest-contentful-paint"),
      audit("total-blocking-time"),
      audit("cumulative-layout-shift"),
    ]);
    const failing = Object.values(lhr.audits).filter(
      (a) =>
        a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual",
    );
    for (const a of failing) console.log(`  ${route}: ${a.id} (${a.score}) ${a.displayValue ?? ""}`);
    const lcp = lhr.audits["largest-contentful-paint-element"]?.details as
      { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
    const element = lcp?.items?.[0]?.items?.[0]?.node?.snippet;
    if (element) console.log(`  ${route}: LCP element ${element.slice(0, 120)}`);
  }
} finally {
  await chrome.kill();
  server.close();
}

const header = ["page", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log(`\nLighthouse ${"12"} · mobile · simulated throttling\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));
