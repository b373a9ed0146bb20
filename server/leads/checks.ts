/**
 * What can be checked of the delivery targets at start without sending a lead: the SMTP server is
 * asked to greet, encrypt the connection where it must (smtp.ts) and accept the login (nodemailer's
 * verify). A refused login, or a server of another machine that offers no encryption, is a
 * configuration error (SMTP_URL named, exit 78); a server that does not answer is a warning: leads
 * are stored and their e-mails wait in the outbox until it does.
 */
import { ConfigError, redactUrl } from "../config/env.ts";
import { log } from "../log.ts";
import type { LeadsConfig } from "./config.ts";
import { smtpTransport, unencrypted } from "./smtp.ts";

export async function checkSmtp(config: Pick<LeadsConfig, "smtpUrl" | "sendTimeoutMs">): Promise<void> {
  if (!config.smtpUrl) return;
  const shown = redactUrl(config.smtpUrl);
  const timeout = Math.min(config.sendTimeoutMs, 5_000);
  const transport = smtpTransport(config.smtpUrl, timeout);
  try {
    await transport.verify();
    const login = new URL(config.smtpUrl).username ? " and accepts the login" : "";
    log.info(`leads: SMTP_URL="${shown}" answers${login} (checked at start)`);
  } catch (error) {
    const e = error as Error & { code?: string; responseCode?: number };
    const why = unencrypted(e);
    if (why)
      throw new ConfigError([
        `SMTP_URL="${shown}": ${why}, for example SMTP_URL=smtps://user:password@mail.example.com:465`,
      ]);
    if (e.code === "EAUTH")
      throw new ConfigError([
        `SMTP_URL="${shown}": the SMTP server refused the login (${e.message.split("\n")[0]}); fix the user or password, for example SMTP_URL=smtps://user:password@mail.example.com:465`,
      ]);
    log.warn(
      `leads: SMTP_URL="${shown}" does not answer (${e.code ?? e.message}): leads are stored and their e-mails wait until it does`,
    );
  } finally {
    transport.close();
  }
}
