/**
 * Privacy choices and calls (issue 60), on the built site with the stand-in Tag Manager container
 * (./tag-manager-stand-in.ts, which follows Consent Mode: its Ads tag fires only with ad_storage
 * granted, its analytics tag only with analytics_storage granted).
 * The regime is the content's; each test sets the one it tries on the page's choices dialog before
 * the loader reads it (as the container's id is set), so both are tried whatever the content says.
 * Proves: Consent Mode's defaults are the dataLayer's first message, before the page view and the
 * container, from the stored choice else the regime; the "Your Privacy Choices" dialog (keyboard
 * only, 320 px, focus kept inside and given back, Escape, axe) keeps an opt-out across pages and
 * applies it at once; Global Privacy Control (init script and Sec-GPC header) denies ad_* before any
 * tag on every page, is shown as honoured, and is recorded with the lead; the opt-in banner's Accept
 * all and Reject all weigh the same; nothing moves (CLS 0); every tel: link pushes click_to_call with
 * where it was before the dialer opens, the dialer waiting for the tag's hit, never past eventTimeout;
 * a lead's stored record has its attribution and the consent state it was sent under; without
 * JavaScript no tag loads. (Campaign landing pages are proven on fixture content:
 * tests/components/layout.test.tsx, tests/prerender/head.test.ts.)
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { ConsentRegime } from "../../schemas/index.ts";
import { tagsWaitMs } from "../../ui/analytics.ts";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { callButtonName, content, expect, hydrated, pages, routes, site, test } from "./fixtures.ts";
import { storedWith } from "./stored-leads.ts";
import { startStandIn, type StandIn } from "./tag-manager-stand-in.ts";

const wcag22aa = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const words = site.privacy;

let standIn: StandIn;
test.beforeAll(async () => {
  standIn = await startStandIn();
});
test.afterAll(() => standIn.close());
test.use({ bypassCSP: true });

/** The site's regime as the page carries it, set before the loader reads it; layout shifts summed in `window.e2eShift`. */
async function setUp(page: Page, regime: ConsentRegime, container = true) {
  if (container) await standIn.serve(page);
  await page.addInitScript((regime) => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") document.getElementById("privacy-choices")!.dataset.regime = regime;
    });
    const shifts = window as unknown as { e2eShift: number };
    shifts.e2eShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.e2eShift += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  }, regime);
}

/** The dataLayer, gtag commands (Arguments objects) as `{ gtag: [...] }`. */
const messages = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((m) =>
      Object.prototype.toString.call(m) === "[object Arguments]" ? { gtag: [...(m as unknown as unknown[])] } : m,
    ),
  ) as Promise<Record<string, unknown>[]>;

const all = (state: "granted" | "denied") => ({
  ad_storage: state,
  ad_user_data: state,
  ad_personalization: state,
  analytics_storage: state,
});
const adsDenied = { ...all("denied"), analytics_storage: "granted" };

/** Consent Mode's defaults are the page's first message, and they are `state`. */
async function expectDefaults(page: Page, state: Record<string, string>) {
  await hydrated(page);
  const [first, second] = await messages(page);
  expect(first).toEqual({ gtag: ["consent", "default", { ...state, wait_for_update: expect.any(Number) }] });
  expect(second).toMatchObject({ event: "pageview" });
}

const lastUpdate = async (page: Page) =>
  (await messages(page)).filter((m) => Array.isArray(m.gtag) && m.gtag[1] === "update").at(-1)?.gtag;

/** Each tel: link the dialer was asked to open, in order (Chromium's DevTools: a navigation the page requested). */
async function dialler(page: Page): Promise<string[]> {
  const dialled: string[] = [];
  const session = await page.context().newCDPSession(page);
  await session.send("Page.enable");
  session.on("Page.frameRequestedNavigation", ({ url }) => {
    if (url.startsWith("tel:")) dialled.push(url);
  });
  return dialled;
}

const choicesLink = (page: Page) =>
  page.getByRole("contentinfo").getByRole("link", { name: words.choices.link, exact: true });
const choicesDialog = (page: Page) => page.getByRole("dialog", { name: words.choices.heading });
const axe = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).withTags(wcag22aa).analyze()).violations.map((v) => v.id);

const firstForm = pages
  .flatMap((p) => p.sections.map((section) => ({ route: p.route, id: inlineForm(section) })))
  .find((found) => found.id !== undefined);

/** Fills in and sends the first inline form the content has; returns the e-mail address it was sent with. */
async function sendFirstForm(page: Page, tag: string): Promise<string> {
  const form = content.forms[firstForm!.id!]!;
  await page.goto(firstForm!.route);
  const element = page.getByRole("main").getByRole("form", { name: form.title }).first();
  const email = `${tag}${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  for (const field of form.fields)
    await element
      .getByLabel(field.label, { exact: true })
      .fill(field.type === "email" ? email : field.type === "tel" ? visitorPhone(site) : "Pat Consent");
  await element.getByRole("button", { name: form.submitLabel }).click();
  await expect(page).toHaveURL(form.success);
  return email;
}

test("opt-out regime: granted by default; the choices dialog, by keyboard at 320 px, opts out at once, kept across pages and recorded with the lead", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await setUp(page, "opt-out");
  const click = `e2e-click-${Date.now()}`;
  await page.goto(`${routes[0]!}?utm_source=e2e&gclid=${click}`);
  await expectDefaults(page, all("granted"));

  const link = choicesLink(page);
  await link.focus();
  await page.keyboard.press("Enter");
  const dialog = choicesDialog(page);
  await expect(dialog).toBeVisible();
  const allow = dialog.getByRole("radio", { name: words.choices.allow });
  const optOut = dialog.getByRole("radio", { name: words.choices.optOut });
  await expect(allow).toBeChecked();
  await expect(allow).toBeFocused();
  await expect(dialog.getByText(words.choices.signalHonored)).toBeHidden();
  expect(await axe(page, "#privacy-choices")).toEqual([]);
  // It fits a 320 px screen: nothing wider than the viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  // Tab keeps to the dialog (the page behind is inert).
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => document.activeElement?.closest("#privacy-choices") !== null || document.activeElement === document.body,
      ),
    ).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  expect(await lastUpdate(page)).toBeUndefined();

  // Opened again, the opt-out chosen and saved with the keyboard alone.
  await page.keyboard.press("Enter");
  await expect(allow).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(optOut).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: words.choices.save })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
  await expect.poll(() => lastUpdate(page)).toEqual(["consent", "update", adsDenied]);
  expect(await page.evaluate(() => (window as unknown as { e2eShift: number }).e2eShift)).toBe(0);

  // The next page starts opted out, and a call fires no Ads tag.
  standIn.hits.length = 0;
  await page.goto(routes[1] ?? routes[0]!);
  await expectDefaults(page, adsDenied);
  const dialled = await dialler(page);
  await page.getByRole("link", { name: callButtonName }).click();
  await expect.poll(() => dialled).toEqual([`tel:${site.contact.phone.e164}`]);
  expect(standIn.hits.filter((hit) => hit.tag === "ads")).toEqual([]);
  expect(standIn.hits.filter((hit) => hit.tag === "fault")).toEqual([]);

  // A lead sent now records the opt-out beside where the visit came from.
  test.skip(!firstForm, "no page shows a form");
  const [stored] = await storedWith(await sendFirstForm(page, "opted-out"));
  expect(stored!.attribution).toMatchObject({ utm_source: "e2e", gclid: click });
  expect(stored!.ad_consent).toEqual({ ad_user_data: "denied", gpc: false });
});

test.describe("with Global Privacy Control", () => {
  test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

  test("ad_* are denied before any tag on every page, over a stored choice; the choices say the signal is honoured; a call fires no Ads tag", async ({
    page,
    consoleProblems,
  }) => {
    await setUp(page, "opt-out");
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true, configurable: true });
      localStorage.setItem("privacy-choice", "granted");
    });
    // The same loader on every page: a page and the not-found page (served for any unknown address).
    for (const route of [routes.at(-1)!, site.notFoundRoute]) {
      await page.goto(route);
      await expectDefaults(page, adsDenied);
    }
    // The not-found page's one line: its status.
    consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
    await choicesLink(page).click();
    const dialog = choicesDialog(page);
    await expect(dialog.getByText(words.choices.signalHonored, { exact: true })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: words.choices.optOut })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: words.choices.allow })).toBeDisabled();
    expect(await axe(page, "#privacy-choices")).toEqual([]);
    await page.keyboard.press("Escape");
    standIn.hits.length = 0;
    const dialled = await dialler(page);
    await page.getByRole("link", { name: callButtonName }).click();
    await expect.poll(() => dialled).toHaveLength(1);
    expect(standIn.hits.filter((hit) => hit.tag === "ads")).toEqual([]);
  });
});

test("opt-in regime: denied until chosen; the banner's Accept all and Reject all weigh the same; a choice is kept, and tags fire only once granted", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await setUp(page, "opt-in");
  standIn.hits.length = 0;
  await page.goto(routes[0]!);
  await expectDefaults(page, all("denied"));
  const banner = page.getByRole("region", { name: words.banner.label });
  await expect(banner).toBeVisible();
  expect(await axe(page, ".consent-banner")).toEqual([]);
  const accept = banner.getByRole("button", { name: words.banner.acceptAll, exact: true });
  const reject = banner.getByRole("button", { name: words.banner.rejectAll, exact: true });
  const look = (button: typeof accept) =>
    button.evaluate((b) => {
      const style = getComputedStyle(b);
      return [
        style.backgroundColor,
        style.color,
        style.fontSize,
        style.fontWeight,
        style.borderStyle,
        (b as HTMLElement).offsetHeight,
      ];
    });
  expect(await look(accept)).toEqual(await look(reject));
  await reject.click();
  await expect(banner).toBeHidden();
  await expect.poll(() => lastUpdate(page)).toEqual(["consent", "update", all("denied")]);
  expect(await page.evaluate(() => (window as unknown as { e2eShift: number }).e2eShift)).toBe(0);

  // Rejected: the next page asks nothing and its page view fires no analytics tag.
  await page.goto(routes[1] ?? routes[0]!);
  await expectDefaults(page, all("denied"));
  await expect(banner).toBeHidden();
  expect(standIn.hits.filter((hit) => hit.tag === "analytics")).toEqual([]);

  // Changed in the dialog to allow: applied at once; the next page's view fires the analytics tag.
  await choicesLink(page).click();
  await choicesDialog(page).getByRole("radio", { name: words.choices.allow }).check();
  await choicesDialog(page).getByRole("button", { name: words.choices.save }).click();
  await expect(choicesDialog(page)).toBeHidden();
  await expect.poll(() => lastUpdate(page)).toEqual(["consent", "update", all("granted")]);
  await page.goto(routes[0]!);
  await expectDefaults(page, all("granted"));
  await expect.poll(() => standIn.hits.filter((hit) => hit.tag === "analytics").length).toBe(1);
  expect(standIn.hits.filter((hit) => hit.tag === "fault")).toEqual([]);
});

test("every tel: link pushes click_to_call with where it was before the dialer opens; with a container the dialer waits for the tag's hit, never past eventTimeout", async ({
  page,
}) => {
  // Without a container first: the dialer opens at once.
  await setUp(page, "opt-out", false);
  const dialled = await dialler(page);
  const seen = new Set<string>();
  for (const [index, route] of routes.entries()) {
    await page.goto(route);
    await hydrated(page);
    // Every visible tel: link, wherever it is: the call button, the header, the footer, the contact
    // details, any section's text; the layout's own (call button, footer) on the first page only.
    const links = page.locator(
      index === 0 ? "a[href^='tel:']:visible" : "main a[href^='tel:']:visible, header a[href^='tel:']:visible",
    );
    for (const link of await links.all()) {
      const before = (await messages(page)).length;
      const calls = dialled.length;
      await link.click();
      await expect.poll(() => dialled.length).toBe(calls + 1);
      const pushed = (await messages(page)).slice(before).filter((m) => m.event === "click_to_call");
      expect(pushed).toEqual([expect.objectContaining({ call_location: expect.stringMatching(/\w/) })]);
      seen.add(String(pushed[0]!.call_location));
    }
  }
  expect([...seen]).toEqual(expect.arrayContaining(["call button", "footer", "main"]));
  if (pages.some((p) => p.landing)) expect([...seen]).toContain("header");

  await standIn.serve(page);
  // With the container: the Ads tag's hit is in before the dialer is asked for.
  dialled.length = 0;
  standIn.hits.length = 0;
  await page.goto(routes[0]!);
  await hydrated(page);
  await expect(page.locator("#gtm-script")).toHaveCount(1);
  await page.waitForFunction(() => (window.dataLayer ?? []).some((m) => (m as { event?: string }).event === "gtm.js"));
  let hitsWhenDialled = -1;
  const session = await page.context().newCDPSession(page);
  await session.send("Page.enable");
  session.on("Page.frameRequestedNavigation", ({ url }) => {
    if (url.startsWith("tel:")) hitsWhenDialled = standIn.hits.filter((hit) => hit.event === "click_to_call").length;
  });
  await page.getByRole("link", { name: callButtonName }).click();
  await expect.poll(() => hitsWhenDialled).toBe(1);
  expect(standIn.hits.filter((hit) => hit.event === "click_to_call")).toEqual([
    { tag: "ads", event: "click_to_call", params: { call_location: "call button" } },
  ]);

  // A container whose tags never finish (never calls back): the call waits eventTimeout, not a moment more.
  await standIn.serve(page, "hang");
  await page.clock.install();
  await page.goto(routes[0]!);
  await hydrated(page);
  await page.waitForFunction(() => (window.dataLayer ?? []).some((m) => (m as { event?: string }).event === "gtm.js"));
  await page.clock.pauseAt(Date.now() + 60_000);
  dialled.length = 0;
  await page.getByRole("link", { name: callButtonName }).click();
  expect((await messages(page)).find((m) => m.event === "click_to_call")).toMatchObject({ eventTimeout: tagsWaitMs });
  await page.clock.runFor(tagsWaitMs - 1);
  expect(dialled).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(() => dialled).toEqual([`tel:${site.contact.phone.e164}`]);
});

test.describe("a lead sent with Global Privacy Control, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "Sec-GPC": "1" } });

  test("no tag loads, the choices link leads to the page about them, and the lead records GPC", async ({ page }) => {
    const google: string[] = [];
    await page.route(/googletagmanager\.com/, (route) => {
      google.push(route.request().url());
      return route.abort();
    });
    test.skip(!firstForm, "no page shows a form");
    const email = await sendFirstForm(page, "nojs-gpc");
    if (words.choices.page) await expect(choicesLink(page)).toHaveAttribute("href", words.choices.page);
    const [stored] = await storedWith(email);
    // Sent without scripts: the browser's header alone says GPC, and no tag ever ran.
    expect(stored!.ad_consent).toEqual({ ad_user_data: "denied", gpc: true });
    expect(google).toEqual([]);
  });
});
