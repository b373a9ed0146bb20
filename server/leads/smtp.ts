/**
 * The SMTP transport the outbox sends with and the start-up check verifies: nodemailer with the
 * send timeout, and, for an `smtp://` address of another machine, `requireTLS`. nodemailer alone
 * upgrades an smtp:// connection with STARTTLS only when the server offers it; against one that does
 * not (or a network that strips the offer) the login and the lead would travel in clear. With
 * requireTLS such a route fails ("offers no encryption") and the lead waits in the outbox, as webhooks
 * over plain http to another machine are refused. `smtps://` is TLS from the first byte; an SMTP
 * relay on this machine (localhost, 127.x, ::1) is not required to encrypt.
 */
import nodemailer from "nodemailer";
import { isLoopback } from "../config/env.ts";

/** Whether a connection to `smtpUrl` must be encrypted by STARTTLS before anything is sent. */
export function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === "smtp:" && !isLoopback(url.hostname);
}

export function smtpTransport(smtpUrl: string, timeoutMs: number) {
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
