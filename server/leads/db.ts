/**
 * The leads database: PostgreSQL, embedded (PGlite, a WebAssembly build of PostgreSQL from npm, in a
 * data folder) by default, or a PostgreSQL server when DATABASE_URL is set (node-postgres). Both get
 * the same SQL; the tables are created (once, under an advisory lock) when the database is opened.
 */
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Sql {
  kind: "embedded" | "postgresql";
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const schemaSql = `
CREATE TABLE IF NOT EXISTS leads (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  form text NOT NULL,
  page text NOT NULL,
  choice text,
  fields jsonb NOT NULL,
  consent text,
  ip_hash text NOT NULL,
  idempotency_key text UNIQUE,
  dedupe_hash text NOT NULL,
  spam text,
  attribution jsonb
);
-- Where the lead came from (added after the first release: existing tables get it here).
ALTER TABLE leads ADD COLUMN IF NOT EXISTS attribution jsonb;
CREATE INDEX IF NOT EXISTS leads_dedupe ON leads (dedupe_hash, created_at);
CREATE INDEX IF NOT EXISTS leads_created ON leads (created_at);
CREATE TABLE IF NOT EXISTS lead_deliveries (
  id bigserial PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  target text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  delivered_at timestamptz,
  UNIQUE (lead_id, target)
);
CREATE INDEX IF NOT EXISTS lead_deliveries_due ON lead_deliveries (next_at) WHERE status IN ('pending', 'sending');
CREATE TABLE IF NOT EXISTS lead_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);
`;

/** An arbitrary constant: the advisory lock that lets one process at a time create the tables. */
const migrationLock = 2020_0020;

async function migrate(db: Database): Promise<void> {
  await db.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(${migrationLock})`);
    for (const statement of schemaSql
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean))
      await sql.query(statement);
  });
}

async function openEmbedded(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  const wrap = (q: Pick<PGlite, "query">): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query<T>(text, params)).rows,
  });
  return {
    kind: "embedded",
    ...wrap(lite),
    transaction: (work) => lite.transaction((tx) => work(wrap(tx))),
    close: () => lite.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.LEADS_DB_POOL ?? 10) });
  // A dropped connection must not crash the process; the next query gets a new one.
  pool.on("error", (error) => console.error(`leads: database connection lost (${error.message})`));
  const wrap = (q: { query: pg.Pool["query"] }): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query(text, params)).rows as T[],
  });
  return {
    kind: "postgresql",
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Opens (and if needed creates) the leads database: PostgreSQL at `url` when given, else embedded in `dataDir`. */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  const db = options.url ? await openPostgres(options.url) : await openEmbedded(options.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
