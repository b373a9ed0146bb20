/** How long leads are kept: content/leads.yaml's retentionDays, applied by the lead service. */
import type { Database } from "./db.ts";

/** Deletes leads (and their deliveries) older than `days`; returns how many. */
export async function deleteExpired(db: Database, days: number): Promise<number> {
  const rows = await db.query("DELETE FROM leads WHERE created_at < now() - make_interval(days => $1) RETURNING id", [
    days,
  ]);
  return rows.length;
}
