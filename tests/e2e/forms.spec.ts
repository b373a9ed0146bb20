import { dataLayer, expect, hydrated, test } from "./fixtures.ts";

const secret = { name: "Zelda Secretname", email: "zelda.secret@example.com", phone: "555-0199" };

for (const route of ["/", "/about", "/contact"]) {
  test(`the callback form on ${route} refuses empty and invalid input and sends valid input to /thankyou`, async ({
    page,
  }) => {
    await page.goto(`${route}?ref=test`);
    await hydrated(page);
    const form = page.getByRole("main").getByRole("form", { name: "Request a callback" });
    const submit = form.getByRole("button", { name: "Request a callback" });

    await submit.click();
    await expect(page).toHaveURL(`${route}?ref=test`);
    expect(await form.getByLabel("Full name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );

    await form.getByLabel("Full name").fill(secret.name);
    await form.getByLabel("Email address").fill("not an address");
    await form.getByLabel("Phone number").fill(secret.phone);
    await submit.click();
    await expect(page).toHaveURL(`${route}?ref=test`);
    expect(
      await form.getByLabel("Email address").evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
    ).toBe(true);
    await expect(form.getByLabel("Phone number")).toHaveAttribute("type", "tel");
    await expect(form.getByLabel("Full name")).toHaveAttribute("autocomplete", "name");

    await form.getByLabel("Email address").fill(secret.email);
    await submit.click();
    await expect(page).toHaveURL("/thankyou");

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
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const form = page.getByRole("main").getByRole("form", { name: "Request a callback" });
  await form.getByLabel("Full name").fill(secret.name);
  await form.getByLabel("Email address").fill(secret.email);
  await form.getByLabel("Phone number").fill(secret.phone);
  await form.getByRole("button", { name: "Request a callback" }).click();
  await expect(page).toHaveURL(/\/thankyou\??$/);
  await context.close();
});
