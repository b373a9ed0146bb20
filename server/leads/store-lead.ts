/**
 * Storing a lead: one transaction writes the lead and one outbox row per delivery target, so a lead
 * is never stored without its deliveries, nor delivered without being stored. A double submit is
 * one lead: the page's idempotency key, or else the same form, choice, e-mail and phone within the
 * de-duplication window (serialised per submission by an advisory lock, so two processes agree).
 */
import { createHash, randomUUID } from "node:crypto";
import type { AdConsent, Attribution } from "../../schemas/index.ts";
import type { Database } from "./db.ts";
import { slotTargets, type Target } from "./targets.ts";

export interface NewLead {
  form: string;
  page: string;
  choice?: string;
  fields: Record<string, string>;
  consent?: string;
  ipHash: string;
  idempotencyKey?: string;
  /** Why it is held back as spam (never delivered), if it is. */
  spam?: string;
  /** Where it came from: the visit's landing page, referrer and campaign parameters (attribution.ts). */
  attribution?: Attribution;
  /** The consent state it was sent under (ad-consent.ts). */
  adConsent?: AdConsent;
}

export interface StoreResult {
  id: string;
  duplicate: boolean;
}

export function dedupeHash(lead: Pick<NewLead, "form" | "choice" | "fields">): string {
  const email = (lead.fields.email ?? "").trim().toLowerCase();
  const phone = (lead.fields.phone ?? "").replace(/\D/g, "");
  return createHash("sha256")
    .update(JSON.stringify([lead.form, lead.choice ?? "", email, phone]))
    .digest("hex");
}

export async function storeLead(
  db: Database,
  lead: NewLead,
  targets: Target[],
  dedupeWindowMs: number,
): Promise<StoreResult> {
  const hash = dedupeHash(lead);
  return db.transaction(async (sql) => {
    // One submission with these details at a time, across processes; released at commit.
    await sql.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [hash]);
    if (lead.idempotencyKey) {
      const [same] = await sql.query<{ id: string }>("SELECT id FROM leads WHERE idempotency_key = $1", [
        lead.idempotencyKey,
      ]);
      if (same) return { id: same.id, duplicate: true };
    }
    const [recent] = await sql.query<{ id: string }>(
      "SELECT id FROM leads WHERE dedupe_hash = $1 AND created_at > now() - make_interval(secs => $2) AND spam IS NULL ORDER BY created_at DESC LIMIT 1",
      [hash, dedupeWindowMs / 1000],
    );
    if (recent && !lead.spam) return { id: recent.id, duplicate: true };
    const id = randomUUID();
    await sql.query(
      `INSERT INTO leads (id, form, page, choice, fields, consent, ip_hash, idempotency_key, dedupe_hash, spam, attribution, ad_consent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        lead.form,
        lead.page,
        lead.choice ?? null,
        JSON.stringify(lead.fields),
        lead.consent ?? null,
        lead.ipHash,
        lead.idempotencyKey ?? null,
        hash,
        lead.spam ?? null,
        lead.attribution ? JSON.stringify(lead.attribution) : null,
        lead.adConsent ? JSON.stringify(lead.adConsent) : null,
      ],
    );
    if (!lead.spam && targets.length) {
      await sql.query(
        "INSERT INTO lead_deliveries (lead_id, target) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING",
        [id, slotTargets(targets)],
      );
    }
    return { id, duplicate: false };
  });
}
