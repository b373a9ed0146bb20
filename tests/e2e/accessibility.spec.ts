import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, routes, site, test } from "./fixtures.ts";

const wcag22aa = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test.describe("axe, WCAG 2.2 AA", () => {
  for (const route of [...routes, site.notFoundRoute]) {
    test(`${route} has no violations`, async ({ page, consoleProblems }) => {
      await page.goto(route);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
    });
  }

  test("no violations with the assistance popup open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Submit The Form For Assistance: Tablet" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("no violations with the subscribe popup open", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Subscribe Now: Professional" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("with the keyboard only", () => {
  test("reach and open a popup, Tab stays inside, Escape closes it and focus returns", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const opener = page.getByRole("button", { name: "Submit The Form For Assistance: Laptop & Computer" });
    let presses = 0;
    while (!(await opener.evaluate((el) => el === document.activeElement)) && presses < 60) {
      await page.keyboard.press("Tab");
      presses++;
    }
    await expect(opener).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Past the dialog's last control, focus may go to the browser's own toolbar (the body is then
    // active), never to the page behind the modal.
    const inside = () =>
      page.evaluate(
        () => Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body,
      );
    const visited = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.textContent || document.activeElement?.id || ""));
    }
    expect(visited.size).toBeGreaterThanOrEqual(4);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("fill in and send the callback form", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    const name = page.getByRole("main").getByLabel("Full name");
    while (!(await name.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.type("Kay Board");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kay@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("555-0123");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/thankyou");
  });

  test("open FAQ answers", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const first = page.locator(".faq summary").first();
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("A technician talks you through")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByText("Every session is encrypted")).toBeVisible();
    await expect(page.getByText("A technician talks you through")).toBeHidden();
  });

  test("the skip link leads to the main content, and focus is always visible", async ({ page }) => {
    await page.goto("/about");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      const outline = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
      expect(outline).not.toMatch(/^none|0px$/);
    }
  });
});

test.describe("structure", () => {
  for (const route of routes) {
    test(`${route}: landmarks, one h1 and headings in order`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      const levels = await page
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i++)
        expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
    });
  }

  test("usable at 200% zoom: nothing scrolls sideways and the call button stays on screen", async ({ page }) => {
    // 200% zoom of a 1280 px window is a 640 px wide CSS viewport.
    await page.setViewportSize({ width: 640, height: 400 });
    for (const route of routes) {
      await page.goto(route);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(640);
      await expect(page.getByRole("link", { name: /^24X7 Toll Free Number/ })).toBeInViewport();
    }
  });
});
