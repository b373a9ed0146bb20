/**
 * The inbox's six endpoints (the list in routes.ts), each a method, a path under /api/leads/inbox and
 * what it does once the request is let in (rate limit, who is asking, the store open: routes.ts).
 * Each logs what was done with the GitHub login, never what a lead holds.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../../log.ts";
import type { LeadsConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { Problem, readJson, sendJson } from "./answer.ts";
import { streamCsv } from "./csv.ts";
import { describeDelivery } from "./deliveries.ts";
import { filterOf } from "./filter.ts";
import { decodeCursor, eraseLeads, inboxLead, listInbox, markSpam, releaseLead } from "./queries.ts";

/** A request let in: who asked, the store, and the lead's id for the paths that name one. */
export interface Call {
  request: IncomingMessage;
  response: ServerResponse;
  query: URLSearchParams;
  login: string;
  db: Database;
  id: string;
}

export interface Endpoint {
  method: "GET" | "POST";
  /** The path after /api/leads/inbox; its first group is the lead's id. */
  path: RegExp;
  run(call: Call): Promise<void>;
}

/** What the endpoints need of the server: the configuration, the clock, the outbox's slots and its nudge. */
export interface InboxContext {
  config: LeadsConfig;
  now(): number;
  /** The outbox rows a released lead gets (targets.ts slotTargets). */
  slots: string[];
  deliverNow(): void;
}

const lead = "([\\da-f]{8}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{12})";

async function list({ query, db, login, response }: Call): Promise<void> {
  const filter = filterOf(query);
  const limit = Number(query.get("limit") ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new Problem(400, "limit is 1 to 200.");
  const rawCursor = query.get("cursor");
  const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
  if (rawCursor && !cursor) throw new Problem(400, "cursor is the `next` of the page before.");
  const page = await listInbox(db, filter, limit, cursor);
  log.info("leads inbox: list viewed", {
    login,
    leads: page.leads.length,
    spam: filter.spam,
    search: Boolean(filter.q),
  });
  sendJson(response, 200, page);
}

async function erase({ request, db, login, response }: Call): Promise<void> {
  const body = (await readJson(request)) as { email?: unknown; phone?: unknown } | null;
  const email = typeof body?.email === "string" ? body.email.trim() : "";
  const phone = typeof body?.phone === "string" ? body.phone.trim() : "";
  const emailOk = /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
  const phoneOk = phone.replace(/\D/g, "").length >= 7 && phone.length <= 40;
  if ((!email && !phone) || (email && !emailOk) || (phone && !phoneOk))
    throw new Problem(400, 'Send {"email": "name@example.com"}, {"phone": "+1 555 010 0199"} or both (one person\'s).');
  const who = email ? { email, ...(phone ? { phone } : {}) } : { phone };
  const erased = await eraseLeads(db, who, login);
  log.info("leads inbox: erased a person's leads", {
    login,
    leads: erased,
    by: [email ? "e-mail" : "", phone ? "phone" : ""].filter(Boolean).join(" and "),
  });
  sendJson(response, 200, { erased });
}

async function spam({ request, db, login, id, response }: Call): Promise<void> {
  request.resume();
  const result = await markSpam(db, id, login);
  if (result === "not found") throw new Problem(404, "There is no such lead.");
  log.info("leads inbox: marked as spam", { login, lead: id });
  sendJson(response, 200, { id, spam: true });
}

export function inboxEndpoints(inbox: InboxContext): Endpoint[] {
  const { config, slots } = inbox;
  return [
    { method: "GET", path: /^$/, run: list },
    {
      method: "GET",
      path: /^\.csv$/,
      run: async ({ query, db, login, response }) => {
        const filter = filterOf(query);
        const today = new Date(inbox.now()).toISOString().slice(0, 10);
        const { count, complete } = await streamCsv(response, db, filter, config.forms, today);
        log.info("leads inbox: exported", { login, leads: count, spam: filter.spam, complete });
      },
    },
    { method: "POST", path: /^\/erase$/, run: erase },
    {
      method: "GET",
      path: new RegExp(`^/${lead}$`),
      run: async ({ db, login, id, response }) => {
        const found = await inboxLead(db, id);
        if (!found) throw new Problem(404, "There is no such lead (erased, or past the retention time).");
        log.info("leads inbox: lead viewed", { login, lead: id });
        sendJson(response, 200, { ...found, deliveries: found.deliveries.map((d) => describeDelivery(d, config)) });
      },
    },
    {
      method: "POST",
      path: new RegExp(`^/${lead}/not-spam$`),
      run: async ({ request, db, login, id, response }) => {
        request.resume();
        const result = await releaseLead(db, id, slots, login);
        if (result === "not found") throw new Problem(404, "There is no such lead.");
        if (result === "not held")
          throw new Problem(409, "This lead is not held as spam (someone may have just released it).");
        log.info("leads inbox: released from spam", { login, lead: id });
        inbox.deliverNow();
        sendJson(response, 200, { id, released: true, deliveries: slots.length });
      },
    },
    { method: "POST", path: new RegExp(`^/${lead}/spam$`), run: spam },
  ];
}
