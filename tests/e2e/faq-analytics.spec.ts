import { dataLayer, expect, hydrated, test } from "./fixtures.ts";

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const questions = page.locator(".faq summary");
  await expect(questions).toHaveCount(5);
  await questions.nth(0).click();
  await questions.nth(3).click();
  const open = await page.locator(".faq details").evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
  expect(open).toEqual([false, false, false, true, false]);
});

test("the FAQ works with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const questions = page.locator(".faq summary");
  await questions.nth(1).click();
  await expect(page.getByText("Every session is encrypted")).toBeVisible();
  await questions.nth(2).click();
  await expect(page.getByText("Every session is encrypted")).toBeHidden();
  await context.close();
});

test("a pageview is pushed on the first load and on each client-side navigation, with path and query", async ({
  page,
}) => {
  await page.goto("/?utm_source=newsletter");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL("/contact");
  await expect.poll(async () => (await dataLayer(page)).length).toBe(2);
  await page.goBack();
  await expect(page).toHaveURL("/?utm_source=newsletter");
  // Going back is a client-side navigation too, and restores the query.
  const views = async () =>
    (await dataLayer(page)).filter((e) => e.event === "pageview").map((v) => [v.pagePath, v.pageQuery]);
  await expect.poll(views).toEqual([
    ["/", "?utm_source=newsletter"],
    ["/contact", ""],
    ["/", "?utm_source=newsletter"],
  ]);
});

test("clicking the call button pushes callLogoClick and dials the toll-free number", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  const call = page.getByRole("link", { name: /^24X7 Toll Free Number/ });
  await call.evaluate((a) => a.addEventListener("click", (event) => event.preventDefault()));
  await call.click();
  expect(await dataLayer(page)).toContainEqual({ event: "callLogoClick" });
});

test("nothing third-party loads when no Tag Manager container is set", async ({ page }) => {
  const hosts = new Set<string>();
  page.on("request", (request) => hosts.add(new URL(request.url()).host));
  await page.goto("/");
  await hydrated(page);
  expect([...hosts]).toEqual([new URL(page.url()).host]);
});
