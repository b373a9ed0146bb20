/**
 * The outbox: delivers stored leads to their targets (e-mail by SMTP, webhooks as signed JSON).
 * Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several processes share the work
 * and each delivery is attempted by one of them at a time; a process that dies mid-attempt loses
 * its claim when the lease ends. A failed attempt is retried with exponential backoff (with jitter);
 * after `maxAttempts` the delivery is `failed`: logged, listed by `npm run leads`, retriable there.
 * A row names its target by kind and place ("webhook:1", targets.ts); the address is
 * looked up in the configuration when it is sent, so a corrected address reaches waiting leads and a
 * removed one is reported (the row `failed`, retriable) instead of retried forever.
 * Failures are logged once per retry round and target, with a count: never one line per lead, never
 * what the visitor typed.
 */
import { createHmac } from "node:crypto";
import { log } from "../log.ts";
import type { LeadsConfig } from "./config.ts";
import type { Database } from "./db.ts";
import type { LeadRow } from "../../schemas/index.ts";
import { leadEmail, webhookPayload } from "./messages.ts";
import type { Mailer } from "./smtp.ts";
import { resolveTarget, targetLabel } from "./targets.ts";

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

/** One round's failures for one target: logged as one line. */
interface RoundFailure {
  where: string;
  count: number;
  final: number;
  error: string;
}

export class Outbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private inFlight = new Map<string, AbortController>();
  private round = new Map<string, RoundFailure>();

  constructor(
    private readonly db: Database,
    private readonly config: LeadsConfig,
    /** The process's one way to send mail (smtp.ts), which the service closes. */
    private readonly mailer: Mailer,
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
      .catch((error: Error) => log.error(`leads: outbox error: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        this.report();
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

  /**
   * Stops claiming; lets the attempts under way finish for up to `graceMs`, then cancels them and
   * puts their rows back in the queue (the next process sends them), so nothing waits for a lease.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        this.running.then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
      ]);
      clearTimeout(timer);
      if (late) {
        const ids = [...this.inFlight.keys()];
        for (const controller of this.inFlight.values()) controller.abort();
        if (ids.length)
          await this.db
            .query(
              `UPDATE lead_deliveries SET status = 'pending', attempts = GREATEST(attempts - 1, 0), locked_until = NULL, next_at = now()
                WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
              [ids],
            )
            .catch((error: Error) => log.error(`leads: could not release the outbox's claims: ${error.message}`));
        log.warn(
          `leads: stopping: ${ids.length} ${ids.length === 1 ? "delivery" : "deliveries"} under way cut short and queued again`,
        );
        await this.running;
      }
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const batch = await this.claim(10);
      if (!batch.length) return;
      await Promise.all(batch.map((delivery) => this.attempt(delivery)));
    }
  }

  /** One line per target that failed in the round just ended. */
  private report(): void {
    for (const failure of this.round.values()) {
      const retrying = failure.count - failure.final;
      const parts = [
        retrying ? `${retrying} will be retried` : "",
        failure.final
          ? `${failure.final} FAILED ${failure.final === 1 ? "delivery" : "deliveries"}, no more attempts (\`npm run leads -- --retry failed\` once the cause is fixed)`
          : "",
      ].filter(Boolean);
      log.error(
        `leads: ${failure.count} ${failure.count === 1 ? "delivery" : "deliveries"} to ${failure.where} failed: ${failure.error}; ${parts.join(", ")}`,
        { target: failure.where, failed: failure.count, final: failure.final },
      );
    }
    this.round.clear();
  }

  private noteFailure(where: string, error: string, final: boolean): void {
    const entry = this.round.get(where) ?? { where, count: 0, final: 0, error };
    entry.count++;
    if (final) entry.final++;
    this.round.set(where, entry);
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
          (SELECT row_to_json(l) FROM (SELECT id, created_at, form, page, choice, fields, consent, attribution, ad_consent FROM leads WHERE id = d.lead_id) l) AS lead`,
      [limit, this.config.leaseMs / 1000],
    );
  }

  private async attempt(delivery: Claimed): Promise<void> {
    const target = resolveTarget(delivery.target, this.config);
    // One controller per attempt, cut by stop() or by the send timeout. (Not AbortSignal.any with
    // AbortSignal.timeout: Node 20 may collect the timeout's signal, and the attempt then hangs.)
    const controller = new AbortController();
    const timeout = setTimeout(
      () => controller.abort(new Error(`no answer in ${this.config.sendTimeoutMs} ms`)),
      this.config.sendTimeoutMs,
    );
    this.inFlight.set(delivery.id, controller);
    try {
      if ("removed" in target) throw new TargetRemoved(target.removed);
      if (target.kind === "email") await this.sendEmail(target.address, delivery);
      else await this.sendWebhook(target.address, delivery, controller.signal);
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const final = error instanceof TargetRemoved || delivery.attempts >= this.config.maxAttempts;
      await this.db.query(
        `UPDATE lead_deliveries SET status = $2, next_at = now() + make_interval(secs => $3), locked_until = NULL, last_error = $4
          WHERE id = $1 AND status = 'sending'`,
        [delivery.id, final ? "failed" : "pending", backoff(delivery.attempts, this.config) / 1000, message],
      );
      this.noteFailure(targetLabel(target), message, final);
      return;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(delivery.id);
    }
    await this.db.query(
      `UPDATE lead_deliveries SET status = 'delivered', delivered_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = $1 AND status = 'sending'`,
      [delivery.id],
    );
  }

  // Not cut by the attempt's timer: nodemailer's own timeouts (smtp.ts) bound each step, and a message
  // the server took after the timer fired would be sent again.
  private async sendEmail(to: string, delivery: Claimed): Promise<void> {
    const { lead } = delivery;
    const { subject, text, replyTo } = leadEmail(lead, this.config.forms[lead.form]);
    await this.mailer.send({
      to,
      replyTo,
      subject,
      text,
      // The same id on every attempt: a mail system that got it twice (a crash after sending) shows it once.
      messageId: `<lead-${lead.id}-${delivery.id}@leads.invalid>`,
      headers: { "X-Lead-Id": lead.id },
    });
  }

  private async sendWebhook(url: string, delivery: Claimed, signal: AbortSignal): Promise<void> {
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
      signal,
    });
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
  }
}

class TargetRemoved extends Error {}
