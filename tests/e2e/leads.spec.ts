/**
 * Leads in the browser, with JavaScript on and off: the inline forms and the service and plan popups
 * post to the lead endpoint `npm start` serves; the lead (with the chosen service or plan) is stored,
 * as `npm run leads` lists it; the dataLayer gets `generate_lead` and nothing typed; refused input is
 * shown on the form; an endpoint that cannot be reached leaves the visitor on the form, told to call.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import type { Form } from "../../schemas/index.ts";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, dataLayer, expect, hydrated, keepEvents, openers, pages, site, test } from "./fixtures.ts";
import { storedWith } from "./stored-leads.ts";

const inline = [
  ...new Map(
    pages.flatMap((page) =>
      page.sections.flatMap((section) => {
        const id = inlineForm(section);
        return id ? [[id, { route: page.route, id, form: content.forms[id]! }] as const] : [];
      }),
    ),
  ).values(),
];
const popups = [...new Map(openers.map((o) => [o.form.title, o])).values()];
const formId = (form: Form) => Object.entries(content.forms).find(([, f]) => f === form)![0];

let counter = 0;
/** Values for each field, unique to this test, so its lead can be found. */
function visitor(form: Form) {
  const n = `${Date.now()}${counter++}${Math.floor(Math.random() * 1000)}`;
  const values: Record<string, string> = {};
  for (const f of form.fields)
    values[f.name] =
      f.type === "email" ? `e2e${n}@example.com` : f.type === "tel" ? visitorPhone(content.site) : `Pat Tester${n}`;
  const email = Object.values(values).find((v) => v.includes("@")) ?? values[form.fields[0]!.name]!;
  return { values, email };
}

async function fill(scope: Locator, form: Form, values: Record<string, string>) {
  for (const f of form.fields) await scope.getByLabel(f.label, { exact: true }).fill(values[f.name]!);
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

for (const javaScript of [true, false]) {
  const mode = javaScript ? "with JavaScript" : "without JavaScript";

  for (const { route, id, form } of inline) {
    test(`${mode}, the "${form.title}" form on ${route} stores the lead and lands on ${form.success}`, async ({
      page: jsPage,
      browser,
    }) => {
      const page = javaScript ? jsPage : await noJsPage(browser);
      // The page's clock is Playwright's, so a person's moment before sending takes no real time.
      if (javaScript) await page.clock.install();
      const kept = await keepEvents(page);
      await page.goto(route);
      if (javaScript) await hydrated(page);
      const element = page.getByRole("main").getByRole("form", { name: form.title }).first();
      if (form.consent) await expect(element).toContainText(form.consent);
      const { values, email } = visitor(form);
      await fill(element, form, values);
      // A person takes a moment; the endpoint counts a form sent too soon after it was first touched as
      // spam (with JavaScript: without it, the honeypot alone decides).
      if (javaScript) await page.clock.runFor(1100);
      await element.getByRole("button", { name: form.submitLabel }).click();
      await expect(page).toHaveURL(form.success);
      const [stored] = await storedWith(email);
      expect(stored).toMatchObject({
        form: id,
        page: route,
        spam: null,
        fields: values,
        consent: form.consent ?? null,
      });
      if (javaScript) {
        const events = await kept();
        expect(events).toContainEqual({ event: "generate_lead", formId: id });
        for (const value of Object.values(values)) expect(JSON.stringify(events)).not.toContain(value);
      }
      for (const value of Object.values(values))
        expect(page.url()).not.toContain(encodeURIComponent(value).slice(0, 10));
      if (!javaScript) await page.context().close();
    });
  }

  for (const opener of popups) {
    test(`${mode}, "${opener.name}" opens its popup and the lead carries "${opener.context}"`, async ({
      page: jsPage,
      browser,
    }) => {
      const page = javaScript ? jsPage : await noJsPage(browser);
      // The page's clock is Playwright's, so a person's moment before sending takes no real time.
      if (javaScript) await page.clock.install();
      const kept = await keepEvents(page);
      await page.goto(opener.route);
      if (javaScript) await hydrated(page);
      await page.getByRole("button", { name: opener.name, exact: true }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(opener.context);
      await dialog.getByRole("button", { name: opener.form.closeLabel }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: opener.name, exact: true }).click();
      const { values, email } = visitor(opener.form);
      await fill(dialog, opener.form, values);
      if (javaScript) await page.clock.runFor(1100);
      await dialog.getByRole("button", { name: opener.form.submitLabel }).click();
      await expect(page).toHaveURL(opener.form.success);
      const [stored] = await storedWith(email);
      expect(stored).toMatchObject({
        form: formId(opener.form),
        page: opener.route,
        choice: opener.context,
        spam: null,
        fields: values,
      });
      if (javaScript) {
        const events = await kept();
        expect(events).toContainEqual({ event: "generate_lead", formId: formId(opener.form), choice: opener.context });
        for (const value of Object.values(values)) expect(JSON.stringify(events)).not.toContain(value);
      }
      if (!javaScript) await page.context().close();
    });
  }
}

const first = inline[0];
const tel = first?.form.fields.find((f) => f.type === "tel");

/** Drops the one console line an expected failed request leaves (the browser logs every 4xx and refused connection). */
function expectLogged(problems: string[], pattern: RegExp) {
  const rest = problems.filter((p) => !pattern.test(p));
  expect(rest.length).toBeLessThan(problems.length);
  problems.splice(0, problems.length, ...rest);
}

test("with JavaScript, input the endpoint refuses is shown on the form, with what was typed kept", async ({
  page,
  consoleProblems,
}) => {
  test.skip(!first || !tel, "no inline form with a phone field");
  await page.goto(first!.route);
  await hydrated(page);
  const element = page.getByRole("main").getByRole("form", { name: first!.form.title }).first();
  const { values, email } = visitor(first!.form);
  // Brackets and dashes pass the browser's pattern; without digits the endpoint refuses it.
  values[tel!.name] = "(((-----)))";
  await fill(element, first!.form, values);
  await element.getByRole("button", { name: first!.form.submitLabel }).click();
  const input = element.getByLabel(tel!.label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(tel!.label));
  await expect(input).toBeFocused();
  await expect(page).toHaveURL(first!.route);
  for (const f of first!.form.fields)
    await expect(element.getByLabel(f.label, { exact: true })).toHaveValue(values[f.name]!);
  expect(await storedWith(email)).toEqual([]);
  expect((await dataLayer(page)).some((e) => e.event === "generate_lead")).toBe(false);
  expectLogged(consoleProblems, /status of 422/);
});

test("a phone number that cannot be called is refused at its field in words, with what was typed kept", async ({
  page,
  consoleProblems,
}) => {
  test.skip(!first || !tel, "no inline form with a phone field");
  await page.goto(first!.route);
  await hydrated(page);
  const element = page.getByRole("main").getByRole("form", { name: first!.form.title }).first();
  const { values, email } = visitor(first!.form);
  // Written as the site's country writes numbers, so the browser's pattern passes it; no such number exists.
  values[tel!.name] = visitorPhone(content.site).replace(/\d/g, "0");
  await fill(element, first!.form, values);
  await element.getByRole("button", { name: first!.form.submitLabel }).click();
  const input = element.getByLabel(tel!.label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(`^${tel!.label}: .*can be called`));
  await expect(input).not.toHaveAccessibleDescription(/TOO_SHORT|INVALID|NOT_A_NUMBER|E\.164/);
  await expect(input).toBeFocused();
  for (const f of first!.form.fields)
    await expect(element.getByLabel(f.label, { exact: true })).toHaveValue(values[f.name]!);
  expect(await storedWith(email)).toEqual([]);
  expectLogged(consoleProblems, /status of 422/);
});

test("without JavaScript, refused input gets a page that says what to correct and links back", async ({ browser }) => {
  test.skip(!first || !tel, "no inline form with a phone field");
  const page = await noJsPage(browser);
  await page.goto(first!.route);
  const element = page.getByRole("main").getByRole("form", { name: first!.form.title }).first();
  const { values, email } = visitor(first!.form);
  values[tel!.name] = "(((-----)))";
  await fill(element, first!.form, values);
  await element.getByRole("button", { name: first!.form.submitLabel }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(tel!.label, { exact: false })).toBeVisible();
  await page.getByRole("link", { name: /back to the form/i }).click();
  await expect(page).toHaveURL(first!.route);
  expect(await storedWith(email)).toEqual([]);
  await page.context().close();
});

test("when the endpoint cannot be reached, the visitor stays on the form with what they typed, told to try again or call", async ({
  page,
  consoleProblems,
}) => {
  test.skip(!first, "no page shows a form");
  await page.route("**/api/leads", (route) => route.abort("connectionrefused"));
  await page.goto(first!.route);
  await hydrated(page);
  const element = page.getByRole("main").getByRole("form", { name: first!.form.title }).first();
  const { values } = visitor(first!.form);
  await fill(element, first!.form, values);
  await element.getByRole("button", { name: first!.form.submitLabel }).click();
  await expect(element.getByRole("alert")).toContainText(site.contact.phone.display);
  await expect(element.getByRole("link", { name: site.contact.phone.display })).toHaveAttribute(
    "href",
    `tel:${site.contact.phone.e164}`,
  );
  await expect(page).toHaveURL(first!.route);
  for (const f of first!.form.fields)
    await expect(element.getByLabel(f.label, { exact: true })).toHaveValue(values[f.name]!);
  expect((await dataLayer(page)).some((e) => e.event === "generate_lead")).toBe(false);
  expectLogged(consoleProblems, /ERR_CONNECTION_REFUSED/);
});
