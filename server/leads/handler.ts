/**
 * The lead endpoint: POST application/x-www-form-urlencoded from the site's own pages only, within a
 * size limit and a per-address rate limit, checked against the form's Zod schema; a valid lead is
 * committed to the database, with its outbox rows, before the answer `303 See Other` to the form's
 * success page. Spam (honeypot filled or missing, sent faster than a person can) gets the same 303
 * and is stored marked as spam, never delivered. Refusals are clear 4xx: JSON for the page's script
 * (Accept: application/json), a short HTML page linking back otherwise. What a visitor typed is never
 * logged, never put in a URL.
 *
 * Each step of a request's lifecycle is a module of its own in steps/ (as Fastify splits its
 * request lifecycle): where it comes from (origin), parsing (body), validation (submission), the
 * visitor's allowance (rate-limit: only a post that would be stored counts), spam, the consent state
 * it was sent under (ad-consent.ts, beside its attribution), storing (store),
 * answering (reply). Each returns its result or a Refusal; this file only puts them in order.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { leadsEndpoint } from "../../schemas/index.ts";
import type { LeadsConfig } from "./config.ts";
import type { Database } from "./db.ts";
import { adConsentFrom } from "./ad-consent.ts";
import { hashAddress } from "./address-hash.ts";
import { checkContentType, checkMethod, parseForm, readBody } from "./steps/body.ts";
import { checkOrigin, clientAddress } from "./steps/origin.ts";
import { RateLimiter } from "./steps/rate-limit.ts";
import { Refusal } from "./steps/refusal.ts";
import { refuse, seeOther } from "./steps/reply.ts";
import { spamReason } from "./steps/spam.ts";
import { store } from "./steps/store.ts";
import { checkSubmission } from "./steps/submission.ts";
import { deliveryTargets } from "./targets.ts";

export interface Handler {
  (request: IncomingMessage, response: ServerResponse): void;
}

export function createHandler(db: Database, config: LeadsConfig, salt: string, onStored: () => void): Handler {
  const limiter = new RateLimiter(config.rateLimit, config.rateWindowMs);
  const targets = deliveryTargets(config);

  /** The lead stored (or a refusal); each step in the order a request meets it. */
  const accept = async (request: IncomingMessage): Promise<string | Refusal> => {
    const ipHash = hashAddress(salt, clientAddress(request, config));
    const early = checkMethod(request) ?? checkOrigin(request, config) ?? checkContentType(request);
    if (early) return early;
    const raw = await readBody(request, config.maxBodyBytes);
    if (raw instanceof Refusal) return raw;
    const values = parseForm(raw);
    if (values instanceof Refusal) return values;
    const submission = checkSubmission(values, config.forms, config.phoneCountry);
    if (submission instanceof Refusal) return submission;
    // Only a well-formed post of a form, one that would be stored, counts against the visitor's limit:
    // bare or broken posts are refused above without using up anyone's allowance.
    const limited = limiter.check(ipHash);
    if (limited) return limited;
    const spam = spamReason(values, config.minSubmitMs);
    const { formId, form, key, ...lead } = submission;
    const stored = await store(
      db,
      {
        ...lead,
        form: formId,
        consent: form.consent,
        adConsent: adConsentFrom(values, request.headers),
        ipHash,
        idempotencyKey: key,
        spam,
      },
      targets,
      config.dedupeWindowMs,
    );
    if (stored instanceof Refusal) return stored;
    if (!stored.duplicate && !spam) onStored();
    return form.success;
  };

  return (request, response) => {
    accept(request)
      .then((result) =>
        result instanceof Refusal
          ? refuse(request, response, result, config.phone)
          : seeOther(request, response, result),
      )
      .catch((error: Error) => {
        console.error(`leads: ${error.message}`);
        if (!response.headersSent)
          refuse(request, response, new Refusal(500, "Something went wrong; nothing was stored."), config.phone);
        else response.destroy();
      });
  };
}

export const isLeadsPath = (url: string | undefined) => (url ?? "").split("?")[0] === leadsEndpoint;
