/**
 * Leads and SMTP credentials never travel in clear to another machine (issue 39, point 3): for an
 * `smtp://` address that is not this machine, the endpoint requires STARTTLS (server/leads/smtp.ts).
 * The SMTP server is a stand-in on 127.0.0.1 (smtp-server from npm) that offers no STARTTLS; the
 * endpoint (server/leads/main.ts, as `npm run leads:serve` runs it) reaches it as "mail.test", another
 * machine's name, through tests/helpers/test-hosts.ts.
 * Proves: at start such a server stops the start (exit 78, the variable named, no password shown);
 * found so later, the delivery fails with a log line saying why, nothing is sent (no login, no mail),
 * and the lead stays in the outbox to be retried; an SMTP relay on this machine is not held to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, test } from "vitest";
import { requiresStartTls } from "../../server/leads/smtp.ts";
import { freePort } from "../helpers/free-port.ts";
import { post, storedLeads, until } from "../helpers/leads-endpoint.ts";
import { lead } from "../helpers/lead-fixture.ts";
import { runToEnd, startServer } from "../helpers/server-process.ts";

const work = mkdtempSync(join(tmpdir(), "smtp-tls-"));
const password = `smtp-password-${Math.random().toString(36).slice(2)}`;
const endpoint = [
  process.execPath,
  "--import",
  "tsx",
  "--import",
  "./tests/helpers/test-hosts.ts",
  "server/leads/main.ts",
];

/** An SMTP server that offers no STARTTLS and notes every login and message it is sent. */
function plainSmtp(port: number) {
  const seen = { logins: 0, mails: 0, connections: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onConnect(_, callback) {
      seen.connections++;
      callback();
    },
    onAuth(_, __, callback) {
      seen.logins++;
      callback(null, { user: "leads" });
    },
    onData(stream, _, callback) {
      seen.mails++;
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  return {
    seen,
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("SMTP to another machine is encrypted, or nothing is sent", { timeout: 120_000 }, () => {
  test("which addresses must be encrypted: smtp:// to another machine; not smtps:// (TLS already), not this machine", () => {
    expect(requiresStartTls("smtp://leads:pw@mail.example.com:587")).toBe(true);
    expect(requiresStartTls("smtp://mail.example.com")).toBe(true);
    expect(requiresStartTls("smtp://10.0.0.5:25")).toBe(true);
    expect(requiresStartTls("smtps://mail.example.com:465")).toBe(false);
    for (const local of ["smtp://localhost:25", "smtp://127.0.0.1:2525", "smtp://[::1]:25"])
      expect(requiresStartTls(local), local).toBe(false);
  });

  test("at start, a server of another machine that offers no STARTTLS stops the start (exit 78), nothing sent", async () => {
    const port = await freePort();
    const smtp = plainSmtp(port);
    await smtp.start();
    try {
      const result = await runToEnd(endpoint, {
        PORT: "0",
        TEST_HOSTS: "mail.test=127.0.0.1",
        SMTP_URL: `smtp://leads:${password}@mail.test:${port}`,
        LEADS_EMAIL_TO: "sales@example.com",
        LEADS_WEBHOOK_URL: "none",
        LEADS_IP_KEY: "smtp-tls-test-key-0123456789",
        LEADS_DATA_DIR: join(work, "start"),
      });
      expect(result.code, result.output).toBe(78);
      expect(result.output).toMatch(
        /FATAL configuration: SMTP_URL="smtp:\/\/leads:\*\*\*@mail\.test:\d+": the SMTP server offers no encryption/,
      );
      expect(result.output).not.toContain(password);
      expect(smtp.seen.connections).toBeGreaterThan(0);
      expect(smtp.seen).toMatchObject({ logins: 0, mails: 0 });
    } finally {
      await smtp.stop();
    }
  });

  test("found so later, the delivery fails saying why; no login, no mail; the lead waits in the outbox", async () => {
    const [port, smtpPort] = [await freePort(), await freePort()];
    const smtp = plainSmtp(smtpPort);
    const env = {
      PORT: String(port),
      TEST_HOSTS: "mail.test=127.0.0.1",
      SMTP_URL: `smtp://leads:${password}@mail.test:${smtpPort}`,
      LEADS_EMAIL_TO: "sales@example.com",
      LEADS_WEBHOOK_URL: "none",
      LEADS_IP_KEY: "smtp-tls-test-key-0123456789",
      LEADS_DATA_DIR: join(work, "later"),
      LEADS_RETRY_BASE_MS: "60000",
      LEADS_POLL_MS: "100",
    };
    // The SMTP server is not up at start (a warning), and comes up without STARTTLS afterwards.
    const server = await startServer(endpoint, env, { ready: /Lead endpoint/ });
    try {
      expect(server.output()).toMatch(/SMTP_URL=.* does not answer/);
      await smtp.start();
      const sent = await post(`http://127.0.0.1:${port}/api/leads`, lead(0));
      expect(sent.status).toBe(303);
      await until(() => /offers no encryption/.test(server.output()), "the delivery's failure in the log");
      expect(server.output()).toMatch(
        /leads: 1 delivery to e-mail #1 .* failed: the SMTP server offers no encryption \(STARTTLS\).*1 will be retried/,
      );
      expect(server.output()).not.toContain(password);
      expect(smtp.seen).toMatchObject({ logins: 0, mails: 0 });
      const [stored] = await storedLeads({ LEADS_DATA_DIR: env.LEADS_DATA_DIR });
      expect(stored!.deliveries).toEqual([
        expect.objectContaining({
          status: "pending",
          attempts: 1,
          last_error: expect.stringMatching(/offers no encryption/),
        }),
      ]);
    } finally {
      await server.stop();
      await smtp.stop();
    }
  });
});
