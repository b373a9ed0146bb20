/**
 * Nothing held or failing goes unseen (server/leads/alerts.ts, decision 0033), on the embedded
 * database and a real PostgreSQL, with a real SMTP receiver and the clock injected: the daily
 * summary of held leads (how many, a link to the Leads screen, nothing a spammer wrote), one alert
 * when a target has failed past LEADS_ALERT_AFTER and one when it recovers. Then `npm run
 * leads:serve` as users run it: /readyz names a webhook failing past LEADS_ALERT_AFTER, and stops
 * naming it once it works again.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Form, Site } from "../../schemas/index.ts";
import { Alerts, heldLeadsLink } from "../../server/leads/alerts.ts";
import { loadConfig, type LeadsConfig } from "../../server/leads/config.ts";
import { openDatabase, type Database } from "../../server/leads/db.ts";
import { deliveryTargets } from "../../server/leads/steps/store.ts";
import { storeLead } from "../../server/leads/store.ts";
import { createLogger, log, setLogger } from "../../server/log.ts";
import { freePorts } from "../helpers/free-port.ts";
import { post, root, startEndpoint, until } from "../helpers/leads-endpoint.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver } from "../helpers/webhook.ts";
import { visitorPhone } from "../content-facts.ts";

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
  let pg: PostgresServer | undefined;
  let dataDir: string;
  let db: Database;
  let config: LeadsConfig;
  const lines: string[] = [];
  const previous = log;

  beforeAll(async () => {
    setLogger(createLogger({ out: (line) => lines.push(line), err: (line) => lines.push(line) }));
    const [smtpPort, pgPort] = await freePorts(2);
    smtp = smtpReceiver(smtpPort!);
    await smtp.start();
    dataDir = mkdtempSync(join(tmpdir(), "alerts-test-"));
    if (kind === "postgresql") pg = startPostgres(pgPort!);
    config = loadConfig({
      LEADS_DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      LEADS_IP_KEY: "alerts-test-key-0123456789",
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: "https://hooks.example.com/leads",
      LEADS_WEBHOOK_SECRET: "alerts-secret-0123456789",
      LEADS_ALERT_TO: "ops@example.com",
    });
    db = await openDatabase({ url: pg?.url, dataDir });
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await smtp?.stop();
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    setLogger(previous);
  });

  test("held leads: one summary a day to the lead address, with a count and a link, nothing a spammer wrote; a failing target: one alert past LEADS_ALERT_AFTER, one on recovery", async () => {
    expect(config.alerts.afterMs).toBe(60 * minute);
    const targets = deliveryTargets(config);
    const fields = (n: number, text: string) =>
      Object.fromEntries(
        forms[formId]!.fields.map((f) => [
          f.name,
          f.type === "email" ? `alert${n}@example.com` : f.type === "tel" ? visitorPhone(site, n) : text,
        ]),
      );
    const lead = (n: number, spam?: string, text = `Pat Alert${n}`) =>
      storeLead(db, { form: formId, page: "/", fields: fields(n, text), ipHash: "x", spam }, targets, 0);
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
    const alerts = new Alerts(db, config);
    const to = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

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
    await new Alerts(db, config).tick(start + 62 * minute);

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
