/**
 * The inbox's API, the contract /admin/'s Leads screen and other tools use (decision 0033). All
 * JSON (the export: CSV), never cached, no cookies (so no CSRF): each request carries the GitHub
 * token /admin/'s login holds, and only people who may push to CMS_REPO get an answer (access.ts).
 *   GET  /api/leads/inbox               ?q&form&spam=only|include&from&to&limit&cursor → a page, newest first
 *   GET  /api/leads/inbox/{id}          → the lead, where it came from, each delivery in words
 *   POST /api/leads/inbox/{id}/not-spam → a held lead into the outbox, once (409 when it is not held)
 *   POST /api/leads/inbox/{id}/spam     → held from now on; deliveries not made yet are dropped
 *   POST /api/leads/inbox/erase         {"email"}, {"phone"} or both → every such lead and its outbox rows
 *   GET  /api/leads/inbox.csv           ?q&form&spam&from&to → `npm run leads -- --csv`'s columns, streamed
 * Refusals: 401 (no token, or one GitHub refuses), 403 (may not edit the site), 429 (the inbox's own
 * rate limit), 503 (not set up, or the store not open yet); none carries a lead. Every view, export,
 * "not spam", "spam" and erasure is logged with the GitHub login, never with what a lead holds.
 */
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isLoopback } from "../../config/env.ts";
import { log } from "../../log.ts";
import type { Route } from "../../run.ts";
import type { LeadsConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { csvFieldNames, csvHeader, csvRow, deliveryStatus } from "../export.ts";
import { describeTarget, resolveTarget } from "../outbox.ts";
import { clientAddress } from "../steps/origin.ts";
import { RateLimiter } from "../steps/rate-limit.ts";
import { deliveryTargets } from "../steps/store.ts";
import { slotTargets } from "../store.ts";
import { bearerToken, githubAccess } from "./access.ts";
import {
  decodeCursor,
  eraseLeads,
  fieldNames,
  inboxLead,
  listInbox,
  markSpam,
  releaseLead,
  type InboxFilter,
} from "./queries.ts";
import type { InboxDelivery, SpamFilter } from "../../../schemas/index.ts";

export const inboxPath = "/api/leads/inbox";

export interface InboxDeps {
  config: LeadsConfig;
  /** The lead store once open. */
  db(): Database | undefined;
  /** Tells the outbox there is something to send. */
  deliverNow(): void;
  now?: () => number;
  fetch?: typeof fetch;
}

class Problem {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/;
const day = /^\d{4}-\d\d-\d\d$/;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response
    .writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    })
    .end(text);
}

/** The filter of a list or export from its query; a Problem (400) for a value it cannot be. */
function filterOf(query: URLSearchParams): InboxFilter | Problem {
  const spam = query.get("spam") ?? "";
  if (spam && spam !== "only" && spam !== "include")
    return new Problem(400, 'spam is "only" (held leads) or "include" (all); leave it out for the leads not held.');
  const q = (query.get("q") ?? "").trim();
  if (q.length > 200) return new Problem(400, "Search for at most 200 characters.");
  const form = query.get("form") ?? "";
  if (form.length > 100) return new Problem(400, "form is a form's id.");
  const from = query.get("from") ?? "";
  const to = query.get("to") ?? "";
  if ((from && !day.test(from)) || (to && !day.test(to)))
    return new Problem(400, "from and to are days, written 2026-01-31.");
  return {
    spam: (spam || "exclude") as SpamFilter,
    ...(q ? { q } : {}),
    ...(form ? { form } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** A delivery in words, for people: its target's name and where it stands. */
function describeDelivery(delivery: InboxDelivery, config: LeadsConfig) {
  const target = resolveTarget(delivery.target, config);
  const name =
    "removed" in target ? target.name : `${target.name} (${describeTarget(`${target.kind}:${target.address}`)})`;
  const error = delivery.last_error ? ` Last error: ${delivery.last_error}` : "";
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`;
  const state =
    delivery.status === "delivered"
      ? `Delivered at ${delivery.delivered_at}.`
      : delivery.status === "failed"
        ? `Not delivered: gave up after ${tries}.${error}`
        : delivery.status === "sending"
          ? "Being sent now."
          : delivery.attempts === 0
            ? "Waiting to be sent."
            : `Not delivered yet (${tries}); next try at ${delivery.next_at}.${error}`;
  return { ...delivery, name, state };
}

async function readJson(request: IncomingMessage, maxBytes = 4096): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new Problem(413, `Send at most ${maxBytes} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Problem(400, 'Send JSON: {"email": "…"} or {"phone": "…"}.');
  }
}

/** No Origin (not a browser's cross-site request), or a page served from this machine. */
function fromThisMachine(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return isLoopback(new URL(origin).hostname);
  } catch {
    return false;
  }
}

export function inboxRoutes(deps: InboxDeps): Route[] {
  const { config } = deps;
  const settings = config.inbox;
  const now = deps.now ?? Date.now;
  const limiter = new RateLimiter(settings.rateLimit, settings.rateWindowMs);
  const access = settings.repo
    ? githubAccess({
        apiRoot: settings.apiRoot,
        repo: settings.repo,
        cacheMs: settings.cacheMs,
        now,
        fetch: deps.fetch,
      })
    : undefined;
  const slots = slotTargets(deliveryTargets(config));

  /** Who is asking: a GitHub login that may push to the repository, or a Problem. */
  const identify = async (request: IncomingMessage): Promise<string | Problem> => {
    if (settings.local) {
      const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
      const address = (request.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
      // The browser on this machine carries no token, so a page of another site it has open must not
      // act for it (a form posted across sites needs no preflight): its Origin is not this machine.
      if (!proxied && isLoopback(address) && fromThisMachine(request.headers.origin)) return "local";
    }
    const token = bearerToken(request.headers.authorization);
    if (!token)
      return new Problem(
        401,
        "Sign in to the content editor to see leads (send its GitHub token: Authorization: Bearer …).",
        {
          "WWW-Authenticate": 'Bearer realm="leads"',
        },
      );
    if (!access) return new Problem(503, "The leads inbox is not set up on this server: CMS_REPO is not set.");
    const verdict = await access(token);
    if (verdict.ok) return verdict.login;
    return new Problem(
      verdict.status,
      verdict.error,
      verdict.status === 401 ? { "WWW-Authenticate": 'Bearer realm="leads"' } : {},
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (!limiter.allow(clientAddress(request, config), now()))
      throw new Problem(429, "Too many requests to the leads inbox; wait a minute.", {
        "Retry-After": String(Math.ceil(settings.rateWindowMs / 1000)),
      });
    const login = await identify(request);
    if (login instanceof Problem) throw login;
    const db = deps.db();
    if (!db) throw new Problem(503, "The lead store is not open yet; try again in a moment.", { "Retry-After": "5" });
    const method = request.method ?? "GET";
    const rest = url.pathname.slice(inboxPath.length);
    const allow = (methods: string) => {
      if (!methods.split(", ").includes(method)) throw new Problem(405, `Use ${methods} here.`, { Allow: methods });
    };

    if (rest === "") {
      allow("GET");
      const filter = filterOf(url.searchParams);
      if (filter instanceof Problem) throw filter;
      const limit = Number(url.searchParams.get("limit") ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new Problem(400, "limit is 1 to 200.");
      const rawCursor = url.searchParams.get("cursor");
      const cursor = rawCursor ? decodeCursor(rawCursor) : undefined;
      if (rawCursor && !cursor) throw new Problem(400, "cursor is the `next` of the page before.");
      const page = await listInbox(db, filter, limit, cursor);
      log.info("leads inbox: list viewed", {
        login,
        leads: page.leads.length,
        spam: filter.spam,
        search: Boolean(filter.q),
      });
      send(response, 200, page);
      return;
    }
    if (rest === ".csv") {
      allow("GET");
      const filter = filterOf(url.searchParams);
      if (filter instanceof Problem) throw filter;
      const names = csvFieldNames(config.forms, await fieldNames(db, filter));
      const date = new Date(now()).toISOString().slice(0, 10);
      response.writeHead(200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="leads-${date}.csv"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      let closed = false;
      response.once("close", () => (closed = true));
      response.write(csvHeader(names));
      let count = 0;
      let cursor;
      do {
        const page = await listInbox(db, filter, 500, cursor);
        const chunk = page.leads.map((lead) => csvRow(lead, names, deliveryStatus)).join("");
        count += page.leads.length;
        if (!response.write(chunk) && !closed) await Promise.race([once(response, "drain"), once(response, "close")]);
        cursor = page.next ? decodeCursor(page.next) : undefined;
      } while (cursor && !closed);
      response.end();
      log.info("leads inbox: exported", { login, leads: count, spam: filter.spam, complete: !closed });
      return;
    }
    if (rest === "/erase") {
      allow("POST");
      const body = (await readJson(request)) as { email?: unknown; phone?: unknown } | null;
      const email = typeof body?.email === "string" ? body.email.trim() : "";
      const phone = typeof body?.phone === "string" ? body.phone.trim() : "";
      const emailOk = /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 254;
      const phoneOk = phone.replace(/\D/g, "").length >= 7 && phone.length <= 40;
      if ((!email && !phone) || (email && !emailOk) || (phone && !phoneOk))
        throw new Problem(
          400,
          'Send {"email": "name@example.com"}, {"phone": "+1 555 010 0199"} or both (one person\'s).',
        );
      const who = email ? { email, ...(phone ? { phone } : {}) } : { phone };
      const erased = await eraseLeads(db, who, login);
      log.info("leads inbox: erased a person's leads", {
        login,
        leads: erased,
        by: [email ? "e-mail" : "", phone ? "phone" : ""].filter(Boolean).join(" and "),
      });
      send(response, 200, { erased });
      return;
    }
    const match = /^\/([^/]+)(?:\/(not-spam|spam))?$/.exec(rest);
    if (!match || !uuid.test(match[1]!)) throw new Problem(404, "There is no such lead.");
    const id = match[1]!;
    if (!match[2]) {
      allow("GET");
      const lead = await inboxLead(db, id);
      if (!lead) throw new Problem(404, "There is no such lead (erased, or past the retention time).");
      log.info("leads inbox: lead viewed", { login, lead: id });
      send(response, 200, { ...lead, deliveries: lead.deliveries.map((d) => describeDelivery(d, config)) });
      return;
    }
    allow("POST");
    request.resume();
    if (match[2] === "not-spam") {
      const result = await releaseLead(db, id, slots, login);
      if (result === "not found") throw new Problem(404, "There is no such lead.");
      if (result === "not held")
        throw new Problem(409, "This lead is not held as spam (someone may have just released it).");
      log.info("leads inbox: released from spam", { login, lead: id });
      deps.deliverNow();
      send(response, 200, { id, released: true, deliveries: slots.length });
      return;
    }
    const result = await markSpam(db, id, login);
    if (result === "not found") throw new Problem(404, "There is no such lead.");
    log.info("leads inbox: marked as spam", { login, lead: id });
    send(response, 200, { id, spam: true });
  };

  return [
    {
      matches: (pathname) =>
        pathname === inboxPath || pathname === `${inboxPath}.csv` || pathname.startsWith(`${inboxPath}/`),
      handle: (request, response) => {
        handle(request, response).catch((error: unknown) => {
          if (error instanceof Problem) {
            request.resume();
            if (!response.headersSent) send(response, error.status, { error: error.error }, error.headers);
            else response.destroy();
            return;
          }
          log.error(`leads inbox: ${(error as Error).message}`);
          if (!response.headersSent)
            send(response, 500, { error: "Something went wrong on the server; nothing was changed." });
          else response.destroy();
        });
      },
    },
  ];
}
