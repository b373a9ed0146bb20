/**
 * The outbox: delivers stored leads to their targets (e-mail by SMTP, webhooks as signed JSON).
 * Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several processes share the work
 * and each delivery is attempted by one of them at a time; a process that dies mid-attempt loses
 * its claim when the lease ends. A failed attempt is retried with exponential backoff (with jitter);
 * after `maxAttempts` the delivery is `failed`: logged, listed by `npm run leads`, retriable there.
 * Log lines name the lead by id and the target, never what the visitor typed.
 */
import { createHmac } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type { LeadsConfig } from "./config.ts";
import type { Database } from "./db.ts";
import { leadEmail, webhookPayload, type LeadRow } from "./messages.ts";

interface Claimed {
  id: string;
  target: string;
  attempts: number;
  lead: LeadRow;
}

/** The signature header of a webhook body: HMAC-SHA256 over "<timestamp>.<body>" with the secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function backoff(attempts: number, config: Pick<LeadsConfig, "retryBaseMs" | "retryCapMs">): number {
  const delay = Math.min(config.retryCapMs, config.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private transport: Transporter | undefined;

  constructor(
    private readonly db: Database,
    private readonly config: LeadsConfig,
  ) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Looks for due deliveries now (after a lead was stored), and then every pollMs. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error: Error) => console.error(`leads: outbox error: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.config.pollMs);
          this.timer.unref();
        }
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const batch = await this.claim(10);
      if (!batch.length) return;
      await Promise.all(batch.map((delivery) => this.attempt(delivery)));
    }
  }

  private async claim(limit: number): Promise<Claimed[]> {
    return this.db.query<Claimed>(
      `UPDATE lead_deliveries d
          SET status = 'sending', attempts = d.attempts + 1, locked_until = now() + make_interval(secs => $2)
        WHERE d.id IN (
          SELECT id FROM lead_deliveries
           WHERE (status = 'pending' AND next_at <= now()) OR (status = 'sending' AND locked_until < now())
           ORDER BY next_at
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING d.id::text AS id, d.target, d.attempts,
          (SELECT row_to_json(l) FROM (SELECT id, created_at, form, page, choice, fields, consent, attribution FROM leads WHERE id = d.lead_id) l) AS lead`,
      [limit, this.config.leaseMs / 1000],
    );
  }

  private async attempt(delivery: Claimed): Promise<void> {
    try {
      if (delivery.target.startsWith("email:")) await this.sendEmail(delivery.target.slice(6), delivery);
      else if (delivery.target.startsWith("webhook:")) await this.sendWebhook(delivery.target.slice(8), delivery);
      else throw new Error(`unknown target kind`);
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const final = delivery.attempts >= this.config.maxAttempts;
      await this.db.query(
        `UPDATE lead_deliveries SET status = $2, next_at = now() + make_interval(secs => $3), locked_until = NULL, last_error = $4
          WHERE id = $1 AND status = 'sending'`,
        [delivery.id, final ? "failed" : "pending", backoff(delivery.attempts, this.config) / 1000, message],
      );
      const where = describeTarget(delivery.target);
      if (final) {
        console.error(
          `leads: FAILED delivery ${delivery.id} of lead ${delivery.lead.id} to ${where} after ${delivery.attempts} attempts: ${message}. ` +
            "Retry it with `npm run leads -- --retry failed` once the cause is fixed.",
        );
      } else {
        console.error(
          `leads: delivery ${delivery.id} to ${where}, attempt ${delivery.attempts} failed (${message}); will retry`,
        );
      }
      return;
    }
    await this.db.query(
      `UPDATE lead_deliveries SET status = 'delivered', delivered_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = $1 AND status = 'sending'`,
      [delivery.id],
    );
  }

  private async sendEmail(to: string, delivery: Claimed): Promise<void> {
    if (!this.config.smtpUrl) throw new Error("SMTP_URL is not set: e-mail cannot be sent");
    this.transport ??= nodemailer.createTransport(this.config.smtpUrl, {
      connectionTimeout: this.config.sendTimeoutMs,
      greetingTimeout: this.config.sendTimeoutMs,
      socketTimeout: this.config.sendTimeoutMs,
    } as object);
    const { lead } = delivery;
    const { subject, text, replyTo } = leadEmail(lead, this.config.forms[lead.form]);
    await this.transport.sendMail({
      from: this.config.emailFrom,
      to,
      replyTo,
      subject,
      text,
      // The same id on every attempt: a mail system that got it twice (a crash after sending) shows it once.
      messageId: `<lead-${lead.id}-${delivery.id}@leads.invalid>`,
      headers: { "X-Lead-Id": lead.id },
    });
  }

  private async sendWebhook(url: string, delivery: Claimed): Promise<void> {
    if (!this.config.webhookSecret) throw new Error("LEADS_WEBHOOK_SECRET is not set: webhooks are only sent signed");
    const { lead } = delivery;
    const body = JSON.stringify(webhookPayload(lead, this.config.forms[lead.form]?.title));
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": lead.id,
        "X-Lead-Timestamp": timestamp,
        "X-Lead-Signature": signature(this.config.webhookSecret, timestamp, body),
      },
      body,
      redirect: "error",
      signal: AbortSignal.timeout(this.config.sendTimeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
  }
}

/** A target for log lines: the e-mail domain or the webhook's host, never a full address with a path token. */
export function describeTarget(target: string): string {
  if (target.startsWith("email:")) return `e-mail to ${target.slice(6)}`;
  try {
    return `webhook ${new URL(target.slice(8)).host}`;
  } catch {
    return "webhook";
  }
}
