import { dataLayer, expect, hydrated, routes, site, test } from "./fixtures.ts";

for (const route of routes) {
  test(`${route} is served, hydrates without a warning and has the layout`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response!.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const header = page.getByRole("banner");
    for (const [name, href] of [
      ["Home", "/"],
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
    ] as const) {
      await expect(header.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Privacy & Policy", "/privacy"],
      ["Terms & Condition", "/terms"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: site.contact.phone.display })).toHaveAttribute(
      "href",
      `tel:${site.contact.phone.e164}`,
    );
    await expect(footer.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
    await expect(footer).toContainText("independent provider");
    await expect(page.getByRole("link", { name: new RegExp(`^${site.callButton.label}`) })).toHaveAttribute(
      "href",
      `tel:${site.contact.phone.e164}`,
    );
    await expect(page.getByRole("main")).toBeVisible();
  });
}

test("an unknown path returns status 404 with the not-found page", async ({ page, consoleProblems }) => {
  const response = await page.goto("/no/such/page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Expert tech help, whenever you need it");
  // The browser reports the 404 document itself as a failed resource; that one is expected.
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
});

test("pages read completely with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Expert tech help, whenever you need it");
  await expect(page.getByRole("button", { name: /Submit The Form For Assistance/ })).toHaveCount(6);
  await expect(page.getByText("Most Popular")).toBeVisible();
  await expect(page.getByText("Enterprice")).toBeVisible();
  await page.goto("/privacy");
  await expect(page.getByText("18 years of age or older").first()).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: site.contact.phone.display }).first()).toBeVisible();
  await context.close();
});

test("navigating inside the app keeps working after hydration", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tech support that treats you like a neighbor");
  await expect(page).toHaveTitle("About Us | Brightline Tech Support");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Condition" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  await expect.poll(async () => (await dataLayer(page)).filter((e) => e.event === "pageview").length).toBe(3);
});
