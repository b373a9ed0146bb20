/**
 * Each section's styles live in its folder (sections/<type>/<type>.css) and are loaded with its
 * renderer; the built pages still carry every stylesheet inline, with no stylesheet to fetch: each
 * page's one <style> holds the shared styles and every section's own. Expectations come from the
 * stylesheets in the repository and the pages in dist/.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";

const root = join(import.meta.dirname, "..", "..");
const dist = join(root, "dist");
const pages = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter(
  (file) => file.endsWith(".html") && !file.startsWith("admin"),
);
const sheets = [
  "src/styles/site.css",
  "ui/sections/cards.css",
  ...readdirSync(join(root, "sections"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .map((file) => `sections/${file}`),
];
/** The class names a stylesheet's rules name. */
const classesOf = (css: string) => [...new Set(css.replace(/\/\*[\s\S]*?\*\//g, "").match(/\.[a-z][\w-]*/g) ?? [])];

test("every built page inlines the shared styles and each section's own, and links no stylesheet", () => {
  expect(pages.length).toBeGreaterThan(0);
  expect(sheets.length).toBeGreaterThan(2);
  for (const file of pages) {
    const html = readFileSync(join(dist, file), "utf8");
    expect(html, file).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
    for (const sheet of sheets) {
      const classes = classesOf(readFileSync(join(root, sheet), "utf8"));
      expect(classes.length, sheet).toBeGreaterThan(0);
      for (const name of classes) expect(styles, `${file}: ${name} from ${sheet}`).toContain(name);
    }
  }
});
