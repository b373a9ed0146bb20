import type { Locator, Page } from "@playwright/test";
import type { Form } from "../../schemas/index.ts";
import { answers, mainHeading } from "../content-facts.ts";
import { expect, hydrated, openers, page as pageAt, site, test } from "./fixtures.ts";

async function fill(dialog: Locator, form: Form) {
  for (const { label, value } of answers(form, site)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

async function checkPopup(page: Page, opener: Locator, form: Form, context: string) {
  const dialog = page.getByRole("dialog");
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(context);
  await dialog.getByRole("button", { name: form.closeLabel }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await fill(dialog, form);
  await dialog.getByRole("button", { name: form.submitLabel }).click();
  await expect(page).toHaveURL(form.success);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(pageAt(form.success)));
}

for (const { route, name, text, context, form } of openers) {
  test(`on ${route}, "${name}" opens its form, closes with its button and Escape, and sends`, async ({ page }) => {
    await page.goto(route);
    await hydrated(page);
    const opener = page.getByRole("button", { name, exact: true });
    await expect(opener).toHaveText(text);
    await checkPopup(page, opener, form, context);
  });
}

test("the popup is modal: the page behind is inert and Tab stays inside", async ({ page }) => {
  const first = openers[0];
  test.skip(!first, "no section opens a popup");
  await page.goto(first!.route);
  await hydrated(page);
  await page.getByRole("button", { name: first!.name, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel(first!.form.fields[0]!.label, { exact: true })).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body,
      ),
    ).toBe(true);
  }
  // A click outside the panel (on the backdrop) closes it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});
