/**
 * An overlapping deploy on the embedded database, with two real processes on one LEADS_DATA_DIR:
 * the operations guide's `npm run leads:serve` runs; a second server starts on the same folder and waits (its
 * pages and health answer, its posts are held) without touching the database or admin.sock; the
 * first gets SIGTERM in the middle of 20 submissions and the second takes over. Every 303 is in the
 * database and delivered once, by e-mail and webhook; none is refused. Then what is on disk: every
 * file and folder owner-only, and the address hash keyed with a key that is not in the database.
 */
import { createHash, createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "../../server/leads/db.ts";
import { post, settledLeads, storedLeads, until } from "../helpers/leads-endpoint.ts";
import { commands, startServer, validLead, type ServerProcess } from "../helpers/server-process.ts";
import { smtpReceiver, type SmtpReceiver } from "../helpers/smtp.ts";
import { webhookReceiver, type WebhookReceiver } from "../helpers/webhook.ts";
import { freePorts } from "../helpers/free-port.ts";

const secret = "handover-secret-0123456789";
const work = mkdtempSync(join(tmpdir(), "ops-handover-"));
const dataDir = join(work, "data");
const keyFile = join(work, "keys", "leads-ip.key");
let smtp: SmtpReceiver;
let hook: WebhookReceiver;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  const [smtpPort, hookPort] = await freePorts(2);
  smtp = smtpReceiver(smtpPort!);
  await smtp.start();
  hook = await webhookReceiver(hookPort!, secret);
  env = {
    LEADS_DATA_DIR: dataDir,
    LEADS_IP_KEY: "",
    LEADS_IP_SALT: "",
    LEADS_IP_KEY_FILE: keyFile,
    SMTP_URL: smtp.url,
    LEADS_EMAIL_TO: "sales@example.com",
    LEADS_WEBHOOK_URL: hook.url,
    LEADS_WEBHOOK_SECRET: secret,
    LEADS_RATE_LIMIT: "1000",
    LEADS_RETRY_BASE_MS: "200",
    LEADS_RETRY_CAP_MS: "1000",
    LEADS_POLL_MS: "100",
    // A claim the first server left is taken over soon; it outlasts any send (three send timeouts).
    LEADS_SEND_TIMEOUT_MS: "4000",
    LEADS_LEASE_MS: "12000",
  };
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.stop("SIGTERM");
  await smtp?.stop();
  await hook?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("a second server on the folder waits, takes over on SIGTERM, and no lead is refused, lost or sent twice", async () => {
  const first = await startServer(commands["npm run leads:serve"], env);
  servers.push(first);
  expect(first.output()).toMatch(new RegExp(`WARN .*LEADS_IP_KEY is not set.*${keyFile}`));
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);

  const socket = join(dataDir, "admin.sock");
  const socketBefore = statSync(socket).ino;
  const second = await startServer(commands.node, env, { ready: /waiting for it to stop/ });
  servers.push(second);
  expect(second.output()).toMatch(/LEADS_DATA_DIR=.* is in use by process \d+/);
  expect((await fetch(`${second.base}/healthz`)).status).toBe(200);
  expect((await fetch(`${second.base}/readyz`)).status).toBe(503);
  expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
  // The first server's admin socket is still its own (the same file): `npm run leads` reaches it.
  expect(existsSync(socket) && statSync(socket).ino).toBe(socketBefore);
  expect(await storedLeads(env)).toEqual([]);

  // A load balancer: to the servers whose /readyz says ready, the first one while it takes connections.
  let firstGone = false;
  const submit = async (n: number) => {
    for (;;) {
      const secondReady = (await fetch(`${second.base}/readyz`)).status === 200;
      const target = firstGone || (secondReady && n % 2) ? second : first;
      try {
        return {
          n,
          to: target === first ? "first" : "second",
          ...(await post(`${target.base}/api/leads`, validLead(n))),
        };
      } catch {
        if (target === second) throw new Error(`the second server refused a connection (lead ${n})`);
        firstGone = true;
      }
    }
  };
  const answers = [];
  for (let n = 0; n < 8; n++) answers.push(await submit(n));
  const inFlight = [8, 9, 10, 11].map(submit);
  const stopped = first.stop("SIGTERM");
  answers.push(...(await Promise.all(inFlight)));
  for (let n = 12; n < 20; n++) answers.push(await submit(n));
  const exit = await stopped;
  expect(exit.code, first.output()).toBe(0);
  expect(exit.ms).toBeLessThan(15_000);

  expect(
    answers.filter((a) => a.status !== 303),
    first.output() + "\n---\n" + second.output(),
  ).toEqual([]);
  await until(async () => (await fetch(`${second.base}/readyz`)).status === 200, "the second server ready");
  expect(second.output()).toMatch(/embedded database ready; taking leads/);

  const stored = await storedLeads(env);
  const byEmail = new Map(stored.map((l) => [Object.values(l.fields).find((v) => v.includes("@")), l]));
  for (const { n } of answers) expect(byEmail.has(`visitor${n}@example.com`), `lead ${n}`).toBe(true);
  expect(stored).toHaveLength(20);
  const ids = stored.map((l) => l.id);
  await until(
    () => ids.every((id) => smtp.mails.some((m) => m.leadId === id) && hook.accepted.some((a) => a.key === id)),
    "every lead delivered",
  );
  // Once each, counted when the store says no delivery of them is left to attempt.
  await settledLeads(env, (l) => ids.includes(l.id), "the leads");
  for (const id of ids) {
    expect(smtp.mails.filter((m) => m.leadId === id)).toHaveLength(1);
    expect(hook.accepted.filter((a) => a.key === id)).toHaveLength(1);
  }
  expect((await second.stop("SIGTERM")).code).toBe(0);
  // Nothing a visitor typed in either log.
  for (const server of [first, second]) expect(server.output()).not.toContain("visitor1@example.com");
}, 180_000);

test("every file and folder of the embedded database is its owner's only, the write-ahead log included", () => {
  const loose: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) loose.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dataDir);
  expect(readdirSync(dataDir)).toContain("pg_wal");
  expect(loose).toEqual([]);
});

test("the address hash is an HMAC whose key is not in the database", async () => {
  const key = readFileSync(keyFile, "utf8").trim();
  const db = await openDatabase({ dataDir });
  try {
    const hashes = (await db.query<{ ip_hash: string }>("SELECT DISTINCT ip_hash FROM leads")).map((r) => r.ip_hash);
    const settings = (await db.query<{ value: string }>("SELECT value FROM lead_settings")).map((r) => r.value);
    const address = "127.0.0.1";
    expect(hashes).toEqual([createHmac("sha256", key).update(address).digest("hex")]);
    expect(hashes[0]).not.toBe(createHmac("sha256", "another-key-0123456789").update(address).digest("hex"));
    // Nothing kept in the database reproduces it, as the salt of earlier versions did.
    for (const value of [...settings, ""])
      expect(hashes[0]).not.toBe(createHash("sha256").update(`${value}\n${address}`).digest("hex"));
    const dump = JSON.stringify(await db.query("SELECT * FROM lead_settings"));
    expect(dump).not.toContain(key);
  } finally {
    await db.close();
  }
});
