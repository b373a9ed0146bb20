/**
 * Nothing held or failing goes unseen (server/leads/alerts.ts, decision 0033), on the embedded
 * database and a real PostgreSQL, with a real SMTP receiver and the clock injected: the daily
 * summary of held leads (how many, a link to the Leads screen, nothing a spammer wrote), one alert
 * when a target has failed past LEADS_ALERT_AFTER and one when it recovers. A message the mail
 * server did not take is sent at a later check (issue 47): with the outbox delivering for real, a
 * webhook down and the mail server down at the first checks, the alert arrives once the mail server
 * is back, and the e-mail target, which works again by then, gets neither an alert nor a recovery
 * notice for one that never went out. Then `npm run leads:serve` as users run it: /readyz names a
 * webhook failing past LEADS_ALERT_AFTER, and stops naming it once it works again.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Form, Site } from "../../schemas/index.ts";
import { Alerts, heldLeadsLink } from "../../server/leads/alerts.ts";
import { loadConfig, type LeadsConfig } from "../../server/leads/config.ts";
import { openDatabase, type Database } from "../../server/leads/db.ts";
import { Outbox } from "../../server/leads/outbox.ts";
import { smtpMailer, type Mailer } from "../../server/leads/smtp.ts";
import { deliveryTargets } from "../../server/leads/targets.ts";
import { storeLead } from "../../server/leads/store-lead.ts";
import { createLogger, log, setLogger } from "../../server/log.ts";
import { freePorts } from "../helpers/free-port.ts";
import { post, startEndpoint, until } from "../helpers/leads-endpoint.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";
import { visitorPhone } from "../content-facts.ts";
import { seedDataDir } from "../helpers/pglite-template.ts";

const forms = JSON.parse(readFileSync(join(root, "src", "generated", "forms.json"), "utf8")) as Record<string, Form>;
const site = JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site;
const formId = Object.keys(forms)[0]!;
const minute = 60_000;
const subject = (raw: string) => /^Subject: (.*)$/im.exec(raw)?.[1] ?? "";
/** The message as its reader sees it: quoted-printable decoded (nodemailer writes "=" as "=3D"). */
const text = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(["embedded", "postgresql"] as const)("alerts on the %s database", (kind) => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let pg: PostgresServer | undefined;
  let dataDir: string;
  let db: Database;
  let config: LeadsConfig;
  let mailer: Mailer;
  const lines: string[] = [];
  const previous = log;

  beforeAll(async () => {
    setLogger(createLogger({ out: (line) => lines.push(line), err: (line) => lines.push(line) }));
    const [smtpPort, pgPort, hookPort] = await freePorts(3);
    smtp = smtpReceiver(smtpPort!);
    await smtp.start();
    hook = await webhookReceiver(hookPort!, "alerts-secret-0123456789");
    dataDir = mkdtempSync(join(tmpdir(), "alerts-test-"));
    if (kind === "postgresql") pg = startPostgres(pgPort!);
    else await seedDataDir({ LEADS_DATA_DIR: dataDir });
    config = loadConfig({
      LEADS_DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      LEADS_IP_KEY: "alerts-test-key-0123456789",
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: hook.url,
      LEADS_WEBHOOK_SECRET: "alerts-secret-0123456789",
      LEADS_ALERT_TO: "ops@example.com",
      // The outbox of the second test retries at once and never gives up.
      LEADS_RETRY_BASE_MS: "100",
      LEADS_RETRY_CAP_MS: "300",
      LEADS_POLL_MS: "50",
      LEADS_MAX_ATTEMPTS: "100000",
    });
    db = await openDatabase({ url: pg?.url, dataDir });
    mailer = smtpMailer(config);
  }, 300_000);

  beforeEach(async () => {
    // Each test starts from an empty store, with nothing sent yet.
    await db.query("DELETE FROM lead_deliveries");
    await db.query("DELETE FROM leads");
    await db.query("DELETE FROM lead_settings WHERE name LIKE 'alert:%' OR name LIKE 'sending:%'");
    smtp.mails.length = 0;
    lines.length = 0;
  });

  afterAll(async () => {
    mailer?.close();
    await db?.close();
    await smtp?.stop();
    await hook?.stop();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    setLogger(previous);
  });

  const fields = (n: number, text: string) =>
    Object.fromEntries(
      forms[formId]!.fields.map((f) => [
        f.name,
        f.type === "email" ? `alert${n}@example.com` : f.type === "tel" ? visitorPhone(site, n) : text,
      ]),
    );
  const lead = (n: number, spam?: string, text = `Pat Alert${n}`) =>
    storeLead(db, { form: formId, page: "/", fields: fields(n, text), ipHash: "x", spam }, deliveryTargets(config), 0);
  const to = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  /** The subjects of what the alerts sent to `address` (lead e-mails carry X-Lead-Id). */
  const subjects = (address: string) =>
    to(address)
      .filter((m) => !m.leadId)
      .map((m) => subject(m.raw));

  test("held leads: one summary a day to the lead address, with a count and a link, nothing a spammer wrote; a failing target: one alert past LEADS_ALERT_AFTER, one on recovery", async () => {
    expect(config.alerts.afterMs).toBe(60 * minute);
    for (const n of [1, 2]) await lead(n, "honeypot filled", "Buy now https://spam.example/pills");
    const good = await lead(3);
    // The e-mail went; the webhook answered 500 three times.
    await db.query(
      "UPDATE lead_deliveries SET status = 'delivered', attempts = 1, delivered_at = now() WHERE lead_id = $1 AND target = 'email:1'",
      [good.id],
    );
    await db.query(
      "UPDATE lead_deliveries SET attempts = 3, last_error = 'HTTP 500' WHERE lead_id = $1 AND target = 'webhook:1'",
      [good.id],
    );
    const start = Date.now();
    const alerts = new Alerts(db, config, mailer);

    await alerts.tick(start + 30 * minute);
    await until(() => to("sales@example.com").length === 1, "the spam summary");
    const [summary] = to("sales@example.com");
    expect(subject(summary!.raw)).toMatch(/^2 leads were held as spam/);
    expect(text(summary!.raw)).toContain(`${site.seo.siteUrl.replace(/\/+$/, "")}/admin/#/page/leads?spam=only`);
    expect(text(summary!.raw)).not.toMatch(/spam\.example|Buy now|alert\d@example\.com/);
    expect(to("ops@example.com")).toEqual([]);

    await alerts.tick(start + 61 * minute);
    await until(() => to("ops@example.com").length === 1, "the failing alert");
    expect(subject(to("ops@example.com")[0]!.raw)).toMatch(/^Leads are not reaching webhook #1/);
    await alerts.tick(start + 62 * minute);
    // Another process (a second instance) looking at the same moment sends nothing more either.
    await new Alerts(db, config, mailer).tick(start + 62 * minute);

    await db.query(
      "UPDATE lead_deliveries SET status = 'delivered', attempts = 4, delivered_at = now() WHERE lead_id = $1",
      [good.id],
    );
    await alerts.tick(start + 63 * minute);
    await until(() => to("ops@example.com").length === 2, "the recovery notice");
    expect(subject(to("ops@example.com")[1]!.raw)).toMatch(/^Leads reach webhook #1 again/);
    await alerts.tick(start + 64 * minute);

    // A day after the first summary, nothing new was held: no summary.
    await alerts.tick(start + 30 * minute + 24 * 60 * minute);
    expect(to("ops@example.com")).toHaveLength(2);
    expect(to("sales@example.com")).toHaveLength(1);
    expect(lines.join("\n")).not.toMatch(/spam\.example|alert\d@example\.com/);
  });

  test("a message the mail server did not take is sent at a later check: the alert about a webhook still down arrives once the mail server is back, and a recovery notice only follows an alert that went out", async () => {
    const outbox = new Outbox(db, config, mailer);
    const deliveries = async () =>
      Object.fromEntries(
        (
          await db.query<{ target: string; status: string; attempts: number }>(
            "SELECT target, status, attempts FROM lead_deliveries",
          )
        ).map((d) => [d.target, d]),
      );
    const log = () => lines.join("\n");
    try {
      // The webhook answers 500 and the mail server is down: neither target takes the lead.
      await smtp.stop();
      hook.mode = "fail";
      await lead(1, "honeypot filled", "Buy now https://spam.example/pills");
      await lead(2);
      const start = Date.now();
      outbox.start();
      await until(async () => {
        const now = await deliveries();
        return now["email:1"]!.attempts > 0 && now["webhook:1"]!.attempts > 0;
      }, "both targets tried");
      const alerts = new Alerts(db, config, mailer);

      // The first checks past LEADS_ALERT_AFTER: nothing can be sent, and nothing counts as sent.
      for (const at of [61, 62]) await alerts.tick(start + at * minute);
      expect(log()).toMatch(/the alert about webhook #1 .*could not be sent/);
      expect(log()).toMatch(/the alert about e-mail #1 .*could not be sent/);
      expect(log()).toMatch(/the daily spam summary could not be sent/);

      // The mail server is back (72 s after the first check); the webhook stays down.
      await smtp.start();
      outbox.kick();
      await until(async () => (await deliveries())["email:1"]!.status === "delivered", "the lead's e-mail delivered");
      for (const at of [62 + 72 / 60, 63 + 72 / 60, 64 + 72 / 60]) await alerts.tick(start + at * minute);
      // Another process looking at the same moment sends nothing more.
      await new Alerts(db, config, mailer).tick(start + (64 + 72 / 60) * minute);
      expect(subjects("ops@example.com")).toEqual([expect.stringMatching(/^Leads are not reaching webhook #1 /)]);
      expect(subjects("sales@example.com")).toEqual([expect.stringMatching(/^1 lead was held as spam/)]);

      // The webhook recovers while the mail server is down again: its notice waits for the mail server.
      await smtp.stop();
      hook.mode = "ok";
      await until(async () => (await deliveries())["webhook:1"]!.status === "delivered", "the webhook delivered");
      await alerts.tick(start + 66 * minute);
      expect(log()).toMatch(/the recovery notice about webhook #1 could not be sent/);
      await smtp.start();
      await alerts.tick(start + 67 * minute);
      await alerts.tick(start + 68 * minute);
      expect(subjects("ops@example.com")).toEqual([
        expect.stringMatching(/^Leads are not reaching webhook #1 /),
        expect.stringMatching(/^Leads reach webhook #1 again /),
      ]);
      expect(subjects("sales@example.com")).toHaveLength(1);
      expect(log()).not.toMatch(/spam\.example|alert\d@example\.com/);
    } finally {
      await outbox.stop();
      hook.mode = "ok";
      await smtp.start();
    }
  });
});

test("/readyz names a webhook failing past LEADS_ALERT_AFTER, and stops when it works again", async () => {
  const [port, hookPort] = await freePorts(2);
  const secret = "readyz-secret-0123456789";
  const hook = await webhookReceiver(hookPort!, secret);
  hook.mode = "fail";
  const dataDir = mkdtempSync(join(tmpdir(), "alerts-readyz-"));
  const endpoint = await startEndpoint(port!, {
    LEADS_DATA_DIR: dataDir,
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: hook.url,
    LEADS_WEBHOOK_SECRET: secret,
    LEADS_ALERT_AFTER: "1s",
    LEADS_RETRY_BASE_MS: "200",
    LEADS_RETRY_CAP_MS: "500",
    LEADS_POLL_MS: "100",
  });
  const readyz = async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
    return `${answer.status} ${await answer.text()}`;
  };
  try {
    const values: Record<string, string> = { form: formId, page: "/", elapsed: "5000" };
    for (const f of forms[formId]!.fields)
      values[f.name] = f.type === "email" ? "readyz@example.com" : f.type === "tel" ? visitorPhone(site) : "Pat Readyz";
    expect((await post(endpoint.url, values)).status).toBe(303);
    expect(await readyz()).toMatch(/^200 ready/);
    await until(
      async () => /^200 ready; webhook #1 .*failing since/.test(await readyz()),
      "/readyz to name the webhook",
      30_000,
    );
    expect(await readyz()).not.toMatch(/readyz@example|Pat Readyz/);
    hook.mode = "ok";
    await until(async () => (await readyz()) === "200 ready\n", "/readyz without the webhook", 30_000);
  } finally {
    await endpoint.stop();
    await hook.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

test("the summary's link opens the Leads screen under BASE_PATH (/admin/ is built and served under it too); a BASE_PATH that is no path is refused by name", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "alerts-base-"));
  const env = {
    LEADS_DATA_DIR: dataDir,
    LEADS_IP_KEY: "alerts-test-key-0123456789",
    LEADS_EMAIL_TO: "none",
    LEADS_WEBHOOK_URL: "none",
  };
  try {
    const origin = site.seo.siteUrl.replace(/\/+$/, "");
    expect(heldLeadsLink(loadConfig(env).alerts)).toBe(`${origin}/admin/#/page/leads?spam=only`);
    expect(heldLeadsLink(loadConfig({ ...env, BASE_PATH: "/pr-7/" }).alerts)).toBe(
      `${origin}/pr-7/admin/#/page/leads?spam=only`,
    );
    expect(() => loadConfig({ ...env, BASE_PATH: "/../etc" })).toThrow(/BASE_PATH="\/\.\.\/etc" is not a path/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
