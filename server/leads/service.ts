/**
 * The leads service one server process runs: the database (opened and migrated), the endpoint's
 * handler, the outbox worker, the retention sweep and, for the embedded database (which one process
 * owns), a socket in the data folder through which `npm run leads` reads and retries while the
 * server runs.
 */
import { existsSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import type { LeadsConfig } from "./config.ts";
import { openDatabase, type Database } from "./db.ts";
import { createHandler, type Handler } from "./handler.ts";
import { Outbox } from "./outbox.ts";
import { listLeads, retryDeliveries } from "./queries.ts";
import { deleteExpired, ipSalt } from "./store.ts";

export interface LeadsService {
  db: Database;
  handler: Handler;
  outbox: Outbox;
  close(): Promise<void>;
}

export const adminSocketPath = (dataDir: string) => join(dataDir, "admin.sock");

function adminSocket(db: Database, path: string): Server {
  if (existsSync(path)) rmSync(path);
  const server = createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (!input.includes("\n") || input.length > 10_000) return;
      const request = JSON.parse(input.split("\n")[0]!) as {
        op: string;
        limit?: number;
        spam?: boolean;
        which?: string;
      };
      const work =
        request.op === "retry"
          ? retryDeliveries(db, String(request.which))
          : listLeads(db, { limit: Number(request.limit ?? 50), spam: Boolean(request.spam) });
      work
        .then((result) => socket.end(JSON.stringify({ result }) + "\n"))
        .catch((error: Error) => socket.end(JSON.stringify({ error: error.message }) + "\n"));
    });
    socket.on("error", () => undefined);
  });
  server.listen(path);
  return server;
}

export async function startLeads(config: LeadsConfig): Promise<LeadsService> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const salt = await ipSalt(db, config.ipSalt);
  const outbox = new Outbox(db, config);
  const handler = createHandler(db, config, salt, () => outbox.kick());
  outbox.start();
  const sweep = () =>
    deleteExpired(db, config.retentionDays)
      .then((count) => count && console.log(`leads: deleted ${count} leads older than ${config.retentionDays} days`))
      .catch((error: Error) => console.error(`leads: retention sweep failed: ${error.message}`));
  await sweep();
  const retention = setInterval(sweep, 60 * 60_000);
  retention.unref();
  const socket = db.kind === "embedded" ? adminSocket(db, adminSocketPath(config.dataDir)) : undefined;
  if (!config.smtpUrl && config.recipients.length) {
    console.warn("leads: SMTP_URL is not set: leads are stored, and their e-mails wait (and then fail) until it is");
  }
  if (!config.webhookSecret && config.webhooks.length) {
    console.warn(
      "leads: LEADS_WEBHOOK_SECRET is not set: leads are stored, and their webhooks wait (and then fail) until it is",
    );
  }
  return {
    db,
    handler,
    outbox,
    async close() {
      clearInterval(retention);
      socket?.close();
      await outbox.stop();
      await db.close();
    },
  };
}
