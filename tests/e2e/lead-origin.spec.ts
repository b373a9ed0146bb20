/**
 * Where a lead came from, in a browser against the built site served as in production
 * (server/serve.ts, as `npm start` runs it), with a real SMTP server and a webhook receiver: a visit
 * lands on a page with campaign parameters and a referrer, goes on to another page (a new page
 * load: the record is kept in sessionStorage), and sends a form there. The stored lead, its e-mail,
 * its webhook and the CSV export carry the landing page, referrer and parameters; analytics, the
 * addresses the site makes and the server's log carry none of it. The pages and the form are read
 * from the content the site was built from.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import type { LeadListing } from "../../schemas/index.ts";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";
import { until } from "../helpers/leads-endpoint.ts";
import { freePort } from "../helpers/free-port.ts";
import { content, expect, hydrated, keepEvents, pages, test } from "./fixtures.ts";

const root = join(import.meta.dirname, "..", "..");
const secret = "origin-test-secret-0123456789";

/** A page with an inline form, and another page to land on first. */
const withForm = pages.flatMap((page) =>
  page.sections.flatMap((section) => {
    const id = inlineForm(section);
    return id ? [{ route: page.route, id, form: content.forms[id]! }] : [];
  }),
);
const target = withForm.find((t) => t.route !== "/") ?? withForm[0];
const landing = pages.map((p) => p.route).find((route) => route !== target?.route);

test.describe("where a lead came from", () => {
  test.describe.configure({ mode: "serial" });
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let server: ChildProcess;
  let output = "";
  let baseURL = "";
  let env: Record<string, string>;

  test.beforeAll(async () => {
    test.skip(!target || !landing, "no page with an inline form and another page");
    smtp = smtpReceiver(await freePort());
    await smtp.start();
    hook = await webhookReceiver(await freePort(), secret);
    const port = await freePort();
    env = {
      LEADS_DATA_DIR: mkdtempSync(join(tmpdir(), "e2e-origin-")),
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: hook.url,
      LEADS_WEBHOOK_SECRET: secret,
      LEADS_MIN_SUBMIT_MS: "1000",
      LEADS_POLL_MS: "100",
    };
    // server/serve.ts's `main`, on a lead folder copied from a new database made once a run, as the
    // browser tests' own server (tests/e2e/servers/serve.ts): PGlite's initdb at this start was 7 to
    // 15 s of CPU, over the hook's 30 s on a busy machine.
    server = spawn(process.execPath, ["--import", "tsx", "tests/e2e/servers/serve.ts"], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output.includes(`:${port}`), "the server to start", 60_000);
    baseURL = `http://127.0.0.1:${port}`;
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await smtp?.stop();
    await hook?.stop();
    if (env) rmSync(env.LEADS_DATA_DIR!, { recursive: true, force: true });
  });

  test("landing with campaign parameters, then a form on another page: stored, e-mailed, sent to the webhook, exported; not in analytics, URLs or logs", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const campaign = { utm_source: "x-src", utm_medium: "cpc", utm_campaign: "spring-sale", gclid: "y-click-0123" };
    const query = new URLSearchParams({ ...campaign, private: "not-recorded" });
    await page.goto(`${landing}?${query}`, { referer: "https://search.example/results?q=secret-search" });
    await hydrated(page);
    // A new page load, without the parameters: the visit's record is kept. Its events are kept from
    // here on, through the success page (the landing page's view carries its own address, as always).
    const kept = await keepEvents(page);
    // The page's clock is Playwright's, so a person's moment before sending takes no real time.
    await page.clock.install();
    await page.goto(target!.route);
    await hydrated(page);
    const form = page.getByRole("main").getByRole("form", { name: target!.form.title }).first();
    const n = `${Date.now()}`;
    const values: Record<string, string> = {};
    for (const f of target!.form.fields) {
      values[f.name] =
        f.type === "email" ? `origin${n}@example.com` : f.type === "tel" ? visitorPhone(content.site) : `Pat ${n}`;
      await form.getByLabel(f.label, { exact: true }).fill(values[f.name]!);
    }
    await page.clock.runFor(1100);
    await form.getByRole("button", { name: target!.form.submitLabel }).click();
    // The first lead this file's own server stores: its database's first write, and its first mail and
    // webhook, each compiled on first use, took over the 5 s default on a machine at load 28.
    await expect(page).toHaveURL(new RegExp(`${target!.form.success}$`), { timeout: 20_000 });

    const cli = async (args: string[]) =>
      (
        await promisify(execFile)("npm", ["run", "--silent", "leads", "--", ...args], {
          cwd: root,
          env: { ...process.env, ...env },
        })
      ).stdout;
    const [stored] = (JSON.parse(await cli(["--json"])) as LeadListing[]).filter(
      (l) => Object.values(l.fields).includes(`Pat ${n}`) || Object.values(l.fields).includes(`origin${n}@example.com`),
    );
    expect(stored, "the lead is stored").toBeDefined();
    expect(stored!.attribution).toMatchObject({ landing_page: landing, ...campaign });
    expect(stored!.attribution!.referrer).toMatch(/^https:\/\/search\.example\//);
    expect(JSON.stringify(stored!.attribution)).not.toMatch(/secret-search|not-recorded/);

    // The e-mail and the webhook carry it.
    await until(() => smtp.mails.some((m) => m.leadId === stored!.id), "the e-mail", 30_000);
    await until(() => hook.accepted.some((a) => a.key === stored!.id), "the webhook", 30_000);
    const mail = smtp.mails.find((m) => m.leadId === stored!.id)!.raw.replace(/=\r?\n/g, "");
    for (const [name, value] of Object.entries(campaign)) expect(mail).toContain(`${name}: ${value}`);
    expect(mail).toContain(`Landing page: ${landing}`);
    const body = hook.accepted.find((a) => a.key === stored!.id)!.body;
    expect(body.attribution).toEqual(stored!.attribution);

    // The CSV export, read back as CSV.
    const rows = parse(await cli(["--csv"]), { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.id === stored!.id)!;
    expect(row).toMatchObject({ landing_page: landing, ...campaign });

    // Never in analytics, a URL the site made, or the server's log.
    const events = await kept();
    const lead = events.find((e) => e.event === "generate_lead");
    expect(Object.keys(lead ?? {}).sort()).toEqual(["event", "formId"]);
    const recorded = Object.values(stored!.attribution!).filter((v) => v !== landing);
    for (const value of recorded) {
      expect(JSON.stringify(events)).not.toContain(value);
      expect(page.url()).not.toContain(value);
      expect(output).not.toContain(value);
    }
    await context.close();
  });
});
