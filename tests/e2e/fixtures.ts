/**
 * Shared helpers for the browser tests: console errors fail a test. What the tests expect comes from
 * the content the site was built from (the generated modules), never from literals.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { Collections, Form, PageData, Site } from "../../schemas/index.ts";
import { entries, escapeRegExp, pagesToVisit, sectionsOf, type ContentFacts } from "../content-facts.ts";

const generated = join(import.meta.dirname, "..", "..", "src", "generated");
const read = <T>(file: string) => JSON.parse(readFileSync(join(generated, file), "utf8")) as T;

const routeFiles = read<{ route: string; file: string }[]>("routes.json");
export const content: ContentFacts = {
  site: read<Site>("site.json"),
  collections: read<Collections>("collections.json"),
  forms: read<Record<string, Form>>("forms.json"),
  pages: routeFiles.map(({ file }) => read<PageData>(file)),
};
export const site = content.site;
/** Every page but the not-found page (of the pages guides and case studies make, a sample: pagesToVisit). */
export const pages = pagesToVisit(content.pages).filter((page) => page.route !== site.notFoundRoute);
export const routes = pages.map((page) => page.route);
export const notFoundPage = content.pages.find((page) => page.route === site.notFoundRoute)!;
export const page = (route: string) => content.pages.find((p) => p.route === route)!;
/** The floating call button's accessible name starts with its label. */
export const callButtonName = new RegExp(`^${escapeRegExp(site.callButton.label)}`);

/** A card's button that opens a section's form in a popup, titled with the card's name. */
function opener(route: string, section: { buttonLabel: string; form: { id: string } }, title: string) {
  return {
    route,
    name: `${section.buttonLabel}: ${title}`,
    text: section.buttonLabel,
    context: title,
    form: content.forms[section.form.id]!,
  };
}

/** Every popup opener on the site: each service card and plan card, with its form and what titles it. */
export const openers = [
  ...sectionsOf(content.pages, "services").flatMap(({ page, section }) =>
    entries(content.collections, section.services).map((service) => opener(page.route, section, service.title)),
  ),
  ...sectionsOf(content.pages, "pricing").flatMap(({ page, section }) =>
    entries(content.collections, section.plans).map((plan) => opener(page.route, section, plan.name)),
  ),
];

/** The not-found page's title, as the browser shows it. */
export const notFoundTitle = site.seo.titleTemplate.replace("%s", notFoundPage.title);
/** The redirects in content/redirects.yaml. */
export const { redirects } = read<{ redirects: { from: string; to: string; permanent: boolean }[] }>("redirects.json");

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

/** Waits until the page's script (the islands' loader) has run: it pushes the load's page view. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
}

/**
 * Keeps every analytics event the tab pushes, across page loads (a form sent goes to its success
 * page by loading it, a link to another page likewise); call before the first `goto`. Kept in the
 * tab's sessionStorage by a script the test adds to every document; returns what reads them.
 */
export async function keepEvents(page: Page): Promise<() => Promise<Record<string, unknown>[]>> {
  await page.addInitScript(() => {
    const layer = (window.dataLayer ??= []);
    const push = layer.push.bind(layer);
    layer.push = (...events: object[]) => {
      const kept = JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]") as object[];
      sessionStorage.setItem("e2e-events", JSON.stringify([...kept, ...events]));
      return push(...events);
    };
  });
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-events") ?? "[]") as Record<string, unknown>[]);
}
