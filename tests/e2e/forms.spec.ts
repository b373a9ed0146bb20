import type { Page } from "@playwright/test";
import type { Form } from "../../schemas/index.ts";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, dataLayer, expect, hydrated, pages, test } from "./fixtures.ts";

const secret = {
  text: "Zelda Secretname",
  email: "zelda.secret@example.com",
  tel: visitorPhone(content.site, 99),
} as const;

/** Every form shown on a page (not in a popup), with the page it is on. */
const inline = pages.flatMap((page) =>
  page.sections.flatMap((section) => {
    const id = inlineForm(section);
    return id ? [{ route: page.route, form: content.forms[id]! }] : [];
  }),
);
const unique = [...new Map(inline.map((entry) => [`${entry.route} ${entry.form.title}`, entry])).values()];

const formOn = (page: Page, form: Form) => page.getByRole("main").getByRole("form", { name: form.title }).first();

for (const { route, form } of unique) {
  test(`the "${form.title}" form on ${route} refuses empty and invalid input and sends valid input`, async ({
    page,
  }) => {
    await page.goto(`${route}?ref=test`);
    await hydrated(page);
    const element = formOn(page, form);
    const field = (label: string) => element.getByLabel(label, { exact: true });
    const submit = element.getByRole("button", { name: form.submitLabel });
    const required = form.fields.filter((f) => f.required);

    await submit.click();
    await expect(page).toHaveURL(`${route}?ref=test`);
    if (required[0]) {
      expect(await field(required[0].label).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
        true,
      );
    }

    for (const f of form.fields) {
      await field(f.label).fill(f.type === "email" ? "not an address" : secret[f.type]);
      await expect(field(f.label)).toHaveAttribute("type", f.type);
      await expect(field(f.label)).toHaveAttribute("autocomplete", f.autocomplete);
    }
    const email = form.fields.find((f) => f.type === "email");
    if (email) {
      await submit.click();
      await expect(page).toHaveURL(`${route}?ref=test`);
      expect(await field(email.label).evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
      await field(email.label).fill(secret.email);
    }
    await submit.click();
    await expect(page).toHaveURL(form.success);

    const places = [
      page.url(),
      JSON.stringify(await dataLayer(page)),
      await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
      ),
    ];
    for (const place of places) for (const value of Object.values(secret)) expect(place).not.toContain(value);
  });
}

test("without JavaScript a submitted form carries nothing into the address", async ({ browser }) => {
  const first = unique[0];
  test.skip(!first, "no page shows a form");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(first!.route);
  const element = formOn(page, first!.form);
  for (const f of first!.form.fields) await element.getByLabel(f.label, { exact: true }).fill(secret[f.type]);
  await element.getByRole("button", { name: first!.form.submitLabel }).click();
  await expect(page).toHaveURL(new RegExp(`${first!.form.success}\\??$`));
  await context.close();
});
