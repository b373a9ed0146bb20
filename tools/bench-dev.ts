/**
 * `npm run bench:dev`: how fast a content edit reaches the open page in `npm run dev`.
 * Starts the Vite dev server on a copy of content/ (in .bench/dev-content), opens the home page in
 * Debian's Chromium (CHROMIUM_PATH overrides), then saves edits to the hero heading and times how
 * long until the page shows them; then saves an invalid edit and times the problems panel, then the fix.
 * Prints the figures; also says whether the page updated in place (no full reload).
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { createServer } from "vite";
import { chromiumArgs, chromiumPath } from "./chromium.ts";

const root = join(import.meta.dirname, "..");
const content = join(root, ".bench", "dev-content");
rmSync(content, { recursive: true, force: true });
cpSync(join(root, "content"), content, { recursive: true });
process.env.CONTENT_DIR = content;

const server = await createServer({
  configFile: join(root, "vite.config.ts"),
  server: { port: 0, host: "127.0.0.1" },
  logLevel: "silent",
});
await server.listen();
const url = server.resolvedUrls!.local[0]!;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const page = await browser.newPage();
const home = join(content, "pages", "home.yaml");
const original = readFileSync(home, "utf8");
const heading = "Expert tech help, whenever you need it";

try {
  await page.goto(url);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  const times: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const text = `Edited heading number ${i}`;
    const started = performance.now();
    writeFileSync(home, original.replace(heading, text));
    await page.getByRole("heading", { level: 1, name: text }).waitFor({ timeout: 10_000 });
    times.push(performance.now() - started);
  }
  const inPlace = await page.evaluate(() => (window as unknown as { marker?: boolean }).marker === true);

  let started = performance.now();
  writeFileSync(home, original.replace("  - type: about", "  - type: abuot"));
  const overlay = page.locator("#content-problems");
  await overlay.waitFor({ state: "attached", timeout: 10_000 });
  const overlayMs = performance.now() - started;
  const overlayText = await overlay.evaluate((el) => el.shadowRoot?.textContent ?? "");

  started = performance.now();
  writeFileSync(home, original);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor({ timeout: 10_000 });
  await overlay.waitFor({ state: "detached", timeout: 10_000 });
  const recoverMs = performance.now() - started;

  const sorted = [...times].sort((a, b) => a - b);
  console.log("content edit → page in the dev server (Chromium, hot update)\n");
  console.log(`edits: ${times.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
  console.log(
    `median ${sorted[2]!.toFixed(0)} ms, worst ${sorted[4]!.toFixed(0)} ms (target < 1000 ms) ${sorted[4]! < 1000 ? "✔" : "✖"}`,
  );
  console.log(`updated in place, without a full reload: ${inPlace ? "yes" : "no"}`);
  console.log(
    `invalid edit → problems panel: ${overlayMs.toFixed(0)} ms; it says: ${/home\.yaml, line \d+, column \d+.*abuot/.test(overlayText) ? "file, line, column, field and message ✔" : overlayText.slice(0, 200)}`,
  );
  console.log(`fix → panel gone and page updated: ${recoverMs.toFixed(0)} ms`);
} finally {
  writeFileSync(home, original);
  await browser.close();
  await server.close();
}
