/**
 * What the inbox asks of the database (decision 0033): a page of leads, newest first, by keyset
 * (created_at, id) so page 2,000 costs what page 1 does; one lead with its deliveries; "not spam"
 * (held → outbox, once, whoever presses it at the same moment: a conditional UPDATE and the outbox
 * rows in one transaction); "spam"; erasing a person (their leads and outbox rows; an audit row with
 * who, when and how many, nothing personal); and the export's pages. PGlite and PostgreSQL alike.
 */
import type { InboxLead, SpamFilter } from "../../../schemas/index.ts";
import type { Database, Sql } from "../db.ts";
import { withJsonColumns } from "../json-columns.ts";

export interface InboxFilter {
  /** Words in any field the visitor typed (name, e-mail, phone, message), case-insensitive. */
  q?: string;
  form?: string;
  spam: SpamFilter;
  /** Days (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
}

/** Where a page ends: the last lead's time (to the microsecond) and id. */
export interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");

export function decodeCursor(raw: string): Cursor | undefined {
  const [at, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (!at || !id || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(at) || !/^[\da-f-]{36}$/.test(id))
    return undefined;
  return { at, id };
}

/** A time as `npm run leads` writes it (to the second); `precise`: to the microsecond, for a cursor. */
const iso = (column: string, precise = false) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS${precise ? ".US" : ""}"Z"')`;

const columns = `l.id, ${iso("l.created_at")} AS created_at, l.form, l.page, l.choice, l.fields, l.consent, l.spam, l.attribution, l.ad_consent,
  COALESCE((SELECT json_agg(json_build_object('id', d.id::text, 'target', d.target, 'status', d.status, 'attempts', d.attempts,
      'last_error', d.last_error, 'next_at', ${iso("d.next_at")}, 'delivered_at', ${iso("d.delivered_at")}) ORDER BY d.id)
    FROM lead_deliveries d WHERE d.lead_id = l.id), '[]'::json) AS deliveries`;

/** `text` for LIKE: its own %, _ and \ taken literally. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of `filter`, its parameters numbered from `params.length + 1`. */
function where(filter: InboxFilter, params: unknown[], cursor?: Cursor): string {
  const parts: string[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  if (filter.spam === "exclude") parts.push("l.spam IS NULL");
  if (filter.spam === "only") parts.push("l.spam IS NOT NULL");
  if (filter.form) parts.push(`l.form = ${add(filter.form)}`);
  if (filter.from) parts.push(`l.created_at >= ${add(filter.from)}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) parts.push(`l.created_at < (${add(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.q) {
    // Each word in the lower-cased values (db.ts's `search` column, trigram-indexed); a word of
    // digits, spaces and phone punctuation also as its digits alone.
    const words = filter.q.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    for (const word of words) {
      const digits = word.replace(/\D/g, "");
      const phone = digits.length >= 4 && /^[+\d().-]+$/.test(word) && digits !== word;
      parts.push(`l.search LIKE ${add(`%${likeEscaped(phone ? digits : word)}%`)}`);
    }
  }
  if (cursor) parts.push(`(l.created_at, l.id) < (${add(cursor.at)}::timestamptz, ${add(cursor.id)}::uuid)`);
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

/** One page of leads matching `filter`, newest first, and the cursor of the next page (when there is one). */
export async function listInbox(
  sql: Sql,
  filter: InboxFilter,
  limit: number,
  cursor?: Cursor,
): Promise<{ leads: InboxLead[]; next: string | null }> {
  const params: unknown[] = [];
  const rows = await sql.query<InboxLead & { cursor_at: string }>(
    `SELECT ${columns}, ${iso("l.created_at", true)} AS cursor_at FROM leads l ${where(filter, params, cursor)}
      ORDER BY l.created_at DESC, l.id DESC LIMIT ${Math.floor(limit) + 1}`,
    params,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    leads: page.map(({ cursor_at: _, ...row }) => withJsonColumns(row)),
    next: more && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

export async function inboxLead(sql: Sql, id: string): Promise<InboxLead | undefined> {
  const [row] = await sql.query<InboxLead>(`SELECT ${columns} FROM leads l WHERE l.id = $1::uuid`, [id]);
  return row && withJsonColumns(row);
}

async function audit(sql: Sql, login: string, action: string, count: number): Promise<void> {
  await sql.query("INSERT INTO lead_audit (login, action, lead_count) VALUES ($1, $2, $3)", [login, action, count]);
}

/**
 * "Not spam: deliver it": the lead is no longer held and gets one outbox row per target (`slots`,
 * as targets.ts names them), in one transaction. Only the first of two presses finds it held (the
 * second waits for the first's row lock, then sees it released): "released" once, "not held" after.
 */
export async function releaseLead(
  db: Database,
  id: string,
  slots: string[],
  login: string,
): Promise<"released" | "not held" | "not found"> {
  return db.transaction(async (sql) => {
    const [released] = await sql.query(
      "UPDATE leads SET spam = NULL WHERE id = $1::uuid AND spam IS NOT NULL RETURNING id",
      [id],
    );
    if (!released) {
      const [exists] = await sql.query("SELECT 1 FROM leads WHERE id = $1::uuid", [id]);
      return exists ? "not held" : "not found";
    }
    if (slots.length)
      await sql.query(
        "INSERT INTO lead_deliveries (lead_id, target) SELECT $1::uuid, unnest($2::text[]) ON CONFLICT DO NOTHING",
        [id, slots],
      );
    await audit(sql, login, "not spam", 1);
    return "released";
  });
}

/** "Mark as spam": held from now on; deliveries not yet made are taken out of the outbox. */
export async function markSpam(db: Database, id: string, login: string): Promise<"marked" | "not found"> {
  return db.transaction(async (sql) => {
    const [marked] = await sql.query(
      "UPDATE leads SET spam = COALESCE(spam, 'marked as spam in the inbox') WHERE id = $1::uuid RETURNING id",
      [id],
    );
    if (!marked) return "not found";
    await sql.query("DELETE FROM lead_deliveries WHERE lead_id = $1::uuid AND status IN ('pending', 'failed')", [id]);
    await audit(sql, login, "spam", 1);
    return "marked";
  });
}

/**
 * Erases every lead with this e-mail address (any field, case and spaces ignored) or this phone number
 * (the same digits; or the same last nine or more digits, so "+1 555 010 0199" finds "555-010-0199"),
 * either or both (a person's request names both: one erasure, one audit row), with their outbox rows
 * (ON DELETE CASCADE), and notes who did it, when and how many.
 */
export async function eraseLeads(
  db: Database,
  who: { email: string; phone?: string } | { email?: string; phone: string },
  login: string,
): Promise<number> {
  return db.transaction(async (sql) => {
    let count = 0;
    if (who.email)
      count += (
        await sql.query(
          `DELETE FROM leads l WHERE EXISTS (SELECT 1 FROM jsonb_each_text(l.fields) f
             WHERE lower(btrim(f.value)) = lower(btrim($1))) RETURNING id`,
          [who.email],
        )
      ).length;
    if (who.phone)
      count += (
        await sql.query(
          `DELETE FROM leads l WHERE EXISTS (SELECT 1 FROM jsonb_each_text(l.fields) f,
             LATERAL (SELECT regexp_replace(f.value, '\\D', '', 'g') AS digits) v
             WHERE f.value ~ '^[+0-9 ().-]+$' AND length(v.digits) >= 7
               AND (v.digits = $1 OR (least(length(v.digits), length($1)) >= 9
                    AND right(v.digits, least(length(v.digits), length($1))) = right($1, least(length(v.digits), length($1))))))
           RETURNING id`,
          [who.phone.replace(/\D/g, "")],
        )
      ).length;
    await audit(sql, login, "erase", count);
    return count;
  });
}

/** The names of the fields stored leads matching `filter` have (the export's columns besides the forms'). */
export async function fieldNames(sql: Sql, filter: InboxFilter): Promise<string[]> {
  const params: unknown[] = [];
  const rows = await sql.query<{ name: string }>(
    `SELECT DISTINCT jsonb_object_keys(l.fields) AS name FROM leads l ${where(filter, params)} ORDER BY 1`,
    params,
  );
  return rows.map((r) => r.name);
}

/** The audit rows, newest first. */
export const auditRows = (sql: Sql) =>
  sql.query<{ at: string; login: string; action: string; lead_count: number }>(
    `SELECT ${iso("at")} AS at, login, action, lead_count FROM lead_audit ORDER BY id DESC LIMIT 100`,
  );
