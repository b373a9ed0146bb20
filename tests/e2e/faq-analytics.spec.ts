import { entries, headed, hrefOf, regionIndex, sectionsOf, textOf } from "../content-facts.ts";
import { callButtonName, content, dataLayer, expect, hydrated, keepEvents, site, test } from "./fixtures.ts";

const faqs = headed(sectionsOf(content.pages, "faq")).filter(({ section }) => section.questions.length >= 2);
const faq = faqs[0];

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  test.skip(!faq, "no FAQ with a heading lists two questions or more");
  const { page: data, section } = faq!;
  await page.goto(data.route);
  await hydrated(page);
  const list = page.getByRole("region", { name: section.heading, exact: true }).nth(regionIndex(data, section));
  const questions = list.locator("summary");
  await expect(questions).toHaveCount(section.questions.length);
  const last = section.questions.length - 1;
  await questions.nth(0).click();
  await questions.nth(last).click();
  const open = await list.locator("details").evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  expect(open).toEqual(section.questions.map((_, i) => i === last));
});

test("the FAQ works with JavaScript off", async ({ browser }) => {
  test.skip(!faq, "no FAQ with a heading lists two questions or more");
  const { page: data, section } = faq!;
  const [first, second] = entries(content.collections, section.questions);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(data.route);
  const list = page.getByRole("region", { name: section.heading, exact: true }).nth(regionIndex(data, section));
  // By place, not by words: two questions may read the same.
  const item = (n: number) => list.locator("details").nth(n);
  const answer = (n: number, html: string) => item(n).getByText(textOf(html).slice(0, 40));
  await expect(item(0).locator("summary")).toHaveText(first!.question);
  await item(0).locator("summary").click();
  await expect(answer(0, first!.answer)).toBeVisible();
  await item(1).locator("summary").click();
  await expect(answer(1, second!.answer)).toBeVisible();
  await expect(answer(0, first!.answer)).toBeHidden();
  await context.close();
});

test("each page load pushes exactly one pageview, with its path and query; another page is a page load", async ({
  page,
}) => {
  const link = site.navigation.header.find((l) => l.to.startsWith("/") && l.to !== "/");
  test.skip(!link, "the header links to no other page");
  const kept = await keepEvents(page);
  await page.goto("/?utm_source=newsletter");
  await hydrated(page);
  const views = async () => (await dataLayer(page)).filter((e) => e.event === "pageview");
  expect(await views()).toEqual([
    { event: "pageview", pagePath: "/", pageQuery: "?utm_source=newsletter", pageTitle: await page.title() },
  ]);
  await page.getByRole("banner").getByRole("link", { name: link!.label, exact: true }).click();
  await expect(page).toHaveURL(hrefOf(site, link!.to));
  await hydrated(page);
  // A new document: its own dataLayer, with its own one page view.
  expect((await views()).map((v) => [v.pagePath, v.pageQuery])).toEqual([[link!.to, ""]]);
  const all = (await kept()).filter((e) => e.event === "pageview").map((v) => [v.pagePath, v.pageQuery]);
  expect(all).toEqual([
    ["/", "?utm_source=newsletter"],
    [link!.to, ""],
  ]);
});

test("clicking the call button pushes callLogoClick and dials the toll-free number", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const call = page.getByRole("link", { name: callButtonName });
  await expect(call).toHaveAttribute("href", `tel:${site.contact.phone.e164}`);
  await call.evaluate((a) => a.addEventListener("click", (event) => event.preventDefault()));
  await call.click();
  expect(await dataLayer(page)).toContainEqual({ event: "callLogoClick" });
});

test("nothing third-party loads when no Tag Manager container is set", async ({ page }) => {
  test.skip(Boolean(site.analytics.gtmContainerId), "the site settings name a Tag Manager container");
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto("/");
  await hydrated(page);
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});
