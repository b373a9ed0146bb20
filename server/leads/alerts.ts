/**
 * Nothing held or failing goes unseen (decision 0033):
 * - a daily summary of the leads held as spam, to the lead address(es): how many since the last
 *   summary and a link to /admin/'s Leads screen filtered to them; no spam content (a spammer's
 *   links must not reach anyone's inbox);
 * - a delivery target failing for longer than LEADS_ALERT_AFTER (1 h): one alert to LEADS_ALERT_TO
 *   (else the lead address), and one when it recovers. A target is failing since the oldest lead it
 *   has not delivered, tried at least once, sent after its last delivery (a later delivery means it
 *   works again; a lead given up on before that does not keep it "failing").
 * What was sent is kept in lead_settings, claimed in a transaction, so several processes, or a
 * restart, send each alert once. The clock is an argument (`now`), as everywhere.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { log } from "../log.ts";
import type { LeadsConfig } from "./config.ts";
import type { Database, Sql } from "./db.ts";
import { describeTarget, resolveTarget } from "./outbox.ts";

export interface AlertsConfig {
  /** Where alerts go; empty: the lead recipients. */
  to: string[];
  afterMs: number;
  /** The site's public address (content's seo.siteUrl), for the link to the Leads screen. */
  siteUrl?: string;
  /** BASE_PATH ("/pr-123/"), under which /admin/ is served too; "/" by default. */
  basePath?: string;
}

/** The Leads screen of /admin/ (admin/leads/) showing the held leads, on the site's address under its base path. */
export const heldLeadsLink = (alerts: AlertsConfig) =>
  `${(alerts.siteUrl ?? "").replace(/\/+$/, "")}${alerts.basePath ?? "/"}admin/#/page/leads?spam=only`;

export interface FailingTarget {
  /** The outbox row's target ("webhook:1"). */
  target: string;
  /** In words: "webhook #1 (webhook hooks.example.com)". */
  name: string;
  since: Date;
}

export type Mail = { to: string[]; subject: string; text: string };

/** Targets whose oldest undelivered, tried lead since their last delivery is older than `afterMs` before `now`. */
export async function failingTargets(
  sql: Sql,
  config: Pick<LeadsConfig, "recipients" | "webhooks">,
  afterMs: number,
  now: number,
): Promise<FailingTarget[]> {
  const rows = await sql.query<{ target: string; since: string }>(
    `SELECT d.target, to_char(min(l.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since
       FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
      WHERE d.status <> 'delivered' AND d.attempts > 0
        AND l.created_at > COALESCE((SELECT max(x.delivered_at) FROM lead_deliveries x WHERE x.target = d.target), '-infinity')
      GROUP BY d.target
     HAVING min(l.created_at) < $1::timestamptz
      ORDER BY d.target`,
    [new Date(now - afterMs).toISOString()],
  );
  return rows.map(({ target, since }) => {
    const resolved = resolveTarget(target, config);
    const name =
      "removed" in resolved
        ? resolved.name
        : `${resolved.name} (${describeTarget(`${resolved.kind}:${resolved.address}`)})`;
    return { target, name, since: new Date(since) };
  });
}

const day = 24 * 60 * 60_000;

export class Alerts {
  private readonly send: (mail: Mail) => Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly config: LeadsConfig,
    options: { send?: (mail: Mail) => Promise<void> } = {},
  ) {
    this.send = options.send ?? ((mail) => this.mail(mail));
  }

  private get alerts(): AlertsConfig {
    return this.config.alerts;
  }

  private transport: Transporter | undefined;
  private async mail(mail: Mail): Promise<void> {
    if (!this.config.smtpUrl) throw new Error("SMTP_URL is not set");
    this.transport ??= nodemailer.createTransport(this.config.smtpUrl, {
      connectionTimeout: this.config.sendTimeoutMs,
      greetingTimeout: this.config.sendTimeoutMs,
      socketTimeout: this.config.sendTimeoutMs,
    } as object);
    await this.transport.sendMail({ from: this.config.emailFrom, ...mail });
  }

  /** Claims `name` in lead_settings with `value` unless it holds `value` already; true when this call changed it. */
  private async claim(name: string, value: string | undefined, when: (old: string | undefined) => boolean) {
    return this.db.transaction(async (sql) => {
      await sql.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);
      const [row] = await sql.query<{ value: string }>("SELECT value FROM lead_settings WHERE name = $1", [name]);
      if (!when(row?.value)) return false;
      if (value === undefined) await sql.query("DELETE FROM lead_settings WHERE name = $1", [name]);
      else
        await sql.query(
          "INSERT INTO lead_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = $2",
          [name, value],
        );
      return true;
    });
  }

  /** One look at the store at time `now`: sends what is due. */
  async tick(now: number): Promise<void> {
    await this.summary(now);
    await this.targets(now);
  }

  /** The daily summary of held leads, when a day has passed since the last one and some were held since. */
  async summary(now: number): Promise<void> {
    const recipients = this.config.recipients;
    if (!recipients.length) return;
    let since = 0;
    const due = await this.claim("alert:spam-summary", String(now), (old) => {
      since = old ? Number(old) : now - day;
      return !old || now - Number(old) >= day;
    });
    if (!due) return;
    const [{ count } = { count: 0 }] = await this.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM leads WHERE spam IS NOT NULL AND created_at >= $1::timestamptz AND created_at < $2::timestamptz",
      [new Date(since).toISOString(), new Date(now).toISOString()],
    );
    if (!count) return;
    const link = heldLeadsLink(this.alerts);
    const site = this.config.siteName ?? "the site";
    await this.send({
      to: recipients,
      subject: `${count} ${count === 1 ? "lead was" : "leads were"} held as spam on ${site}`,
      text: [
        `In the last day, ${count} ${count === 1 ? "lead was" : "leads were"} held as spam and not delivered.`,
        'If a real customer is among them, open it and choose "Not spam: deliver it".',
        "",
        `The held leads: ${link}`,
      ].join("\n"),
    }).catch((error: Error) => log.error(`leads: the daily spam summary could not be sent (${error.message})`));
    log.info("leads: daily spam summary sent", { held: count });
  }

  /** An alert for each target failing past afterMs, once; and one when it recovers. */
  async targets(now: number): Promise<void> {
    const failing = await failingTargets(this.db, this.config, this.alerts.afterMs, now);
    const to = this.alerts.to.length ? this.alerts.to : this.config.recipients;
    const site = this.config.siteName ?? "the site";
    const hours = (ms: number) =>
      ms >= 3_600_000 ? `${Math.round(ms / 360_000) / 10} h` : `${Math.round(ms / 60_000)} min`;
    for (const target of failing) {
      if (!(await this.claim(`alert:failing:${target.target}`, target.since.toISOString(), (old) => old === undefined)))
        continue;
      log.error(`leads: ${target.name} has failed for ${hours(now - target.since.getTime())}; leads wait for it`);
      if (!to.length) continue;
      await this.send({
        to,
        subject: `Leads are not reaching ${target.name} on ${site}`,
        text: [
          `Since ${target.since.toISOString()}, ${target.name} has not accepted the leads sent to it (over ${hours(this.alerts.afterMs)}).`,
          "They are stored and retried; `npm run leads` shows each delivery's last error.",
          "You will get one more message when it works again.",
        ].join("\n"),
      }).catch((error: Error) =>
        log.error(`leads: the alert about ${target.name} could not be sent (${error.message})`),
      );
    }
    const names = new Set(failing.map((t) => t.target));
    const alerted = await this.db.query<{ name: string }>(
      "SELECT name FROM lead_settings WHERE name LIKE 'alert:failing:%'",
    );
    for (const { name } of alerted) {
      const target = name.slice("alert:failing:".length);
      if (names.has(target)) continue;
      if (!(await this.claim(name, undefined, (old) => old !== undefined))) continue;
      const resolved = resolveTarget(target, this.config);
      log.info(`leads: ${resolved.name} works again`);
      if (!to.length) continue;
      await this.send({
        to,
        subject: `Leads reach ${resolved.name} again on ${site}`,
        text: `${resolved.name} accepts leads again; the ones that waited are being delivered.`,
      }).catch((error: Error) => log.error(`leads: the recovery notice could not be sent (${error.message})`));
    }
  }
}

/** "90m", "1h", "3600s", "5000ms" (or a number of milliseconds) in milliseconds; undefined when not one. */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(raw.trim());
  if (!match) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 }[match[2] ?? "ms"]!;
  return Math.round(Number(match[1]) * unit);
}
