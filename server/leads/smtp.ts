/**
 * How the server sends mail, every kind of it (a lead, a failing target's alert, its recovery notice,
 * the daily spam summary): one transport per process (`smtpMailer`, closed when the service stops),
 * built by `smtpTransport`, which the start-up check verifies with too. nodemailer alone upgrades an
 * smtp:// connection with STARTTLS only when the server offers it; against one that does not (or a
 * network that strips the offer) the login and the message would travel in clear. So for an
 * `smtp://` address of another machine the transport has `requireTLS`: such a route fails ("offers no
 * encryption") and nothing is sent, as webhooks over plain http to another machine are refused.
 * `smtps://` is TLS from the first byte; an SMTP relay on this machine (localhost, 127.x, ::1) is not
 * required to encrypt.
 */
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { isLoopback } from "../config/env.ts";
import type { LeadsConfig } from "./config.ts";

/** Whether a connection to `smtpUrl` must be encrypted by STARTTLS before anything is sent. */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === "smtp:" && !isLoopback(url.hostname);
}

export function smtpTransport(smtpUrl: string, timeoutMs: number): Transporter {
  // The options beside `url`: given as createTransport's second argument they would be the messages'
  // defaults, and the connection would not see them.
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...(requiresStartTls(smtpUrl) ? { requireTLS: true } : {}),
  } as object);
}

/** What an error of nodemailer's means when the server did not let the connection be encrypted. */
export function unencrypted(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string };
  if (e?.code !== "ETLS" && !/STARTTLS/.test(e?.message ?? "")) return undefined;
  return "the SMTP server offers no encryption (STARTTLS), and a lead and the SMTP password are never sent in clear: use smtps:// (port 465) or a server that offers STARTTLS";
}

/** A message the server sends; the sender is LEADS_EMAIL_FROM. */
export type Message = Pick<SendMailOptions, "replyTo" | "messageId" | "headers"> & {
  to: string | string[];
  subject: string;
  text: string;
};

export interface Mailer {
  /** Sends `message`, or throws why not (in words when the server would not encrypt). */
  send(message: Message): Promise<void>;
  /** Lets the transport go (the service's stop). */
  close(): void;
}

export function smtpMailer(config: Pick<LeadsConfig, "smtpUrl" | "sendTimeoutMs" | "emailFrom">): Mailer {
  let transport: Transporter | undefined;
  return {
    async send(message) {
      if (!config.smtpUrl) throw new Error("SMTP_URL is not set: e-mail cannot be sent");
      transport ??= smtpTransport(config.smtpUrl, config.sendTimeoutMs);
      await transport.sendMail({ from: config.emailFrom, ...message }).catch((error: unknown) => {
        const why = unencrypted(error);
        throw why ? new Error(why) : error;
      });
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
