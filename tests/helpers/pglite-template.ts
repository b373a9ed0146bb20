/**
 * A new embedded database's folder, made once (PGlite's initdb: 7 to 15 s of CPU on this machine) and
 * copied (a tenth of a second) into the LEADS_DATA_DIR of each server a test starts on a folder that
 * is missing or empty, and of each database a test opens in its own process on a new folder.
 * Everything the server does on a new folder after initdb still runs on the copy: the lock, owner-only
 * modes, the migrations. The browser tests' servers (tests/e2e/servers/), the preview's and
 * `npm run cms` in /admin/'s tests start on a copy too. A start on a folder that is really new, initdb
 * included, is the commands' on a fresh copy (`npm start` on a clean clone), which do not use this.
 * Kept in node_modules/.cache/pglite-template/<PGlite's version>/.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const root = resolve(import.meta.dirname, "..", "..");
const version = (
  JSON.parse(readFileSync(join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as {
    version: string;
  }
).version;
const cache = join(root, "node_modules", ".cache", "pglite-template");
const template = join(cache, version);

/** The template's folder, made when missing (by one process: another's half-made folder is never used). */
async function templateDir(): Promise<string> {
  if (existsSync(template)) return template;
  mkdirSync(cache, { recursive: true });
  const making = mkdtempSync(join(cache, "making-"));
  const db = await PGlite.create(making, { extensions: { pg_trgm } });
  await db.close();
  try {
    renameSync(making, template);
  } catch {
    // Another test process made it first: use theirs.
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/**
 * Fills `env.LEADS_DATA_DIR` with a new database when the folder is missing or empty (and the server
 * is to use the embedded database); leaves a folder with anything in it, and PostgreSQL, alone.
 */
export async function seedDataDir(env: Record<string, string | undefined>): Promise<void> {
  const dir = env.LEADS_DATA_DIR;
  if (!dir || env.DATABASE_URL || (existsSync(dir) && readdirSync(dir).length > 0)) return;
  cpSync(await templateDir(), dir, { recursive: true });
}
