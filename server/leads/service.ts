/**
 * The leads service one server process runs: the database (opened and migrated; waited for, while
 * the site is served, when it is down or another process holds the embedded data folder), the
 * endpoint's handler, the outbox worker, the retention sweep and, for the embedded database (which
 * one process owns), a socket in the data folder through which `npm run leads` reads and retries
 * while the server runs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server } from "node:net";
import { ConfigError, redactUrl } from "../config/env.ts";
import { log } from "../log.ts";
import type { LeadsConfig } from "./config.ts";
import { openDatabase, type Database } from "./db.ts";
import { createHandler, type Handler } from "./handler.ts";
import { Alerts, failingTargets } from "./alerts.ts";
import { Outbox } from "./outbox.ts";
import { smtpMailer } from "./smtp.ts";
import { deleteExpired } from "./retention.ts";
import { forgetStoredSalt, ipKey } from "./address-hash.ts";
import { adminSocketPath, serveAdminSocket } from "./admin-socket.ts";

export interface Readiness {
  ready: boolean;
  /** Why not, for /readyz and the log. */
  reason?: string;
  /** Ready, but worth saying: the delivery targets failing past LEADS_ALERT_AFTER. */
  note?: string;
}

export interface LeadsService {
  kind: Database["kind"];
  /** The endpoint: holds a post while the store is not ready yet (up to readyWaitMs), then 503 with Retry-After. */
  handler: Handler;
  /** The database once open (undefined before). */
  readonly db: Database | undefined;
  readiness(): Promise<Readiness>;
  /** Tells the outbox there is something to send (a lead released from spam). */
  deliverNow(): void;
  /** Looks for alerts due at `now` and sends them (the service does so each minute, at the clock's time). */
  checkAlerts(now: number): Promise<void>;
  /** Resolves when the store is ready (or closing). */
  whenReady(): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** A 503 the page's script (JSON) and a browser without it (HTML) both understand; nothing was stored. */
function unavailable(request: IncomingMessage, response: ServerResponse, config: LeadsConfig, retryAfter: number) {
  request.resume();
  const message = "Your request could not be saved just now; nothing was stored. Please try again in a moment.";
  const json = /application\/json/.test(String(request.headers.accept ?? ""));
  const body = json
    ? JSON.stringify({ error: message, fields: {} })
    : `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your request was not sent</title><main><h1>Your request was not sent</h1><p>${message}</p>${config.phone ? `<p>Or call us at ${config.phone.replace(/[&<>"']/g, "")}.</p>` : ""}<p><a href="javascript:history.back()">Go back to the form</a>.</p></main></html>`;
  response.writeHead(503, {
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Retry-After": String(retryAfter),
    "X-Content-Type-Options": "nosniff",
  });
  response.end(body);
}

/**
 * Starts the lead service. The first attempt to open the store is awaited: PostgreSQL refusing the
 * credentials in DATABASE_URL throws a ConfigError (the caller exits 78); a PostgreSQL that does not
 * answer, or an embedded data folder another process holds, is not an error: the service keeps
 * trying (or waits for the lock) in the background while the site is served, and posts get a 503
 * with Retry-After until it is ready.
 */
// eslint-disable-next-line max-lines-per-function -- the lead service's life (open the store, retry, serve, close) over state its parts share; split it as a class of its own, not by cutting the closure
export async function startLeads(config: LeadsConfig): Promise<LeadsService> {
  const kind: Database["kind"] = config.databaseUrl ? "postgresql" : "embedded";
  const key = ipKey(config, (line) => log.warn(line));
  const closing = new AbortController();
  let db: Database | undefined;
  let inner: Handler | undefined;
  let outbox: Outbox | undefined;
  let alerts: Alerts | undefined;
  let socket: Server | undefined;
  let retention: NodeJS.Timeout | undefined;
  let alerting: NodeJS.Timeout | undefined;
  // Every mail the service sends (leads, alerts, notices, summaries) goes through this one transport.
  const mailer = smtpMailer(config);
  let waitingFor = kind === "embedded" ? "the embedded database to open" : "PostgreSQL to answer";
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const open = (lock: "wait" | "try") =>
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.dbPoolSize,
      lock,
      signal: closing.signal,
      onWaitForLock: (holder) => {
        waitingFor = `${holder ?? "another process"} to let go of LEADS_DATA_DIR`;
        log.warn(
          `leads: LEADS_DATA_DIR="${config.dataDir}" is in use by ${holder ?? "another process"}: waiting for it to stop before taking leads (pages are served meanwhile; posts wait up to ${config.readyWaitMs / 1000} s, then 503)`,
        );
      },
    });

  const begin = async (opened: Database) => {
    // The old salt goes first: a database that cannot take this write is not ready either.
    await forgetStoredSalt(opened).catch(async (error: Error) => {
      await opened.close().catch(() => undefined);
      throw error;
    });
    db = opened;
    outbox = new Outbox(db, config, mailer);
    inner = createHandler(db, config, key, () => outbox!.kick());
    outbox.start();
    const sweep = () =>
      deleteExpired(opened, config.retentionDays)
        .then((count) => count && log.info(`leads: deleted ${count} leads older than ${config.retentionDays} days`))
        .catch((error: Error) => log.error(`leads: retention sweep failed: ${error.message}`));
    void sweep();
    retention = setInterval(sweep, 60 * 60_000);
    retention.unref();
    alerts = new Alerts(opened, config, mailer);
    const look = () => alerts!.tick(Date.now()).catch((error: Error) => log.error(`leads: alerts: ${error.message}`));
    alerting = setInterval(look, 60_000);
    alerting.unref();
    // This process holds the data folder's lock: a socket left there is a crashed server's.
    if (db.kind === "embedded") socket = serveAdminSocket(db, adminSocketPath(config.dataDir));
    log.info(`leads: ${db.kind} database ready; taking leads`);
    markReady();
  };

  // The first attempt, awaited: credentials are checked at start.
  let first: Database | undefined;
  try {
    first = await open("try");
  } catch (error) {
    if (error instanceof ConfigError && kind === "postgresql") throw error;
    if (!(error instanceof ConfigError) && kind === "embedded") throw error;
    if (kind === "postgresql") {
      waitingFor = `PostgreSQL to answer (${(error as Error).message})`;
      log.warn(
        `leads: PostgreSQL at DATABASE_URL="${redactUrl(config.databaseUrl!)}" does not answer (${(error as Error).message}): the site is served, posts get 503 until it does; trying again every few seconds`,
      );
    }
  }
  if (first) await begin(first);
  else if (kind === "embedded") {
    void open("wait")
      .then(begin)
      .catch((error: Error) => {
        if (closing.signal.aborted) return;
        waitingFor = `a fix: ${error.message}`;
        log.fatal(`leads: ${error.message}; the site is served, posts get 503 until the server is restarted`);
      });
  } else {
    void (async () => {
      for (let delay = 1000; !closing.signal.aborted; delay = Math.min(delay * 2, 10_000)) {
        await sleep(delay, closing.signal);
        if (closing.signal.aborted) return;
        try {
          await begin(await open("try"));
          return;
        } catch (error) {
          waitingFor = `PostgreSQL (${(error as Error).message.split("\n")[0]})`;
          if (error instanceof ConfigError) log.error(`leads: ${error.message}`);
        }
      }
    })();
  }

  if (!config.smtpUrl && config.recipients.length) {
    log.warn("leads: SMTP_URL is not set: leads are stored, and their e-mails wait (and then fail) until it is");
  }
  if (!config.webhookSecret && config.webhooks.length) {
    log.warn(
      "leads: LEADS_WEBHOOK_SECRET is not set: leads are stored, and their webhooks wait (and then fail) until it is",
    );
  }

  const handler: Handler = (request, response) => {
    if (inner) return inner(request, response);
    if (closing.signal.aborted) return unavailable(request, response, config, 2);
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, config.readyWaitMs)))]).then(
      () => {
        clearTimeout(timer);
        if (inner && !closing.signal.aborted) inner(request, response);
        else unavailable(request, response, config, 5);
      },
    );
  };

  return {
    kind,
    handler,
    get db() {
      return db;
    },
    async readiness() {
      if (closing.signal.aborted) return { ready: false, reason: "stopping" };
      if (!db) return { ready: false, reason: `waiting for ${waitingFor}` };
      const note = async () => {
        const failing = await failingTargets(db!, config, config.alerts.afterMs, Date.now());
        return failing.length
          ? { note: failing.map((t) => `${t.name} failing since ${t.since.toISOString()}`).join("; ") }
          : {};
      };
      if (db.kind === "embedded") return { ready: true, ...(await note().catch(() => ({}))) };
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          db.query("SELECT 1"),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no answer in 2 s")), 2_000))),
        ]);
        return { ready: true, ...(await note().catch(() => ({}))) };
      } catch (error) {
        return { ready: false, reason: `PostgreSQL: ${(error as Error).message}` };
      } finally {
        clearTimeout(timer);
      }
    },
    deliverNow: () => outbox?.kick(),
    checkAlerts: async (now) => alerts?.tick(now),
    whenReady: () =>
      Promise.race([ready, new Promise<void>((resolve) => closing.signal.addEventListener("abort", () => resolve()))]),
    async close() {
      closing.abort();
      clearInterval(retention);
      clearInterval(alerting);
      await new Promise<void>((resolve) => (socket ? socket.close(() => resolve()) : resolve()));
      await outbox?.stop();
      mailer.close();
      await db?.close();
    },
  };
}
