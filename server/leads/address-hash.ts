/**
 * A visitor's address is kept only as a hash (rate limits and spam checks compare hashes): HMAC-SHA256
 * with a key that is not in the database, so a copy of the database alone does not give the
 * addresses back. The key is LEADS_IP_KEY, or else a key file outside the data folder.
 */
import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { Sql } from "./db.ts";

/**
 * The key of the address hashes: LEADS_IP_KEY, or else a key file outside the data folder (made once,
 * owner-only), so that a copy of the database alone does not give the addresses back. `warn` is told
 * when the file is used or made.
 */
export function ipKey(config: { ipKey?: string; ipKeyFile?: string }, warn: (line: string) => void): string {
  if (config.ipKey) return config.ipKey;
  const file = config.ipKeyFile!;
  let made = false;
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("hex") + "\n", { mode: 0o600, flag: "wx" });
      made = true;
    } catch (error) {
      // Another instance starting at the same moment made it: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  if (made) {
    warn(
      `leads: LEADS_IP_KEY is not set: made a new key for the address hashes in ${file} (owner-only); keep it out of the database's backups, or set LEADS_IP_KEY instead`,
    );
  } else {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    warn(`leads: LEADS_IP_KEY is not set: the address hashes' key is read from ${file}`);
  }
  return readFileSync(file, "utf8").trim();
}

/** Forgets the salt older versions kept in the database: the hashes made with it can then no longer be reversed. */
export async function forgetStoredSalt(sql: Sql): Promise<void> {
  await sql.query("DELETE FROM lead_settings WHERE name = 'ip_salt'");
}

/** The hash of a visitor's address: HMAC-SHA256 with a key that is not in the database. */
export const hashAddress = (key: string, address: string) => createHmac("sha256", key).update(address).digest("hex");
