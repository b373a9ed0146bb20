/** What `npm run leads` asks of the database: recent leads with their deliveries, and retries. */
import type { LeadListing } from "../../schemas/index.ts";
import type { Sql } from "./db.ts";
import { withJsonColumns } from "./json-columns.ts";

export async function listLeads(sql: Sql, options: { limit: number; spam: boolean }): Promise<LeadListing[]> {
  const rows = await sql.query<LeadListing>(
    `SELECT l.id, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, l.form, l.page, l.choice, l.fields, l.consent, l.spam, l.attribution, l.ad_consent,
            COALESCE((SELECT json_agg(json_build_object('id', d.id::text, 'target', d.target, 'status', d.status, 'attempts', d.attempts,
                                                        'last_error', d.last_error, 'delivered_at', d.delivered_at) ORDER BY d.id)
                        FROM lead_deliveries d WHERE d.lead_id = l.id), '[]'::json) AS deliveries
       FROM leads l
      WHERE $2 OR l.spam IS NULL
      ORDER BY l.created_at DESC, l.id
      LIMIT $1`,
    [options.limit, options.spam],
  );
  return rows.map(withJsonColumns);
}

/** Puts failed deliveries back in the queue: "failed" (all of them), a delivery id, or a lead id. */
export async function retryDeliveries(sql: Sql, which: string): Promise<number> {
  const condition =
    which === "failed"
      ? "status = 'failed'"
      : /^\d+$/.test(which)
        ? "id = $1::bigint AND status = 'failed'"
        : "lead_id = $1::uuid AND status = 'failed'";
  const rows = await sql.query(
    `UPDATE lead_deliveries SET status = 'pending', attempts = 0, next_at = now(), last_error = NULL WHERE ${condition} RETURNING id`,
    which === "failed" ? [] : [which],
  );
  return rows.length;
}
