/**
 * Leads and SMTP credentials never travel in clear to another machine (issue 39, point 3; issue 47,
 * point 1): for an `smtp://` address that is not this machine, every mail the server sends requires
 * STARTTLS (server/leads/smtp.ts). The SMTP server is a stand-in on 127.0.0.1 (smtp-server from npm)
 * that offers no STARTTLS; the server reaches it as "mail.test", another machine's name, through
 * tests/helpers/test-hosts.ts (a preload of the endpoint's process, and loaded in this one for the
 * lead service run here).
 * Proves: at start such a server stops the start (exit 78, the variable named, no password shown);
 * found so later, the delivery fails with a log line saying why, nothing is sent (no login, no mail),
 * and the lead stays in the outbox to be retried; after a start where the mail server did not answer,
 * no kind of mail reaches it (a lead, a failing target's alert, the daily summary, a recovery
 * notice); an SMTP relay on this machine is not held to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, test, vi } from "vitest";
import { checkSmtp } from "../../server/leads/checks.ts";
import { loadConfig } from "../../server/leads/config.ts";
import { startLeads, type LeadsService } from "../../server/leads/service.ts";
import { requiresStartTls } from "../../server/leads/smtp.ts";
import { createLogger, log, setLogger } from "../../server/log.ts";
import { freePort, freePorts } from "../helpers/free-port.ts";
import { post, storedLeads, until } from "../helpers/leads-endpoint.ts";
import { lead } from "../helpers/lead-fixture.ts";
import { runToEnd, startServer } from "../helpers/server-process.ts";
import { tierFlags } from "../helpers/wasm-tier.ts";
import { webhookReceiver } from "../helpers/webhook.ts";

// "mail.test" is 127.0.0.1 in this process too, for the lead service the last test runs here.
vi.hoisted(() => {
  process.env.TEST_HOSTS = "mail.test=127.0.0.1";
});
await import("../helpers/test-hosts.ts");

const work = mkdtempSync(join(tmpdir(), "smtp-tls-"));
const password = `smtp-password-${Math.random().toString(36).slice(2)}`;
const endpoint = [
  process.execPath,
  ...tierFlags,
  "--import",
  "tsx",
  "--import",
  "./tests/helpers/test-hosts.ts",
  "server/leads/main.ts",
];

/** An SMTP server that offers no STARTTLS and notes every login and message it is sent; it can be started again. */
function plainSmtp(port: number) {
  const seen = { logins: 0, mails: 0, connections: 0 };
  const make = () =>
    new SMTPServer({
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
  let server = make();
  return {
    seen,
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    stop: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          server = make();
          resolve();
        }),
      ),
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

  test("after a start where the mail server did not answer, one that offers no STARTTLS gets no mail of any kind: a lead, an alert, the daily summary, a recovery notice", async () => {
    const [smtpPort, hookPort] = (await freePorts(2)) as [number, number];
    const smtp = plainSmtp(smtpPort);
    const secret = "every-kind-secret-0123456789";
    const hook = await webhookReceiver(hookPort, secret);
    const lines: string[] = [];
    const previous = log;
    setLogger(createLogger({ out: (line) => lines.push(line), err: (line) => lines.push(line) }));
    const env = {
      LEADS_DATA_DIR: join(work, "every-kind"),
      LEADS_IP_KEY: "smtp-tls-test-key-0123456789",
      LEADS_WEBHOOK_URL: hook.url,
      LEADS_WEBHOOK_SECRET: secret,
      LEADS_ALERT_TO: "ops@example.com",
      LEADS_RETRY_BASE_MS: "100",
      LEADS_RETRY_CAP_MS: "300",
      LEADS_POLL_MS: "50",
    };
    const minute = 60_000;
    let service: LeadsService | undefined;
    let endpoint: Server | undefined;
    /** The service's endpoint, listening on 127.0.0.1, as `npm start` mounts it. */
    const serve = async (started: LeadsService) => {
      endpoint = createServer((request, response) => void started.handler(request, response));
      await new Promise<void>((resolve) => endpoint!.listen(0, "127.0.0.1", resolve));
      const { port } = endpoint.address() as { port: number };
      return `http://127.0.0.1:${port}/api/leads`;
    };
    const stopService = async () => {
      await new Promise<void>((resolve) => (endpoint ? endpoint.close(() => resolve()) : resolve()));
      await service?.close();
      endpoint = service = undefined;
    };
    const deliveries = () =>
      service!.db!.query<{ target: string; status: string; last_error: string | null }>(
        "SELECT target, status, last_error FROM lead_deliveries",
      );
    try {
      // An earlier run, with an SMTP relay on this machine: the webhook failed, and its alert went out.
      await smtp.start();
      hook.mode = "fail";
      service = await startLeads(
        loadConfig({ ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LEADS_EMAIL_TO: "none" }),
      );
      expect((await post(await serve(service), lead(1))).status).toBe(303);
      await until(async () => (await deliveries()).some((d) => d.last_error), "the webhook's failure");
      await service.checkAlerts(Date.now() + 61 * minute);
      expect(smtp.seen.mails, "the earlier run's alert").toBe(1);
      await stopService();
      await smtp.stop();
      smtp.seen.logins = smtp.seen.mails = 0;

      // Now SMTP_URL names another machine, which does not answer the check at start…
      const config = loadConfig({
        ...env,
        SMTP_URL: `smtp://leads:${password}@mail.test:${smtpPort}`,
        LEADS_EMAIL_TO: "sales@example.com",
      });
      await checkSmtp(config);
      expect(lines.join("\n")).toMatch(/SMTP_URL=.* does not answer/);
      service = await startLeads(config);
      // …and then answers without offering STARTTLS. The webhook works again; a lead and a spam arrive.
      await smtp.start();
      hook.mode = "ok";
      const url = await serve(service);
      expect((await post(url, lead(2))).status).toBe(303);
      expect((await post(url, { ...lead(3), leave_empty: "filled by a robot" })).status).toBe(303);
      await until(async () => {
        const now = await deliveries();
        return (
          now.some((d) => d.target === "email:1" && /offers no encryption/.test(d.last_error ?? "")) &&
          now.filter((d) => d.target === "webhook:1").every((d) => d.status === "delivered")
        );
      }, "the lead's e-mail refused and the webhook delivered");

      // Due now: the e-mail target's alert, the daily summary of the held lead, the webhook's recovery notice.
      await service.checkAlerts(Date.now() + 61 * minute);
      expect(smtp.seen).toMatchObject({ logins: 0, mails: 0 });
      const log = lines.join("\n");
      for (const what of [
        "the alert about e-mail #1",
        "the daily spam summary",
        "the recovery notice about webhook #1",
      ])
        expect(log).toMatch(
          new RegExp(`${what}( \\(.*?\\))? could not be sent \\(the SMTP server offers no encryption`),
        );
      expect(log).not.toContain(password);
    } finally {
      await stopService();
      await smtp.stop();
      await hook.stop();
      setLogger(previous);
    }
  });
});
