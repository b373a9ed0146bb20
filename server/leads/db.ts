/**
 * The leads database: PostgreSQL, embedded (PGlite, a WebAssembly build of PostgreSQL from npm, in a
 * data folder) by default, or a PostgreSQL server when DATABASE_URL is set (node-postgres). Both get
 * the same SQL; the tables are created (once, under an advisory lock) when the database is opened.
 */
import { createHash } from "node:crypto";
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { ConfigError, redactUrl } from "../config/env.ts";
import { log } from "../log.ts";
import { acquireLock, LockBusy } from "./lock.ts";

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
  attribution jsonb,
  ad_consent jsonb
);
-- Where the lead came from, and the consent state it was sent under (added after the first
-- release: existing tables get them here).
ALTER TABLE leads ADD COLUMN IF NOT EXISTS attribution jsonb;
ALTER TABLE leads ADD COLUMN IF NOT EXISTS ad_consent jsonb;
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
-- The inbox (server/leads/inbox/): its pages newest first by (created_at, id), the held ones apart,
-- what it searches (the values a visitor typed, lower-cased, then their digits alone, so a phone
-- number is found however it was written), and who erased how many leads when (nothing about whom).
ALTER TABLE leads ADD COLUMN IF NOT EXISTS search text GENERATED ALWAYS AS
  (lower(jsonb_path_query_array(fields, '$.*')::text) || ' ' || regexp_replace(jsonb_path_query_array(fields, '$.*')::text, '[^0-9]', '', 'g')) STORED;
CREATE INDEX IF NOT EXISTS leads_newest ON leads (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS leads_held ON leads (created_at DESC, id DESC) WHERE spam IS NOT NULL;
CREATE TABLE IF NOT EXISTS lead_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  login text NOT NULL,
  action text NOT NULL,
  lead_count integer NOT NULL
);
`;

/** An arbitrary constant: the advisory lock that lets one process at a time create the tables. */
const migrationLock = 2020_0020;

/** The tables' version: this SQL's hash, kept in lead_settings once it has run. */
export const schemaVersion = createHash("sha256").update(schemaSql).digest("hex").slice(0, 16);

/**
 * True when the tables are those of this version (another version, or no table yet: false). Any
 * other error (a database that does not answer) is thrown, as the first query of an opening.
 */
async function current(db: Database): Promise<boolean> {
  try {
    const [row] = await db.query<{ value: string }>("SELECT value FROM lead_settings WHERE name = 'schema'");
    return row?.value === schemaVersion;
  } catch (error) {
    // undefined_table: a database made before there was a lead_settings table, or a new one.
    if ((error as { code?: string }).code === "42P01") return false;
    throw error;
  }
}

/**
 * Creates or updates the tables, unless they are current. A current database is left untouched:
 * even `ALTER TABLE … IF NOT EXISTS` and `CREATE INDEX IF NOT EXISTS` take table locks, and taken
 * while a running server's outbox holds its rows (`npm run leads` beside `npm start`) they deadlock.
 */
async function migrate(db: Database): Promise<void> {
  if (await current(db)) return;
  // Trigram search for the inbox (decision 0033): trusted since PostgreSQL 13, so the database's
  // owner may add it; where it may not, the inbox searches without the index (slower, same answers).
  const trigrams = await db
    .query("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    .then(() => true)
    .catch((error: Error) => {
      log.warn(
        `leads: the pg_trgm extension could not be added (${error.message}): the inbox's search scans every lead`,
      );
      return false;
    });
  await db.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(${migrationLock})`);
    for (const statement of schemaSql
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean))
      await sql.query(statement);
    if (trigrams) await sql.query("CREATE INDEX IF NOT EXISTS leads_search ON leads USING gin (search gin_trgm_ops)");
    await sql.query(
      "INSERT INTO lead_settings (name, value) VALUES ('schema', $1) ON CONFLICT (name) DO UPDATE SET value = $1",
      [schemaVersion],
    );
  });
}

/** Makes everything under `path` owner-only: folders 0700, files 0600 (PGlite's own files are made 0666). */
export function restrictModes(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
    for (const name of readdirSync(path)) restrictModes(join(path, name));
  } else if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o600);
}

export interface OpenOptions {
  /** PostgreSQL; else the embedded database in dataDir. */
  url?: string;
  dataDir: string;
  /** Embedded: wait for the process that holds the data folder to stop ("wait"), or refuse at once ("try", the default). */
  lock?: "wait" | "try";
  onWaitForLock?: (holder: string | undefined) => void;
  signal?: AbortSignal;
  poolSize?: number;
}

async function openEmbedded(options: OpenOptions): Promise<Database> {
  // Files PGlite creates from now on (the write-ahead log's segments too) are the owner's only.
  process.umask(0o077);
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  let lock;
  try {
    lock = await acquireLock(options.dataDir, {
      wait: options.lock === "wait",
      onWait: options.onWaitForLock,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof LockBusy)
      throw new ConfigError([
        `LEADS_DATA_DIR="${options.dataDir}" is in use by ${error.message}: one process at a time opens the embedded database; stop it, or use \`npm run leads\` while it runs`,
      ]);
    throw error;
  }
  let lite: PGlite;
  try {
    restrictModes(options.dataDir);
    lite = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
    restrictModes(options.dataDir);
  } catch (error) {
    await lock.release();
    const e = error as NodeJS.ErrnoException & { errno?: number };
    throw new Error(
      `the embedded database in LEADS_DATA_DIR="${options.dataDir}" could not be opened (${e.code ?? (e.errno !== undefined ? `errno ${e.errno}` : e.message)}): check that the folder and its files belong to the user that runs the server`,
    );
  }
  const wrap = (q: Pick<PGlite, "query">): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query<T>(text, params)).rows,
  });
  return {
    kind: "embedded",
    ...wrap(lite),
    transaction: (work) => lite.transaction((tx) => work(wrap(tx))),
    close: async () => {
      try {
        await lite.close();
      } finally {
        await lock.release();
      }
    },
  };
}

/** PostgreSQL's answers that no retry mends: the credentials or the database name in DATABASE_URL. */
const credentialCodes: Record<string, string> = {
  "28P01": "the password was refused",
  "28000": "the user is not allowed to connect",
  "3D000": "the database does not exist",
  "42501": "the user may not create the leads tables",
};

/** A ConfigError naming DATABASE_URL when `error` is PostgreSQL refusing the credentials or database, else undefined. */
export function credentialProblem(error: unknown, url: string): ConfigError | undefined {
  const code = (error as { code?: string }).code ?? "";
  const what = credentialCodes[code];
  if (!what) return undefined;
  return new ConfigError([
    `DATABASE_URL="${redactUrl(url)}": PostgreSQL answered, and ${what} (${(error as Error).message}); fix the user, password or database name, for example DATABASE_URL=postgres://leads:secret@db.example.com:5432/leads`,
  ]);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // A server that does not answer (a firewall dropping packets) fails in seconds, not never.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A dropped connection must not crash the process; the next query gets a new one.
  pool.on("error", (error) => log.warn(`leads: database connection lost (${error.message})`));
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
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const db = options.url ? await openPostgres(options.url, options.poolSize) : await openEmbedded(options);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw (options.url && credentialProblem(error, options.url)) || error;
  }
  return db;
}
