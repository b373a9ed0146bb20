/**
 * Opening the leads database beside a running server: the tables are made or updated only when they
 * are not this version's (server/leads/db.ts), so `npm run leads` opening a current PostgreSQL while
 * a server's transaction holds its tables takes no table lock and cannot deadlock with it (it did:
 * `ALTER TABLE … IF NOT EXISTS` against the outbox, 40P01); an older database is still brought up to date.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schemaVersion } from "../../server/leads/db.ts";
import { freePort } from "../helpers/free-port.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";

let server: PostgresServer;
beforeAll(async () => {
  server = startPostgres(await freePort());
});
afterAll(() => server?.stop());

/** `promise`, or a failure naming `what` after `ms`: a bound, so a lock that is waited for fails the test. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms (a table lock)`)), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

describe("opening the leads database on PostgreSQL", () => {
  it("makes the tables once and notes their version", async () => {
    const db = await openDatabase({ url: server.url, dataDir: "" });
    const [row] = await db.query<{ value: string }>("SELECT value FROM lead_settings WHERE name = 'schema'");
    expect(row?.value).toBe(schemaVersion);
    await db.close();
  });

  it("takes no table lock when the tables are current, while another transaction holds them", async () => {
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      // What a running server's outbox holds: its rows, and the tables under them.
      await holder.query("LOCK TABLE leads, lead_deliveries IN ROW EXCLUSIVE MODE");
      const db = await within(openDatabase({ url: server.url, dataDir: "" }), 20_000, "openDatabase");
      await db.close();
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
  });

  it("brings an older database up to date", async () => {
    const db = await openDatabase({ url: server.url, dataDir: "" });
    await db.query("DELETE FROM lead_settings WHERE name = 'schema'");
    await db.query("DROP INDEX leads_created");
    await db.close();
    const again = await openDatabase({ url: server.url, dataDir: "" });
    const indexes = await again.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'leads'",
    );
    expect(indexes.map((i) => i.indexname)).toContain("leads_created");
    const [row] = await again.query<{ value: string }>("SELECT value FROM lead_settings WHERE name = 'schema'");
    expect(row?.value).toBe(schemaVersion);
    await again.close();
  });
});
