import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { answers, entries, headed, inlineForm, regionIndex, sectionsOf, textOf } from "../content-facts.ts";
import { callButtonName, content, expect, hydrated, openers, pages, routes, site, test } from "./fixtures.ts";

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

  // One popup of each form the site opens in a popup.
  const popups = [...new Map(openers.map((o) => [o.form.title, o])).values()];
  for (const opener of popups) {
    test(`no violations with the "${opener.form.title}" popup open`, async ({ page }) => {
      await page.goto(opener.route);
      await hydrated(page);
      await page.getByRole("button", { name: opener.name, exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe("with the keyboard only", () => {
  test("reach and open a popup, Tab stays inside, Escape closes it and focus returns", async ({ page }) => {
    const first = openers[0];
    test.skip(!first, "no section opens a popup");
    await page.goto(first!.route);
    await hydrated(page);
    const opener = page.getByRole("button", { name: first!.name, exact: true });
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

  const inline = pages.flatMap((page) =>
    page.sections.flatMap((s) => (inlineForm(s) ? [{ page, id: inlineForm(s)! }] : [])),
  )[0];
  test("fill in and send a form on the page", async ({ page }) => {
    test.skip(!inline, "no page shows a form");
    const form = content.forms[inline!.id]!;
    await page.goto(inline!.page.route);
    await hydrated(page);
    const [first, ...rest] = answers(form, content.site);
    const input = page
      .getByRole("main")
      .getByRole("form", { name: form.title })
      .first()
      .getByLabel(first!.label, { exact: true });
    while (!(await input.evaluate((el) => el === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.type(first!.value);
    for (const { value } of rest) {
      await page.keyboard.press("Tab");
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(form.success);
  });

  const faq = headed(sectionsOf(content.pages, "faq")).find(({ section }) => section.questions.length >= 2);
  test("open FAQ answers", async ({ page }) => {
    test.skip(!faq, "no FAQ with a heading lists two questions or more");
    const [first, second] = entries(content.collections, faq!.section.questions);
    await page.goto(faq!.page.route);
    await hydrated(page);
    const list = page
      .getByRole("region", { name: faq!.section.heading, exact: true })
      .nth(regionIndex(faq!.page, faq!.section));
    // By place, not by words: two questions may read the same.
    const item = (n: number) => list.locator("details").nth(n);
    const answer = (n: number, html: string) => item(n).getByText(textOf(html).slice(0, 40));
    await expect(item(0).locator("summary")).toHaveText(first!.question);
    await item(0).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(answer(0, first!.answer)).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(answer(1, second!.answer)).toBeVisible();
    await expect(answer(0, first!.answer)).toBeHidden();
  });

  test("the skip link leads to the main content, and focus is always visible", async ({ page }) => {
    await page.goto(routes.find((r) => r !== "/") ?? "/");
    await hydrated(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: site.navigation.skipLink });
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

  // A long entry (a guide with a table of contents): its contents reached by keyboard lead to each heading.
  const long = pages.find((p) => (p.entry?.toc.length ?? 0) > 0);
  test("a long entry's table of contents: each link, reached with Tab, takes you to its heading", async ({ page }) => {
    test.skip(!long, "no entry is long enough for a table of contents");
    const item = long!.entry!.toc.at(-1)!;
    // The jump itself, not the site's smooth scrolling towards it (which a reader may turn off too).
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(long!.route);
    await hydrated(page);
    const contents = page.getByRole("navigation", { name: site.entryPages.words.onThisPage });
    const link = contents.getByRole("link", { name: item.text, exact: true });
    for (let i = 0; i < 60 && !(await link.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`#${item.id}$`));
    await expect(page.locator(`[id="${item.id}"]`)).toBeInViewport();
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
      await expect(page.getByRole("link", { name: callButtonName })).toBeInViewport();
    }
  });
});
