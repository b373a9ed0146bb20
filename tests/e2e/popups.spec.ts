import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

const services = ["Laptop & Computer", "PC & MAC", "Tablet", "IOS & Android", "Network Setup", "Printer"];
const plans = ["Starter", "Professional", "Enterprice"];

async function fill(dialog: Locator) {
  await dialog.getByLabel("Full name").fill("Pat Example");
  await dialog.getByLabel("Email address").fill("pat@example.com");
  await dialog.getByLabel("Phone number").fill("555-0100");
}

async function checkPopup(page: Page, opener: Locator, submitLabel: string, context: string) {
  const dialog = page.getByRole("dialog");
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(context);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await fill(dialog);
  await dialog.getByRole("button", { name: submitLabel }).click();
  await expect(page).toHaveURL("/thankyou");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("A technician will get back to you soon");
}

for (const service of services) {
  test(`the ${service} popup opens, closes with Close and Escape, and sends to /thankyou`, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const opener = page.getByRole("button", { name: `Submit The Form For Assistance: ${service}` });
    await expect(opener).toHaveText("Submit The Form For Assistance");
    await checkPopup(page, opener, "Request a callback", service);
  });
}

for (const plan of plans) {
  test(`the subscribe popup for ${plan} opens, closes and sends to /thankyou`, async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await checkPopup(page, page.getByRole("button", { name: `Subscribe Now: ${plan}` }), "Subscribe", plan);
  });
}

test("the popup is modal: the page behind is inert and Tab stays inside", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Submit The Form For Assistance: Printer" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Full name")).toBeFocused();
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
