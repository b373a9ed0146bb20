import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const [path, w, h, out, scrollY] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
await page.goto("http://127.0.0.1:4173" + path, { waitUntil: "networkidle" });
await page.evaluate(y => window.scrollTo(0, y), +scrollY);
await page.waitForTimeout(400);
await page.screenshot({ path: out });
await browser.close();
