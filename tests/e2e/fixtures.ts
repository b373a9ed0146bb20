/** Shared helpers for the browser tests: console errors fail a test; the routes come from content. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

const generated = join(import.meta.dirname, "..", "..", "src", "generated");
const read = <T>(file: string) => JSON.parse(readFileSync(join(generated, file), "utf8")) as T;

export const site = read<{
  notFoundRoute: string;
  contact: { phone: { display: string; e164: string }; email: string };
  callButton: { label: string };
  analytics: { gtmContainerId?: string };
  seo: { titleTemplate: string };
}>("site.json");
const routeFiles = read<{ route: string; file: string }[]>("routes.json");
/** Every route except the not-found page's. */
export const routes = routeFiles.map((r) => r.route).filter((route) => route !== site.notFoundRoute);
/** The not-found page's title, as the browser shows it. */
export const notFoundTitle = site.seo.titleTemplate.replace(
  "%s",
  read<{ title: string }>(routeFiles.find((r) => r.route === site.notFoundRoute)!.file).title,
);
/** The redirects in content/redirects.yaml. */
export const redirects = read<{ from: string; to: string; permanent: boolean }[]>("redirects.json");

/** Fails the test on any console error or warning, or uncaught exception, in the page. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use(problems);
      expect(problems, "console errors or warnings").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The analytics events pushed so far. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window.dataLayer ?? []) as Record<string, unknown>[]);
}

/** Waits until the app has hydrated (the first pageview is pushed from an effect). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
}
