/**
 * Nothing held or failing goes unseen (decision 0033):
 * - a daily summary of the leads held as spam, to the lead address(es): how many since the last
 *   summary and a link to /admin/'s Leads screen filtered to them; no spam content (a spammer's
 *   links must not reach anyone's inbox);
 * - a delivery target failing for longer than LEADS_ALERT_AFTER (1 h): one alert to LEADS_ALERT_TO
 *   (else the lead address), and one when it recovers. A target is failing since the oldest lead it
 *   has not delivered, tried at least once, sent after its last delivery (a later delivery means it
 *   works again; a lead given up on before that does not keep it "failing").
 * Each message counts as sent only once the mail server took it: what was sent is recorded in
 * lead_settings then, and until then every check tries it again (a mail server that is down delays
 * an alert, it does not lose it). A recovery notice goes out only for an alert that went out. While
 * one process sends a message it holds it for a while (`sending:<name>`), so several processes, or a
 * restart, send each message once; a process that dies while sending lets it go when that expires.
 * Mail goes through the process's one transport (smtp.ts). The clock is an argument (`now`).
 */
import { log } from "../log.ts";
import type { AlertsConfig } from "./alerts-config.ts";
import type { LeadsConfig } from "./config.ts";
import type { Database, Sql } from "./db.ts";
import type { Mailer, Message } from "./smtp.ts";
import { resolveTarget, targetLabel } from "./targets.ts";

/** The Leads screen of /admin/ (admin/screens/leads/) showing the held leads, on the site's address under its base path. */
export const heldLeadsLink = (alerts: AlertsConfig) =>
  `${(alerts.siteUrl ?? "").replace(/\/+$/, "")}${alerts.basePath ?? "/"}admin/#/page/leads?spam=only`;

export interface FailingTarget {
  /** The outbox row's target ("webhook:1"). */
  target: string;
  /** In words: "webhook #1 (webhook hooks.example.com)". */
  name: string;
  since: Date;
}

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
  return rows.map(({ target, since }) => ({
    target,
    name: targetLabel(resolveTarget(target, config)),
    since: new Date(since),
  }));
}

const dayMs = 24 * 60 * 60_000;
/** How long a process holds a message it is sending: longer than a send may take, short beside LEADS_ALERT_AFTER. */
const holdMs = 10 * 60_000;
const held = (name: string) => `sending:${name}`;

export class Alerts {
  constructor(
    private readonly db: Database,
    private readonly config: LeadsConfig,
    private readonly mailer: Mailer,
  ) {}

  private get alerts(): AlertsConfig {
    return this.config.alerts;
  }

  /**
   * Takes the message recorded as `name` to send, when `due(recorded value)` and no other process
   * holds it at `now`; true when this call took it.
   */
  private async take(name: string, now: number, due: (recorded: string | undefined) => boolean): Promise<boolean> {
    return this.db.transaction(async (sql) => {
      await sql.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);
      const rows = await sql.query<{ name: string; value: string }>(
        "SELECT name, value FROM lead_settings WHERE name = $1 OR name = $2",
        [name, held(name)],
      );
      const until = rows.find((row) => row.name === held(name))?.value;
      if (until !== undefined && Number(until) > now) return false;
      if (!due(rows.find((row) => row.name === name)?.value)) return false;
      await put(sql, held(name), String(now + holdMs));
      return true;
    });
  }

  /** Lets `name` go; when it was sent, records `value` for it (undefined: removes the record). */
  private async settle(name: string, sent: boolean, value: string | undefined): Promise<void> {
    await this.db.transaction(async (sql) => {
      if (sent && value === undefined) await sql.query("DELETE FROM lead_settings WHERE name = $1", [name]);
      else if (sent) await put(sql, name, value!);
      await sql.query("DELETE FROM lead_settings WHERE name = $1", [held(name)]);
    });
  }

  /**
   * Sends `message` (none: nobody to send it to) for the record `name` when `due`, and records `value`
   * once it was sent; a send that failed is logged as `what` and left for the next check. True when sent.
   */
  private async deliver(
    name: string,
    now: number,
    due: (recorded: string | undefined) => boolean,
    message: Message | undefined,
    value: string | undefined,
    what: string,
  ): Promise<boolean> {
    if (!(await this.take(name, now, due))) return false;
    const sent = await (message ? this.mailer.send(message) : Promise.resolve()).then(
      () => true,
      (error: Error) => {
        log.error(`leads: ${what} could not be sent (${error.message}); it is tried again at the next check`);
        return false;
      },
    );
    await this.settle(name, sent, value);
    return sent;
  }

  /** One look at the store at time `now`: sends what is due, and what could not be sent before. */
  async tick(now: number): Promise<void> {
    await this.summary(now);
    await this.targets(now);
  }

  /** The daily summary of held leads, when a day has passed since the last one and some were held since. */
  async summary(now: number): Promise<void> {
    const recipients = this.config.recipients;
    if (!recipients.length) return;
    const name = "alert:spam-summary";
    const due = (last: string | undefined) => !last || now - Number(last) >= dayMs;
    const [row] = await this.db.query<{ value: string }>("SELECT value FROM lead_settings WHERE name = $1", [name]);
    if (!due(row?.value)) return;
    const since = row ? Number(row.value) : now - dayMs;
    const [{ count } = { count: 0 }] = await this.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM leads WHERE spam IS NOT NULL AND created_at >= $1::timestamptz AND created_at < $2::timestamptz",
      [new Date(since).toISOString(), new Date(now).toISOString()],
    );
    const site = this.config.siteName ?? "the site";
    const counted = `${count} ${count === 1 ? "lead was" : "leads were"} held as spam`;
    // None held: nothing to send, and the next summary counts from now.
    const message = count
      ? {
          to: recipients,
          subject: `${counted} on ${site}`,
          text: [
            `In the last day, ${counted} and not delivered.`,
            'If a real customer is among them, open it and choose "Not spam: deliver it".',
            "",
            `The held leads: ${heldLeadsLink(this.alerts)}`,
          ].join("\n"),
        }
      : undefined;
    if ((await this.deliver(name, now, due, message, String(now), "the daily spam summary")) && count)
      log.info("leads: daily spam summary sent", { held: count });
  }

  /** An alert for each target failing past afterMs, once; and one when it recovers, once its alert went out. */
  async targets(now: number): Promise<void> {
    const failing = await failingTargets(this.db, this.config, this.alerts.afterMs, now);
    const to = this.alerts.to.length ? this.alerts.to : this.config.recipients;
    const site = this.config.siteName ?? "the site";
    const hours = (ms: number) =>
      ms >= 3_600_000 ? `${Math.round(ms / 360_000) / 10} h` : `${Math.round(ms / 60_000)} min`;
    for (const target of failing) {
      const name = `alert:failing:${target.target}`;
      // Recorded: its alert went out.
      if ((await this.db.query("SELECT 1 FROM lead_settings WHERE name = $1", [name])).length) continue;
      log.error(`leads: ${target.name} has failed for ${hours(now - target.since.getTime())}; leads wait for it`);
      const message = to.length
        ? {
            to,
            subject: `Leads are not reaching ${target.name} on ${site}`,
            text: [
              `Since ${target.since.toISOString()}, ${target.name} has not accepted the leads sent to it (over ${hours(this.alerts.afterMs)}).`,
              "They are stored and retried; `npm run leads` shows each delivery's last error.",
              "You will get one more message when it works again.",
            ].join("\n"),
          }
        : undefined;
      const unsent = (recorded: string | undefined) => recorded === undefined;
      await this.deliver(name, now, unsent, message, target.since.toISOString(), `the alert about ${target.name}`);
    }
    const names = new Set(failing.map((t) => t.target));
    // An alert is recorded once it was sent: only those get a recovery notice.
    const alerted = await this.db.query<{ name: string }>(
      "SELECT name FROM lead_settings WHERE name LIKE 'alert:failing:%'",
    );
    for (const { name } of alerted) {
      const target = name.slice("alert:failing:".length);
      if (names.has(target)) continue;
      const resolved = resolveTarget(target, this.config);
      const message = to.length
        ? {
            to,
            subject: `Leads reach ${resolved.name} again on ${site}`,
            text: `${resolved.name} accepts leads again; the ones that waited are being delivered.`,
          }
        : undefined;
      const recorded = (value: string | undefined) => value !== undefined;
      if (await this.deliver(name, now, recorded, message, undefined, `the recovery notice about ${resolved.name}`))
        log.info(`leads: ${resolved.name} works again`);
    }
  }
}

async function put(sql: Sql, name: string, value: string): Promise<void> {
  await sql.query(
    "INSERT INTO lead_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = $2",
    [name, value],
  );
}
