/**
 * Storing: the lead and its outbox rows in one transaction (../store-lead.ts) before any answer. A database
 * that cannot take it is a 503 with Retry-After: the visitor's page keeps what was typed and the
 * visitor may send again; the log names the cause, never the lead.
 */
import type { Database } from "../db.ts";
import { storeLead, type NewLead, type StoreResult } from "../store-lead.ts";
import type { Target } from "../targets.ts";
import { Refusal } from "./refusal.ts";

export async function store(
  db: Database,
  lead: NewLead,
  targets: Target[],
  dedupeWindowMs: number,
): Promise<StoreResult | Refusal> {
  try {
    return await storeLead(db, lead, targets, dedupeWindowMs);
  } catch (error) {
    console.error(`leads: a lead could not be stored: ${(error as Error).message}`);
    return new Refusal(
      503,
      "Your request could not be saved just now; nothing was stored. Please try again in a moment.",
      {},
      { "Retry-After": "5" },
    );
  }
}
