/**
 * A pull request's preview, built under a sub-path (BASE_PATH, tests/preview/run.ts), in Chromium:
 * every page loads everything from under the base and nothing from the host's root, every picture
 * loads, the navigation clicks through, the redirects and the not-found page work there, and the
 * lead form posts and lands on its success page, with JavaScript and without (where a lead endpoint
 * runs: the "serve" project). What is expected comes from the content the preview was built from.
 */
import type { Page } from "@playwright/test";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, expect, hydrated, notFoundTitle, pages, redirects, site, test } from "../e2e/fixtures.ts";

const base = process.env.PREVIEW_BASE ?? "/pr-123/";
/** A route's address relative to the preview (Playwright's baseURL ends in the base). */
const at = (route: string) => (route === "/" ? "./" : route.slice(1));
const title = (pageTitle: string) => site.seo.titleTemplate.replace("%s", pageTitle);

/** The paths of every request the page makes to its own host. */
function ownRequests(page: Page, origin: () => string): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin === origin()) paths.push(url.pathname);
  });
  return paths;
}

for (const { route, title: pageTitle } of pages) {
  test(`${route}: everything it loads is under ${base}, and every picture loads`, async ({ page, baseURL }) => {
    const requests = ownRequests(page, () => new URL(baseURL!).origin);
    const response = await page.goto(at(route));
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page).toHaveTitle(title(pageTitle));
    const images = page.locator("img");
    for (const image of await images.all()) {
      // Each picture brought into view (a lazy one loads only then; at once, not with the site's
      // smooth scrolling), then waited for until it has loaded or failed: however long the page,
      // and however busy the machine.
      const width = await image.evaluate(async (img: HTMLImageElement) => {
        img.scrollIntoView({ block: "center", behavior: "instant" });
        if (!img.complete)
          await new Promise((settled) => {
            img.addEventListener("load", settled, { once: true });
            img.addEventListener("error", settled, { once: true });
          });
        return img.naturalWidth;
      });
      expect(width, `${(await image.getAttribute("src")) ?? "an image without src"} has loaded`).toBeGreaterThan(0);
      expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toMatch(
        new RegExp(`^${base}`),
      );
    }
    for (const link of await page.locator("a[href^='/']").all()) {
      expect(await link.getAttribute("href")).toMatch(new RegExp(`^${base}`));
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(
      requests.filter((path) => !path.startsWith(base)),
      "requests outside the preview's path",
    ).toEqual([]);
  });
}

test("the pre-rendered pages name every address of the site under the base", async ({ request }) => {
  for (const { route } of pages) {
    const html = await (await request.get(at(route))).text();
    const rooted = [...html.matchAll(/\s(?:href|src|srcset|imagesrcset|action)="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(rooted.length, route).toBeGreaterThan(0);
    expect(
      rooted.filter((address) => !address.startsWith(base) && !address.startsWith("//")),
      route,
    ).toEqual([]);
  }
});

test("the header's and footer's links click through to their pages under the base", async ({ page }) => {
  await page.goto("./");
  await hydrated(page);
  const links = page.locator("header a[href^='/'], footer a[href^='/']");
  const hrefs = [...new Set(await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")!)))];
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const route = href
      .slice(base.length - 1)
      .split("#")[0]!
      .replace(/(.)\/$/, "$1");
    const target = pages.find((p) => p.route === route);
    if (!target) continue; // an anchor or a file, not a page
    await page.locator(`header a[href="${href}"], footer a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${base}${route.slice(1)}$`));
    await expect(page).toHaveTitle(title(target.title));
  }
});

test("an unknown address under the base answers with the not-found page", async ({ page, consoleProblems }) => {
  const response = await page.goto("no-such-page-for-the-preview-test");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(notFoundTitle);
  await hydrated(page);
  // The browser reports the 404 document itself as a failed resource; that one is expected.
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
});

test("the redirects of content/redirects.yaml work under the base", async ({ request }) => {
  test.skip(redirects.length === 0, "content has no redirects");
  for (const { from, to, permanent } of redirects) {
    const response = await request.get(at(from), { maxRedirects: 0 });
    expect(response.status(), from).toBe(permanent ? 301 : 302);
    const location = response.headers().location!;
    expect(location, from).toBe(to.startsWith("/") ? base + to.slice(1) : to);
  }
});

const inline = pages.flatMap((page) =>
  page.sections.flatMap((section) => {
    const id = inlineForm(section);
    return id ? [{ route: page.route, form: content.forms[id]! }] : [];
  }),
);
for (const javaScript of [true, false]) {
  test(`${javaScript ? "with" : "without"} JavaScript, the lead form posts under the base and lands on its success page`, async ({
    page: jsPage,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "serve", "a static host has no lead endpoint");
    test.skip(inline.length === 0, "content has no inline form");
    const { route, form } = inline[0]!;
    const page = javaScript
      ? jsPage
      : await (await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL })).newPage();
    await page.goto(at(route));
    if (javaScript) await hydrated(page);
    const element = page.getByRole("main").getByRole("form", { name: form.title }).first();
    const n = `${Date.now()}${javaScript ? 1 : 0}`;
    for (const f of form.fields) {
      const value =
        f.type === "email" ? `preview${n}@example.com` : f.type === "tel" ? visitorPhone(site) : `Pat Preview${n}`;
      await element.getByLabel(f.label, { exact: true }).fill(value);
    }
    await element.getByRole("button", { name: form.submitLabel }).click();
    await expect(page).toHaveURL(new RegExp(`${base}${form.success.slice(1)}$`));
    await expect(page).toHaveTitle(title(content.pages.find((p) => p.route === form.success)!.title));
    if (!javaScript) await page.context().close();
  });
}
