import type { Locator, Page } from "@playwright/test";
import type { Form } from "../../schemas/index.ts";
import { answers, mainHeading } from "../content-facts.ts";
import { expect, hydrated, openers, page as pageAt, site, test } from "./fixtures.ts";

async function fill(dialog: Locator, form: Form) {
  for (const { label, value } of answers(form, site)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

/** Opens `opener`'s popup, checks what titles it, and closes it with its button, then with Escape. */
async function openAndClose(page: Page, opener: Locator, form: Form, context: string) {
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
}

// One page load for every popup of a page; the last one's form is sent. That each card's form
// carries its card is tests/components/behaviour.test.tsx's, and a lead stored with it from a card
// of each form, with and without JavaScript, is leads.spec.ts's.
for (const route of [...new Set(openers.map((opener) => opener.route))]) {
  const onPage = openers.filter((opener) => opener.route === route);
  test(`on ${route}, every popup (${onPage.length}) opens titled with its card, closes with its button and Escape; the last one sends`, async ({
    page,
  }) => {
    await page.goto(route);
    await hydrated(page);
    for (const { name, text, context, form } of onPage) {
      const opener = page.getByRole("button", { name, exact: true });
      await expect(opener).toHaveText(text);
      await openAndClose(page, opener, form, context);
    }
    const last = onPage.at(-1)!;
    const dialog = page.getByRole("dialog");
    await page.getByRole("button", { name: last.name, exact: true }).click();
    await fill(dialog, last.form);
    await dialog.getByRole("button", { name: last.form.submitLabel }).click();
    await expect(page).toHaveURL(last.form.success);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(mainHeading(pageAt(last.form.success)));
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
