/**
 * /admin/'s Leads screen (admin/screens/leads/) as marketing meets it: the real /admin/ built as `npm run
 * build` builds it, served with the lead store by the real server process (`npm start -- DIR`), in
 * Chromium, signed in through the stand-in GitHub the admin login's tests use (the whole login: the
 * token the screen sends is the one Decap got). The site is reached as http://site.localhost:<port>, so
 * /admin/ runs as on a real host. Leads are posted to the site's own endpoint; held ones with the
 * honeypot filled; the outbox delivers to a webhook receiver on 127.0.0.1.
 * Proves: the newest leads first, paged ("Older" / "Newer"), searched, filtered (the daily summary's
 * link shows the held ones); a lead's detail by the form's labels, where it came from, its delivery in
 * words; "Not spam: deliver it" delivers it once; "Mark as spam"; "Erase this person" says what goes
 * and removes it, and the audit row says who and how many, nothing about whom; "Export" saves the
 * CSV of the filter; a token that may not push, one GitHub refuses, and a server out of reach each
 * get a refusal in words and no lead; axe (WCAG 2.2 AA), the keyboard alone, 320 px.
 * Expectations come from the forms of the content the run is on (src/generated/forms.json).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, expect as playwrightExpect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Form, Site } from "../../schemas/index.ts";
import { honeypotField } from "../../schemas/lead-limits.ts";
import { cmsConfig, cmsOptions } from "../../scripts/cms/config.ts";
import { openDatabase } from "../../server/leads/db.ts";
import { auditRows } from "../../server/leads/inbox/queries.ts";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { visitorPhone } from "../content-facts.ts";
import { sharedAdmin, sharedAdminBuild, standInHostRules } from "../helpers/admin-build.ts";
import { freePorts } from "../helpers/free-port.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { post, until, type Submission } from "../helpers/leads-endpoint.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { commands, startServer, type ServerProcess } from "../helpers/server-process.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";

const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<string, Form>;
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;
// A form with an e-mail field (the erasure names the person by it); none: nothing here can run.
const formId = Object.keys(forms).find((id) => forms[id]!.fields.some((f) => f.type === "email"));
const form = forms[formId ?? ""] ?? { fields: [] };
const hasPhone = form.fields.some((f) => f.type === "tel");
const { repo, clientId } = sharedAdmin;
const clientSecret = sharedAdmin.clientSecret();
const webhookSecret = "leads-screen-webhook-secret-0123";
const work = mkdtempSync(join(tmpdir(), "leads-screen-"));
const dataDir = join(work, "leads");
/** Leads 1 … 26 are not held (a page of 25 and one more); 90 and 91 are held as spam. */
const shown = Array.from({ length: 26 }, (_, i) => i + 1);
const held = [90, 91];
/** Playwright's assertions on the page (they wait); Vitest's on values. */
const see = playwrightExpect.configure({ timeout: 20_000 });
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

const email = (n: number) => `screen${n}@example.com`;
function lead(n: number, extra: Submission = {}): Submission {
  const values: Submission = { form: formId!, page: "/", elapsed: "5000", utm_campaign: `campaign-${n}` };
  for (const f of form.fields)
    values[f.name] = f.type === "email" ? email(n) : f.type === "tel" ? visitorPhone(site, n) : `Pat Screen${n}`;
  return { ...values, ...extra };
}

let standIn: StandIn;
let webhook: WebhookReceiver;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let site_ = "";

const main = () => page.getByRole("main");
const list = () => main().getByRole("list", { name: "Leads, newest first" });
const leadButton = (n: number) => list().getByRole("button", { name: new RegExp(email(n).replace(/\./g, "\\.")) });
async function axe(p: Page) {
  const result = await new AxeBuilder({ page: p }).include("#leads-root").withTags(axeTags).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`)).toEqual([]);
}
async function openLeads(p: Page, query = "") {
  await p.goto(`${site_}/admin/#/page/leads${query}`, { timeout: 120_000 });
  await p.getByRole("heading", { level: 1, name: "Leads" }).waitFor({ timeout: 180_000 });
}
async function search(text: string, spam?: string) {
  await main().getByLabel("Search by name, e-mail, phone or text").fill(text);
  if (spam) await main().getByLabel("Held as spam").selectOption({ label: spam });
  await main().getByRole("button", { name: "Show leads" }).click();
  await see.poll(() => main().getByRole("status").first().innerText()).not.toMatch(/Loading/);
}

beforeAll(async () => {
  if (!formId) return;
  standIn = await startGitHubStandIn({ clientId, clientSecret, repo, login: "marketer" });
  // The run's /admin/ (tests/helpers/admin-build.ts), served as it is.
  const dist = await sharedAdminBuild();
  const [sitePort, hookPort] = (await freePorts(2)) as [number, number];
  webhook = await webhookReceiver(hookPort, webhookSecret);
  site_ = `http://site.localhost:${sitePort}`;
  server = await startServer([...commands["npm start"], "--", dist], {
    PORT: String(sitePort),
    GITHUB_CLIENT_ID: clientId,
    GITHUB_CLIENT_SECRET: clientSecret,
    GITHUB_URL: standIn.url,
    AUTH_ORIGIN: site_,
    CMS_REPO: repo,
    CMS_API_ROOT: standIn.url,
    LEADS_DATA_DIR: dataDir,
    LEADS_IP_KEY: "leads-screen-test-key-0123456789",
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: webhook.url,
    LEADS_WEBHOOK_SECRET: webhookSecret,
    LEADS_POLL_MS: "100",
    LEADS_RATE_LIMIT: "1000",
    LEADS_INBOX_RATE_LIMIT: "1000",
  });
  for (const n of shown) expect((await post(`${server.base}/api/leads`, lead(n))).status).toBe(303);
  for (const n of held)
    expect((await post(`${server.base}/api/leads`, lead(n, { [honeypotField]: "x" }))).status).toBe(303);
  await until(() => webhook.accepted.length === shown.length, "the leads' deliveries");
  browser = await chromium.launch({
    executablePath: chromiumPath,
    // Production is https, a secure context (Decap needs one); a name under .localhost is one over http.
    // The build's GitHub API is the stand-in, by name (tests/helpers/admin-build.ts).
    args: [...chromiumArgs, standInHostRules(standIn)],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  // Signed in as a marketer signs in: "Login with GitHub", the stand-in's authorize page, the token back to Decap.
  await page.goto(`${site_}/admin/`, { timeout: 120_000 });
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: /login with github/i }).click({ timeout: 180_000 }),
  ]);
  // Decap may have closed the window before this line runs; waitForEvent("close") would wait for a
  // close that has passed (admin-login.test.ts, `closed`).
  if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 180_000 });
  // Signed in once Decap lists its collections, as a person sees it: it closes the window first and
  // keeps the user only after asking GitHub who it is. The Leads link shows on the sign-in page too,
  // and the Leads screen opened before that says to sign in first.
  const [firstCollection] = cmsConfig(cmsOptions()).collections.map((c) => c.label);
  await page.getByRole("link", { name: firstCollection, exact: true }).first().waitFor({ timeout: 180_000 });
  await page.getByRole("link", { name: "Leads", exact: true }).waitFor({ timeout: 180_000 });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await webhook?.stop();
  await standIn?.close();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!formId)("the Leads screen in /admin/", { timeout: 180_000 }, () => {
  test("from the Leads link beside Decap's lists: the newest leads first, a page at a time, searched; a lead by the form's labels, where it came from, its delivery in words", async () => {
    await page.getByRole("link", { name: "Leads", exact: true }).click();
    await see.poll(() => list().getByRole("listitem").count(), { timeout: 30_000 }).toBe(25);
    const newest = [...shown].reverse();
    await see(list().getByRole("listitem").first()).toContainText(email(newest[0]!));
    await see(list().getByRole("listitem").nth(24)).toContainText(email(newest[24]!));
    // Held leads are left out unless asked for.
    for (const n of held) await see(main()).not.toContainText(email(n));
    const newer = main().getByRole("button", { name: "Newer" });
    await see(newer).toBeDisabled();
    await main().getByRole("button", { name: "Older" }).click();
    await see.poll(() => list().getByRole("listitem").count()).toBe(shown.length - 25);
    await see(list()).toContainText(email(newest[25]!));
    await see(main().getByRole("button", { name: "Older" })).toBeDisabled();
    await newer.click();
    await see(list().getByRole("listitem").first()).toContainText(email(newest[0]!));
    await axe(page);

    // Search by e-mail, and by a phone number's digits written otherwise.
    await search(email(7));
    await see.poll(() => list().getByRole("listitem").count()).toBe(1);
    await see(list()).toContainText(email(7));
    if (hasPhone) {
      await search(visitorPhone(site, 8).replace(/\D/g, ""));
      await see(list()).toContainText(email(8));
    } else await search(email(8));

    await leadButton(8).click();
    const detail = main();
    await see(page.getByRole("heading", { level: 1 })).toBeFocused();
    for (const field of form.fields) {
      await see(detail).toContainText(field.label);
      await see(detail).toContainText(lead(8)[field.name]!);
    }
    await see(detail).toContainText("campaign-8");
    await see(detail.getByRole("list").last()).toContainText(/Delivered at/);
    await axe(page);
    await detail.getByRole("button", { name: "← Back to the list" }).click();
    await see(leadButton(8)).toBeFocused();
  });

  test('the daily summary\'s link shows the held leads; "Not spam: deliver it" delivers one once; "Mark as spam" holds it again', async () => {
    await openLeads(page, "?spam=only");
    await see.poll(() => list().getByRole("listitem").count()).toBe(held.length);
    await see(main().getByLabel("Held as spam")).toHaveValue("only");
    for (const n of held) await see(leadButton(n)).toContainText(/Held as spam/);
    const before = webhook.accepted.length;
    await leadButton(held[0]!).click();
    await see(main()).toContainText(/Held as spam, not delivered/);
    await main().getByRole("button", { name: "Not spam: deliver it" }).click();
    await see(main().getByRole("status")).toContainText("Released");
    await until(() => webhook.accepted.length === before + 1, "the released lead's delivery");
    expect(JSON.stringify(webhook.accepted.at(-1)!.body)).toContain(email(held[0]!));
    // The delivery shows in words once made; pressing again is not offered (the lead is not held).
    await openLeads(page);
    await search(email(held[0]!), "Show them too");
    await leadButton(held[0]!).click();
    await see(main().getByRole("list").last()).toContainText(/Delivered at/);
    await see(main().getByRole("button", { name: "Not spam: deliver it" })).toHaveCount(0);
    await main().getByRole("button", { name: "Mark as spam" }).click();
    await see(main().getByRole("status")).toContainText("Marked as spam");
    await see(main().getByRole("button", { name: "Not spam: deliver it" })).toBeVisible();
    expect(webhook.accepted.filter((a) => JSON.stringify(a.body).includes(email(held[0]!)))).toHaveLength(1);
  });

  test('"Erase this person" says what goes, can be cancelled, then removes every lead of that person', async () => {
    await openLeads(page);
    await search(email(3));
    await leadButton(3).click();
    await main().getByRole("button", { name: "Erase this person" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase this person?" });
    await see(dialog).toContainText(email(3));
    if (hasPhone) await see(dialog).toContainText(visitorPhone(site, 3));
    await see(dialog).toContainText(/cannot be undone/);
    await axe(page);
    await page.keyboard.press("Escape");
    await see(dialog).toBeHidden();
    await main().getByRole("button", { name: "Erase this person" }).click();
    await dialog.getByRole("button", { name: "Erase", exact: true }).click();
    await see(main().getByRole("status")).toContainText("Erased 1 lead");
    // The lead's button is gone: focus is on the list's heading, just above what was said.
    await see(page.getByRole("heading", { level: 1, name: "Leads" })).toBeFocused();
    await search(email(3), "Show them too");
    await see(main().getByRole("status")).toContainText("No leads");
  });

  test("Export saves the CSV of the current filter", async () => {
    await openLeads(page, "?spam=only");
    await see.poll(() => list().getByRole("listitem").count()).toBe(held.length);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main().getByRole("button", { name: "Export these leads (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);
    const rows = parse(readFileSync((await download.path())!, "utf8"), { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(held.length);
    const text = JSON.stringify(rows);
    for (const n of held) expect(text).toContain(email(n));
    for (const n of shown) expect(text).not.toContain(email(n));
    await see(main().getByRole("status")).toContainText("saved to your downloads");
  });

  test("by keyboard alone at 320 px: search, open a lead, the erase dialog closes with Escape; nothing wider than the screen", async () => {
    await page.setViewportSize({ width: 320, height: 700 });
    try {
      await openLeads(page);
      const box = main().getByLabel("Search by name, e-mail, phone or text");
      await page.keyboard.press("Tab");
      for (let i = 0; i < 10 && !(await box.evaluate((e) => e === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await see(box).toBeFocused();
      await page.keyboard.type(email(5));
      await page.keyboard.press("Enter");
      await see.poll(() => list().getByRole("listitem").count()).toBe(1);
      // The list and its filters fit too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await axe(page);
      for (let i = 0; i < 15 && !(await leadButton(5).evaluate((e) => e === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await see(leadButton(5)).toBeFocused();
      await page.keyboard.press("Enter");
      await see(page.getByRole("heading", { level: 1 })).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await axe(page);
      const erase = main().getByRole("button", { name: "Erase this person" });
      for (let i = 0; i < 10 && !(await erase.evaluate((e) => e === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Erase this person?" });
      await see(dialog).toBeVisible();
      await see(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await page.keyboard.press("Escape");
      await see(dialog).toBeHidden();
      await see(erase).toBeFocused();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("refusals in words and no lead: an account that may read but not edit (403), a token GitHub refuses (401), the server away", async () => {
    const cases: { token: string; grant?: boolean; away?: boolean; says: string }[] = [
      { token: "gho_readonly0123456789abcdef", grant: true, says: "may not edit this site" },
      { token: "gho_unknown0123456789abcdefg", says: "GitHub did not accept your sign-in" },
      // The server not reachable from the browser (down, or the network): the request fails.
      { token: "gho_readonly0123456789abcdef", away: true, says: "could not be reached" },
    ];
    for (const { token, grant, away, says } of cases) {
      if (grant) standIn.grant(token, { login: "reader", push: false });
      const other = await browser.newContext();
      try {
        await other.addInitScript((value) => {
          localStorage.setItem("decap-cms-user", JSON.stringify({ token: value, backendName: "github" }));
        }, token);
        const tab = await other.newPage();
        if (away) await tab.route("**/api/leads/inbox**", (route) => route.abort("connectionrefused"));
        await openLeads(tab);
        await see(tab.getByRole("alert")).toContainText(says);
        await see(tab.getByRole("list", { name: "Leads, newest first" })).toHaveCount(0);
        const body = await tab.locator("body").innerText();
        for (const n of [...shown, ...held]) expect(body).not.toContain(email(n));
      } finally {
        await other.close();
      }
    }
  });

  test("the audit keeps who erased, when and how many, nothing about whom; the erased lead's deliveries are gone", async () => {
    await page.close();
    await server.stop();
    const db = await openDatabase({ dataDir });
    try {
      const rows = await auditRows(db);
      const erased = rows.find((r) => r.action === "erase");
      expect(erased).toMatchObject({ login: "marketer", lead_count: 1 });
      expect(JSON.stringify(rows)).not.toMatch(new RegExp(`${email(3)}|${visitorPhone(site, 3)}|Pat Screen3`));
      const [left] = await db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id WHERE l.fields::text LIKE $1",
        [`%${email(3)}%`],
      );
      expect(left!.count).toBe(0);
      const [leads] = await db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM leads WHERE fields::text LIKE $1",
        [`%${email(3)}%`],
      );
      expect(leads!.count).toBe(0);
    } finally {
      await db.close();
    }
  });
});
