import {
  addressLine,
  entries,
  headed,
  hrefOf,
  mainHeading,
  regionIndex,
  sectionsOf,
  textOf,
} from "../content-facts.ts";
import {
  callButtonName,
  content,
  dataLayer,
  expect,
  hydrated,
  notFoundPage,
  page as pageAt,
  pages,
  routes,
  site,
  test,
} from "./fixtures.ts";

for (const route of routes) {
  test(`${route} is served, hydrates without a warning and has the layout`, async ({ page }) => {
    const response = await page.goto(route);
    expect(response!.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(pageAt(route)));

    const footer = page.getByRole("contentinfo");
    // "Your Privacy Choices" in every footer, the agency's icon beside it; without scripts, the page about them.
    const choices = footer.getByRole("link", { name: site.privacy.choices.link, exact: true });
    await expect(choices.locator("svg.privacy-icon")).toHaveCount(1);
    if (site.privacy.choices.page) await expect(choices).toHaveAttribute("href", site.privacy.choices.page);
    await expect(footer).toContainText(textOf(site.footer.disclaimer));
    if (pageAt(route).landing) {
      // A campaign landing page: the logo and the phone in its header, no navigation; the legal links in its footer.
      const header = page.getByRole("banner");
      await expect(header.getByRole("navigation")).toHaveCount(0);
      expect(await header.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
        `tel:${site.contact.phone.e164}`,
      ]);
      await expect(header.getByRole("img", { name: site.company.logo.alt })).toBeVisible();
      const legal = (site.footer.legalLinks ?? []).map((link) => [link.label, hrefOf(site, link.to)]);
      const footerLinks = await footer
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
      expect(footerLinks.slice(0, -1)).toEqual(legal);
      return;
    }
    const navigation = page.getByRole("banner").getByRole("navigation");
    const links = await navigation
      .getByRole("link")
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual(site.navigation.header.map((link) => [link.label, hrefOf(site, link.to)]));
    for (const link of site.navigation.footer) {
      await expect(footer.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
        "href",
        hrefOf(site, link.to),
      );
    }
    await expect(footer.getByRole("link", { name: site.contact.phone.display })).toHaveAttribute(
      "href",
      `tel:${site.contact.phone.e164}`,
    );
    await expect(footer.getByRole("link", { name: site.contact.email })).toHaveAttribute(
      "href",
      `mailto:${site.contact.email}`,
    );
    await expect(footer).toContainText(addressLine(site));
    await expect(page.getByRole("link", { name: callButtonName })).toHaveAttribute(
      "href",
      `tel:${site.contact.phone.e164}`,
    );
    await expect(page.getByRole("main")).toBeVisible();
  });
}

test("an unknown path returns status 404 with the not-found page", async ({ page, consoleProblems }) => {
  const response = await page.goto("/no/such/page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(notFoundPage));
  await hydrated(page);
  // The browser reports the 404 document itself as a failed resource; that one is expected.
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
});

test("pages read completely with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const data of pages) {
    await page.goto(data.route);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(data));
    for (const section of data.sections.slice(1)) {
      if (section.heading === undefined) continue;
      await expect(page.getByRole("heading", { name: section.heading, exact: true }).first()).toBeVisible();
    }
  }
  for (const { page: data, section } of headed(sectionsOf(content.pages, "pricing"))) {
    await page.goto(data.route);
    const region = page.getByRole("region", { name: section.heading, exact: true }).nth(regionIndex(data, section));
    for (const plan of entries(content.collections, section.plans)) {
      // A plan's name may also be another heading's: the first in its own section is enough.
      await expect(region.getByRole("heading", { name: plan.name, exact: true }).first()).toBeVisible();
    }
  }
  await context.close();
});

test("moving between pages loads each page whole, with its title and one page view", async ({ page }) => {
  const first = site.navigation.header.find((link) => link.to.startsWith("/") && link.to !== "/");
  const second = site.navigation.footer.find((link) => link.to.startsWith("/") && link.to !== first?.to);
  test.skip(!first || !second, "the header and footer link to too few pages");
  await page.goto("/");
  await hydrated(page);
  for (const [where, link] of [
    ["banner", first!],
    ["contentinfo", second!],
  ] as const) {
    await page.getByRole(where).getByRole("link", { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(link.to);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(pageAt(link.to)));
    await expect(page).toHaveTitle(site.seo.titleTemplate.replace("%s", pageAt(link.to).title));
    await hydrated(page);
    expect((await dataLayer(page)).filter((e) => e.event === "pageview").map((e) => e.pagePath)).toEqual([link.to]);
  }
});
