/**
 * SIGTERM to what the operations guide starts: `npm start`, `npm run serve`, `npm run leads:serve` and the
 * node command itself, each in a real process, with leads in flight. Each stops within seconds with
 * exit code 0 and leaves no server behind (the port is free); every post answered 303 is stored and,
 * by the next run on the same data folder at the latest, delivered once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { post, storedLeads, until } from "../helpers/leads-endpoint.ts";
import { commands, fixtureSite, startServer, validLead } from "../helpers/server-process.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";
import { freePorts } from "../helpers/free-port.ts";

const secret = "signals-secret-0123456789";
const work = mkdtempSync(join(tmpdir(), "ops-signals-"));
const site = fixtureSite();
let smtp: SmtpReceiver;
let hook: WebhookReceiver;
let env: Record<string, string>;
const acknowledged: number[] = [];
let serial = 0;

beforeAll(async () => {
  const [smtpPort, hookPort] = await freePorts(2);
  smtp = smtpReceiver(smtpPort!);
  await smtp.start();
  hook = await webhookReceiver(hookPort!, secret);
  env = {
    LEADS_DATA_DIR: join(work, "data"),
    LEADS_IP_KEY: "signals-test-key-0123456789",
    SMTP_URL: smtp.url,
    LEADS_EMAIL_TO: "sales@example.com",
    LEADS_WEBHOOK_URL: hook.url,
    LEADS_WEBHOOK_SECRET: secret,
    LEADS_RATE_LIMIT: "1000",
    LEADS_RETRY_BASE_MS: "200",
    LEADS_POLL_MS: "100",
  };
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  await hook?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
});

const started: [string, readonly string[]][] = [
  ["npm start", [...commands["npm start"], "--", site]],
  ["npm run serve", [...commands["npm run serve"], "--", site]],
  ["npm run leads:serve", commands["npm run leads:serve"]],
  ["node --import tsx server/serve.ts", [process.execPath, "--import", "tsx", "server/serve.ts", site]],
];

test.each(started)(
  "SIGTERM to %s with leads in flight: exit 0 within seconds, every 303 stored",
  async (_, argv) => {
    const server = await startServer(argv, env);
    const url = `${server.base}/api/leads`;
    // Leads before, and leads in flight when the signal arrives.
    for (let i = 0; i < 3; i++) {
      const n = serial++;
      if ((await post(url, validLead(n))).status === 303) acknowledged.push(n);
    }
    const inFlight = Array.from({ length: 6 }, () => serial++).map((n) =>
      post(url, validLead(n)).then(
        (answer) => ({ n, status: answer.status }),
        () => ({ n, status: 0 }), // not acknowledged: the visitor still has the form
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = await server.stop("SIGTERM");
    const answers = await Promise.all(inFlight);
    for (const answer of answers) if (answer.status === 303) acknowledged.push(answer.n);
    expect(answers.filter((a) => a.status !== 303 && a.status !== 0 && a.status !== 503)).toEqual([]);
    expect(exit.code, server.output()).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    expect(server.output()).toMatch(/INFO +stopped/);
    // Nothing is left holding the port.
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();

    const stored = await storedLeads(env);
    const emails = new Set(stored.map((l) => Object.values(l.fields).find((v) => v.includes("@"))));
    for (const n of acknowledged) expect(emails.has(`visitor${n}@example.com`), `lead ${n}`).toBe(true);
  },
  120_000,
);

test("every acknowledged lead is delivered once, by the next run at the latest", async () => {
  const server = await startServer(commands.node, env);
  try {
    const stored = await storedLeads(env);
    const ids = stored.map((l) => l.id);
    expect(ids.length).toBeGreaterThanOrEqual(acknowledged.length);
    await until(
      () => ids.every((id) => smtp.mails.some((m) => m.leadId === id) && hook.accepted.some((a) => a.key === id)),
      "every lead delivered",
    );
    for (const id of ids) {
      expect(smtp.mails.filter((m) => m.leadId === id)).toHaveLength(1);
      expect(hook.accepted.filter((a) => a.key === id)).toHaveLength(1);
    }
  } finally {
    expect((await server.stop()).code).toBe(0);
  }
}, 120_000);
