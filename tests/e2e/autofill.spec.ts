/**
 * The spam rules against people's browsers (decision 0033): a browser's autofill and a password
 * manager fill a form in one go, hidden fields included, by matching each field's name, id, label,
 * placeholder and autocomplete against what they know (as Chromium's autofill heuristics and the
 * managers' identity filling do; autocomplete="off" ignored, as they mostly ignore it). A person who
 * lets them fill the form and sends it at a person's speed is not held as spam; a robot that fills
 * every field, or fills and sends at once, is. The page's clock is Playwright's, so a person's
 * pauses take no real time. Leads are read back as `npm run leads` lists them (stored-leads.ts).
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, expect, hydrated, pages, test } from "./fixtures.ts";
import { storedWith } from "./stored-leads.ts";

const target = pages
  .flatMap((page) =>
    page.sections.flatMap((section) => {
      const id = inlineForm(section);
      return id ? [{ route: page.route, id, form: content.forms[id]! }] : [];
    }),
  )
  .find(({ form }) => form.fields.some((f) => f.type === "email"));

/**
 * What autofill or a password manager puts in a field it recognises, keyed by the patterns their
 * heuristics match (Chromium's autofill_regex_constants: name, e-mail, phone, company; the managers'
 * identity and login items add the web address and the user name).
 */
function identity(n: string) {
  return [
    { pattern: "e.?mail|courriel", value: `autofill${n}@example.com` },
    { pattern: "phone|mobile|tel", value: visitorPhone(content.site) },
    { pattern: "company|business|organi[sz]ation", value: "Example Ltd" },
    { pattern: "url|website|web.?site|homepage|site", value: "https://example.com" },
    { pattern: "user.?name|login", value: `autofill${n}` },
    { pattern: "name", value: `Pat Autofill${n}` },
  ];
}

/**
 * Fills `form` as autofill and managers do: every input they recognise, visible or not, at once,
 * each with the events a typed value has. `everything` is a robot's way: every text input whatever
 * it is called. Returns the names it filled.
 */
function autofill(form: Locator, n: string, everything = false): Promise<string[]> {
  return form.evaluate(
    (element, { rules, everything }) => {
      const filled: string[] = [];
      for (const input of element.querySelectorAll<HTMLInputElement>("input")) {
        if (["hidden", "submit", "button", "checkbox", "radio"].includes(input.type)) continue;
        const label = input.id
          ? (element.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.textContent ?? "")
          : "";
        const signature = [input.name, input.id, label, input.placeholder, input.getAttribute("autocomplete")].join(
          " ",
        );
        const rule = rules.find((r) => new RegExp(r.pattern, "i").test(signature));
        const value = rule?.value ?? (everything ? "robot" : undefined);
        if (value === undefined) continue;
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        filled.push(input.name);
      }
      return filled;
    },
    { rules: identity(n), everything },
  );
}

let counter = 0;
const unique = () => `${Date.now()}${counter++}`;
const formOn = (page: Page) => page.getByRole("main").getByRole("form", { name: target!.form.title }).first();
const sendButton = (page: Page) => formOn(page).getByRole("button", { name: target!.form.submitLabel });

async function noJsPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ javaScriptEnabled: false })).newPage();
}

test.describe("autofill and password managers against the spam rules", () => {
  test.skip(!target, "no inline form with an e-mail field");

  test("with JavaScript, a person who lets autofill fill the form, hidden fields included, and sends it is not held", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(target!.route);
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const n = unique();
    // The person clicks into the first field, picks the suggestion, then clicks "send": under a
    // second from the click, well within a second and a half of the page appearing.
    await formOn(page).getByLabel(target!.form.fields[0]!.label, { exact: true }).click();
    await page.clock.runFor(400);
    const filled = await autofill(formOn(page), n);
    expect(filled.length, "autofill recognised the form's fields").toBeGreaterThan(0);
    await page.clock.runFor(400);
    await sendButton(page).click();
    await expect(page).toHaveURL(target!.form.success);
    const [stored] = await storedWith(`autofill${n}@example.com`);
    expect(stored, "the lead is stored").toBeDefined();
    expect(stored!.spam).toBeNull();
  });

  test("with JavaScript, a person who began filling the form before the page's script ran and sends it at once is not held", async ({
    page,
  }) => {
    // The page's scripts arrive late (a slow connection): the visitor types into the pre-rendered form meanwhile.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.clock.install();
    // Not "domcontentloaded": that waits for the page's (deferred) module script, which is held back.
    await page.goto(target!.route, { waitUntil: "commit" });
    const n = unique();
    for (const f of target!.form.fields)
      await formOn(page)
        .getByLabel(f.label, { exact: true })
        .fill(
          f.type === "email"
            ? `autofill${n}@example.com`
            : f.type === "tel"
              ? visitorPhone(content.site)
              : `Pat Early${n}`,
        );
    release();
    await hydrated(page);
    // No time passes between the script taking over and "send": when the visitor began is unknown,
    // so no time is sent and the honeypot alone decides.
    await page.clock.pauseAt(Date.now() + 60_000);
    await sendButton(page).click();
    await expect(page).toHaveURL(target!.form.success);
    const [stored] = await storedWith(`autofill${n}@example.com`);
    expect(stored, "the lead is stored").toBeDefined();
    expect(stored!.spam).toBeNull();
  });

  test("without JavaScript, a person's autofill, hidden fields included, is not held", async ({ browser }) => {
    const page = await noJsPage(browser);
    await page.goto(target!.route);
    const n = unique();
    await autofill(formOn(page), n);
    await sendButton(page).click();
    await expect(page).toHaveURL(target!.form.success);
    const [stored] = await storedWith(`autofill${n}@example.com`);
    expect(stored!.spam).toBeNull();
    await page.context().close();
  });

  test("a robot that fills every field is held, with JavaScript and without", async ({ page, browser }) => {
    for (const javaScript of [true, false]) {
      const tab = javaScript ? page : await noJsPage(browser);
      if (javaScript) await tab.clock.install();
      await tab.goto(target!.route);
      if (javaScript) await hydrated(tab);
      const n = unique();
      await autofill(formOn(tab), n, true);
      // Slow enough that the time rule does not decide.
      if (javaScript) await tab.clock.runFor(5_000);
      await sendButton(tab).click();
      await expect(tab).toHaveURL(target!.form.success);
      const [stored] = await storedWith(`autofill${n}@example.com`);
      expect(stored!.spam, javaScript ? "with JavaScript" : "without JavaScript").toBe("honeypot filled");
      if (!javaScript) await tab.context().close();
    }
  });

  test("with JavaScript, a robot that fills the form and sends it at once is held, however long the page was open", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(target!.route);
    await hydrated(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    // Long after the page appeared (a robot that waits out a timer from page load).
    await page.clock.runFor(30_000);
    const n = unique();
    for (const f of target!.form.fields)
      await formOn(page)
        .getByLabel(f.label, { exact: true })
        .fill(
          f.type === "email" ? `autofill${n}@example.com` : f.type === "tel" ? visitorPhone(content.site) : `Bot ${n}`,
        );
    await sendButton(page).click();
    await expect(page).toHaveURL(target!.form.success);
    const [stored] = await storedWith(`autofill${n}@example.com`);
    expect(stored!.spam).toBe("sent too fast");
  });
});
