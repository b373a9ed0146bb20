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
 *
 * This file lets a request in (rate limit, who is asking: identify.ts, the store open) and finds its
 * endpoint (endpoints.ts: a path without one is 404, a method it does not take 405); a refusal
 * anywhere is a `Problem` (answer.ts), answered here as JSON.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../../log.ts";
import type { Route } from "../../router.ts";
import type { LeadsConfig } from "../config.ts";
import type { Database } from "../db.ts";
import { clientAddress } from "../steps/origin.ts";
import { RateLimiter } from "../steps/rate-limit.ts";
import { deliveryTargets, slotTargets } from "../targets.ts";
import { githubAccess } from "./access.ts";
import { Problem, sendJson } from "./answer.ts";
import { inboxEndpoints } from "./endpoints.ts";
import { identifier } from "./identify.ts";

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
  const identify = identifier(settings, access);
  const slots = slotTargets(deliveryTargets(config));
  const endpoints = inboxEndpoints({ config, now, slots, deliverNow: () => deps.deliverNow() });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (!limiter.allow(clientAddress(request, config), now()))
      throw new Problem(429, "Too many requests to the leads inbox; wait a minute.", {
        "Retry-After": String(Math.ceil(settings.rateWindowMs / 1000)),
      });
    const login = await identify(request);
    const db = deps.db();
    if (!db) throw new Problem(503, "The lead store is not open yet; try again in a moment.", { "Retry-After": "5" });
    const rest = url.pathname.slice(inboxPath.length);
    const found = endpoints.flatMap((endpoint) => {
      const match = endpoint.path.exec(rest);
      return match ? [{ endpoint, id: match[1] ?? "" }] : [];
    });
    if (!found.length) throw new Problem(404, "There is no such lead.");
    const method = request.method ?? "GET";
    const chosen = found.find(({ endpoint }) => endpoint.method === method);
    if (!chosen) {
      const methods = found.map(({ endpoint }) => endpoint.method).join(", ");
      throw new Problem(405, `Use ${methods} here.`, { Allow: methods });
    }
    await chosen.endpoint.run({ request, response, query: url.searchParams, login, db, id: chosen.id });
  };

  const answerProblem = (request: IncomingMessage, response: ServerResponse, error: unknown) => {
    if (error instanceof Problem) {
      request.resume();
      if (!response.headersSent) sendJson(response, error.status, { error: error.error }, error.headers);
      else response.destroy();
      return;
    }
    log.error(`leads inbox: ${(error as Error).message}`);
    if (!response.headersSent)
      sendJson(response, 500, { error: "Something went wrong on the server; nothing was changed." });
    else response.destroy();
  };

  return [
    {
      matches: (pathname) =>
        pathname === inboxPath || pathname === `${inboxPath}.csv` || pathname.startsWith(`${inboxPath}/`),
      handle: (request, response) => {
        handle(request, response).catch((error: unknown) => answerProblem(request, response, error));
      },
    },
  ];
}
