/**
 * The leads' shape as the server hands them out, written once (decision 0033): the outbox delivers a
 * stored lead (server/leads/messages.ts), `npm run leads` and its export list them
 * (server/leads/queries.ts), the inbox's API answers them (server/leads/inbox/) and the Leads screen in
 * /admin/ reads them (admin/screens/leads/api.ts). Types only: the server's SQL makes them.
 */
import type { AttributionField } from "./lead-limits.ts";

/** Where a lead came from (server/leads/attribution.ts keeps only these names, each cleaned). */
export type Attribution = Partial<Record<AttributionField, string>>;

/**
 * The consent state a lead was sent under, for a CRM or an ads upload to respect: Consent Mode's
 * ad_user_data on the page ("unknown" when it was sent without scripts: no tag ran), and whether the
 * browser sent Global Privacy Control (an opt-out of sale and sharing, which denies ad_user_data).
 */
export interface AdConsent {
  ad_user_data: "granted" | "denied" | "unknown";
  gpc: boolean;
}

/** One delivery of a lead to one target (an e-mail address, a webhook). */
export interface ListedDelivery {
  id: string;
  target: string;
  status: string;
  attempts: number;
  last_error: string | null;
  delivered_at: string | null;
}

/** A stored lead: what the visitor sent, and where from; what the outbox delivers (e-mail, webhook). */
export interface LeadRow {
  id: string;
  /** ISO time, UTC (to the second as `npm run leads` and the inbox list it). */
  created_at: string;
  form: string;
  page: string;
  choice: string | null;
  fields: Record<string, string>;
  consent: string | null;
  /** Where the lead came from; null for a lead without (sent without JavaScript, or before it was recorded). */
  attribution: Attribution | null;
  /** The consent state it was sent under; null for a lead stored before it was recorded. */
  ad_consent?: AdConsent | null;
}

/** A lead as `npm run leads` lists it and exports it. */
export interface LeadListing extends LeadRow {
  /** Why it is held ("honeypot filled", "sent too fast", …); null when it is not. */
  spam: string | null;
  deliveries: ListedDelivery[];
}

/** A delivery as the inbox shows it: when it is tried next and, in one lead's detail, in words. */
export interface InboxDelivery extends ListedDelivery {
  next_at: string | null;
  /** The target's name (one lead's detail only). */
  name?: string;
  /** Where it stands, in words (one lead's detail only). */
  state?: string;
}

/** A lead as the inbox lists it and shows it. */
export interface InboxLead extends Omit<LeadListing, "deliveries"> {
  deliveries: InboxDelivery[];
}

/** `GET /api/leads/inbox`: a page of leads, newest first, and the cursor of the next (null at the end). */
export interface InboxPage {
  leads: InboxLead[];
  next: string | null;
}

/** The inbox's `spam` filter: leave held leads out (the default), only them, or both. */
export type SpamFilter = "exclude" | "only" | "include";
