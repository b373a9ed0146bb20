/**
 * The embedded database's admin socket, `admin.sock` in the data folder. The one server process that
 * owns the folder answers there (PGlite cannot be opened twice), so that `npm run leads` can list the
 * leads and queue failed deliveries again while the server runs: one JSON request per connection,
 * one JSON answer.
 */
import { existsSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Database } from "./db.ts";
import { listLeads, retryDeliveries } from "./queries.ts";

export const adminSocketPath = (dataDir: string) => join(dataDir, "admin.sock");

/** What may be asked: the leads (newest first), or failed deliveries queued again ("failed", or an id). */
export type AdminRequest = { op: "list"; limit: number; spam: boolean } | { op: "retry"; which: string };

/** Answers on `path` for the database the server owns; a socket left by a stopped server is replaced. */
export function serveAdminSocket(db: Database, path: string): Server {
  if (existsSync(path)) rmSync(path);
  const server = createServer((socket) => {
    let input = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      input += chunk;
      if (!input.includes("\n") || input.length > 10_000) return;
      const request = JSON.parse(input.split("\n")[0]!) as Partial<{
        op: string;
        limit: number;
        spam: boolean;
        which: string;
      }>;
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

/**
 * Asks the server running on `dataDir`. Undefined when none answers there: no socket, or one left by
 * a server that stopped (then the caller opens the data folder itself).
 */
export async function askAdminSocket<T>(dataDir: string, request: AdminRequest): Promise<T | undefined> {
  const socketPath = adminSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const socket = connect(socketPath);
      let output = "";
      socket.setEncoding("utf8");
      socket.on("connect", () => socket.write(JSON.stringify(request) + "\n"));
      socket.on("data", (chunk: string) => (output += chunk));
      socket.on("end", () => {
        const answer = JSON.parse(output) as { result?: T; error?: string };
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer.result as T);
      });
      socket.on("error", reject);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED") throw error;
    return undefined;
  }
}
