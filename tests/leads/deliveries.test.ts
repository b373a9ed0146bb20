/**
 * Deliveries follow the configuration, and the log says what fails in lines an operator can read,
 * in a real process: leads wait while SMTP is down, webhook #1's address is wrong and webhook #2
 * answers 500; the log (LOG_FORMAT=json) has a time and a level on every line and one line per
 * failing target per retry round, never one per lead, never what a visitor typed. Restarted with
 * SMTP up, webhook #1 corrected and webhook #2 removed: the waiting leads reach the corrected
 * address and the e-mail once each; webhook #2's deliveries are reported, marked failed and left
 * alone (retriable with `npm run leads -- --retry failed`), not retried forever.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { post, settledLeads, storedLeads, until, type ListedLead } from "../helpers/leads-endpoint.ts";
import { startServer, validLead } from "../helpers/server-process.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";
import { freePorts } from "../helpers/free-port.ts";
import { tierFlags } from "../helpers/wasm-tier.ts";

const secret = "deliveries-secret-0123456789";
const work = mkdtempSync(join(tmpdir(), "ops-deliveries-"));
let smtp: SmtpReceiver;
let hookA: WebhookReceiver;
let hookB: WebhookReceiver;
const count = 10;
/** The lead server in a process of its own (tests/helpers/wasm-tier.ts for the flag). */
const leadServer = [process.execPath, ...tierFlags, "--import", "tsx", "server/leads/main.ts"];

/** An address nothing listens on: webhook #1 as an operator mistyped it. */
let wrongHook: string;

beforeAll(async () => {
  const [smtpPort, hookAPort, hookBPort, nobody] = await freePorts(4);
  smtp = smtpReceiver(smtpPort!);
  hookA = await webhookReceiver(hookAPort!, secret);
  hookB = await webhookReceiver(hookBPort!, secret);
  wrongHook = `http://127.0.0.1:${nobody}/hook`;
  hookB.mode = "fail";
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  await hookA?.stop();
  await hookB?.stop();
  rmSync(work, { recursive: true, force: true });
});

const base = () => ({
  LEADS_DATA_DIR: join(work, "data"),
  LEADS_IP_KEY: "deliveries-test-key-0123456789",
  SMTP_URL: smtp.url,
  LEADS_EMAIL_TO: "sales@example.com",
  LEADS_WEBHOOK_SECRET: secret,
  LEADS_RATE_LIMIT: "1000",
  LEADS_RETRY_BASE_MS: "300",
  LEADS_RETRY_CAP_MS: "600",
  // Long enough for a receiver in this busy test process to answer: a send cut by its timer is sent
  // again (at least once, with one key), and these tests count each delivery exactly.
  LEADS_SEND_TIMEOUT_MS: "30000",
  LEADS_POLL_MS: "100",
  LOG_FORMAT: "json",
});

interface Line {
  time: string;
  level: string;
  msg: string;
  target?: string;
  failed?: number;
}

function parseLog(output: string): Line[] {
  return output
    .trim()
    .split("\n")
    .map((line) => {
      const parsed = JSON.parse(line) as Line; // a line that is not JSON fails the test here
      expect(Number.isNaN(Date.parse(parsed.time)), line).toBe(false);
      expect(["debug", "info", "warn", "error", "fatal"], line).toContain(parsed.level);
      return parsed;
    });
}

test("while targets fail: one log line per target per round, each with a time and a level", async () => {
  const env = { ...base(), LEADS_WEBHOOK_URL: `${wrongHook},${hookB.url}` };
  const server = await startServer(leadServer, env);
  try {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, n) => post(`${server.base}/api/leads`, validLead(n))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 303));
    await until(async () => {
      const stored = await storedLeads(env);
      return stored.every((l) => l.deliveries.every((d) => d.attempts >= 2));
    }, "two rounds of attempts");
  } finally {
    expect((await server.stop()).code).toBe(0);
  }

  const lines = parseLog(server.output());
  expect(lines.some((l) => l.level === "warn" && /SMTP_URL=.*does not answer/.test(l.msg))).toBe(true);
  const stored = await storedLeads(env);
  for (const target of ["e-mail #1", "webhook #1", "webhook #2"]) {
    const failures = lines.filter((l) => l.target?.startsWith(target));
    const attempts = stored
      .flatMap((l) => l.deliveries)
      .filter((d) => d.target === `${target.startsWith("e") ? "email" : "webhook"}:${target.at(-1)}`);
    const total = attempts.reduce((sum, d) => sum + d.attempts, 0);
    expect(total, target).toBeGreaterThanOrEqual(2 * count);
    // Every failed attempt is counted in a summary line, and the lines are far fewer than the attempts.
    expect(
      failures.reduce((sum, l) => sum + (l.failed ?? 0), 0),
      target,
    ).toBeGreaterThanOrEqual(total - count);
    expect(failures.length, target).toBeLessThan(total / 2);
    expect(Math.max(...failures.map((l) => l.failed ?? 0)), target).toBeGreaterThan(1);
  }
  for (const n of [0, 1, count - 1]) expect(server.output()).not.toContain(`visitor${n}@example.com`);
}, 120_000);

test("restarted with the address corrected and a target removed: waiting leads go where the configuration says now", async () => {
  await smtp.start();
  const env = { ...base(), LEADS_WEBHOOK_URL: hookA.url };
  const server = await startServer(leadServer, env);
  try {
    const ids = (await storedLeads(env)).map((l) => l.id);
    expect(ids).toHaveLength(count);
    await until(
      () => ids.every((id) => smtp.mails.some((m) => m.leadId === id) && hookA.accepted.some((a) => a.key === id)),
      "the waiting leads delivered to the corrected address",
    );
    await until(
      async () =>
        (await storedLeads(env)).every((l) => l.deliveries.find((d) => d.target === "webhook:2")?.status === "failed"),
      "webhook #2's deliveries marked failed",
    );
    const waiting = (l: { id: string }) => ids.includes(l.id);
    const attempts = (leads: ListedLead[]) =>
      leads
        .filter(waiting)
        .flatMap((l) => l.deliveries)
        .reduce((s, d) => s + d.attempts, 0);
    const attemptsThen = attempts(await settledLeads(env, waiting, "the waiting leads"));
    // Not retried forever: a lead sent now is delivered, so the outbox has claimed again since, and no
    // attempt was made at the failed ones.
    expect((await post(`${server.base}/api/leads`, validLead(count))).status).toBe(303);
    await settledLeads(env, (l) => !waiting(l), "the lead sent now");
    const listed = (await storedLeads(env)).filter(waiting);
    expect(attempts(listed)).toBe(attemptsThen);
    for (const lead of listed) {
      expect(lead.deliveries.find((d) => d.target === "webhook:2")?.last_error).toMatch(/no longer configured/);
    }
    for (const id of ids) {
      expect(smtp.mails.filter((m) => m.leadId === id)).toHaveLength(1);
      expect(hookA.accepted.filter((a) => a.key === id)).toHaveLength(1);
    }
    const removed = parseLog(server.output()).filter((l) => l.target === "webhook #2");
    expect(removed).toHaveLength(1);
    expect(removed[0]!.failed).toBe(count);
    expect(removed[0]!.msg).toMatch(/no longer configured.*--retry failed/);
  } finally {
    expect((await server.stop()).code).toBe(0);
  }
}, 120_000);

test("SIGTERM while a webhook hangs: the server stops in seconds and the delivery is queued again, not leased away", async () => {
  hookA.mode = "hang";
  const env = { ...base(), LEADS_EMAIL_TO: "none", LEADS_WEBHOOK_URL: hookA.url };
  const server = await startServer(leadServer, env);
  const before = hookA.requests;
  expect((await post(`${server.base}/api/leads`, validLead(500))).status).toBe(303);
  await until(() => hookA.requests > before, "the webhook called");
  const exit = await server.stop("SIGTERM");
  expect(exit.code, server.output()).toBe(0);
  expect(exit.ms).toBeLessThan(10_000);
  expect(server.output()).toMatch(/1 delivery under way cut short and queued again/);
  const lead = (await storedLeads(env)).find((l) => Object.values(l.fields).includes("visitor500@example.com"))!;
  expect(lead.deliveries.map((d) => d.status)).toEqual(["pending"]);

  // The next server sends it at once: no lease (LEADS_LEASE_MS, 2 minutes) to wait out.
  hookA.mode = "ok";
  const next = await startServer(leadServer, env);
  try {
    await until(() => hookA.accepted.some((a) => a.key === lead.id), "the delivery sent by the next server", 15_000);
  } finally {
    expect((await next.stop()).code).toBe(0);
  }
}, 120_000);
