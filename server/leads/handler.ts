/**
 * The lead endpoint: POST application/x-www-form-urlencoded from the site's own pages only, within a
 * size limit and a per-address rate limit, checked against the form's Zod schema; a valid lead is
 * committed to the database, with its outbox rows, before the answer `303 See Other` to the form's
 * success page. Spam (honeypot filled or missing, sent faster than a person can) gets the same 303
 * and is stored marked as spam, never delivered. Refusals are clear 4xx: JSON for the page's script
 * (Accept: application/json), a short HTML page linking back otherwise. What a visitor typed is never
 * logged, never put in a URL.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { leadsEndpoint } from "../../schemas/index.ts";
import type { LeadsConfig } from "./config.ts";
import type { Database } from "./db.ts";
import { hashAddress, storeLead, type Target } from "./store.ts";
import { controlFields, honeypotField, leadSchema } from "./validate.ts";

export interface Refusal {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

class RateLimiter {
  private hits = new Map<string, { count: number; start: number }>();
  private sweep = 0;
  constructor(
    private limit: number,
    private windowMs: number,
  ) {}
  /** Counts a request from `key`; false when it is over the limit. */
  allow(key: string, now = Date.now()): boolean {
    if (now - this.sweep > this.windowMs) {
      for (const [k, v] of this.hits) if (now - v.start > this.windowMs) this.hits.delete(k);
      this.sweep = now;
    }
    const entry = this.hits.get(key);
    if (!entry || now - entry.start > this.windowMs) {
      this.hits.set(key, { count: 1, start: now });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface Handler {
  (request: IncomingMessage, response: ServerResponse): void;
}

export function createHandler(db: Database, config: LeadsConfig, salt: string, onStored: () => void): Handler {
  const limiter = new RateLimiter(config.rateLimit, config.rateWindowMs);
  const targets: Target[] = [
    ...config.recipients.map((address) => `email:${address}` as const),
    ...config.webhooks.map((url) => `webhook:${url}` as const),
  ];

  const clientAddress = (request: IncomingMessage): string => {
    if (config.trustProxy) {
      const forwarded = String(request.headers["x-forwarded-for"] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      if (forwarded.length) return forwarded[forwarded.length - 1]!;
    }
    return request.socket.remoteAddress ?? "unknown";
  };

  /** Refuses posts from other sites: a browser always says where a POST comes from. */
  const crossSite = (request: IncomingMessage): string | undefined => {
    const origin = request.headers.origin;
    // The site on another host name that a deployment names (LEADS_ALLOWED_ORIGINS).
    if (origin && config.allowedOrigins.includes(origin)) return undefined;
    const site = request.headers["sec-fetch-site"];
    if (site && site !== "same-origin" && site !== "none")
      return `posts from other sites are refused (Sec-Fetch-Site: ${site})`;
    if (origin === undefined) return undefined;
    const host =
      (config.trustProxy &&
        String(request.headers["x-forwarded-host"] ?? "")
          .split(",")[0]!
          .trim()) ||
      request.headers.host;
    let originHost: string | undefined;
    try {
      originHost = origin === "null" ? undefined : new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost && originHost === host) return undefined;
    return "posts from other sites are refused (Origin does not match)";
  };

  const refuse = (
    request: IncomingMessage,
    response: ServerResponse,
    refusal: Refusal,
    extra: Record<string, string> = {},
  ) => {
    const json = /application\/json/.test(String(request.headers.accept ?? ""));
    // The link back goes to the page the form was on, on this site: only the Referer's path is used.
    let safeBack = "/";
    try {
      const referer = new URL(String(request.headers.referer ?? ""));
      if (/^https?:$/.test(referer.protocol)) safeBack = referer.pathname;
    } catch {
      // no usable Referer: back to the home page
    }
    const body = json
      ? JSON.stringify({ error: refusal.message, fields: refusal.fields ?? {} })
      : `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Your request was not sent</title><main><h1>Your request was not sent</h1><p>${escapeHtml(refusal.message)}</p>` +
        (refusal.fields && Object.keys(refusal.fields).length
          ? `<ul>${Object.values(refusal.fields)
              .map((m) => `<li>${escapeHtml(m)}</li>`)
              .join("")}</ul>`
          : "") +
        `<p><a href="${escapeHtml(safeBack)}">Go back to the form</a> and try again${config.phone ? `, or call us at ${escapeHtml(config.phone)}` : ""}.</p></main></html>`;
    // Drain what is left of a refused body so the connection can be reused, within reason.
    request.resume();
    response.writeHead(refusal.status, {
      "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      ...extra,
    });
    response.end(body);
  };

  const readBody = (request: IncomingMessage): Promise<string | Refusal> =>
    new Promise((resolve) => {
      const declared = Number(request.headers["content-length"] ?? NaN);
      const tooLarge: Refusal = {
        status: 413,
        message: `The form sent more than ${config.maxBodyBytes} bytes; nothing was stored.`,
      };
      if (declared > config.maxBodyBytes) return resolve(tooLarge);
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      request.on("data", (chunk: Buffer) => {
        if (done) return;
        size += chunk.length;
        if (size > config.maxBodyBytes) {
          done = true;
          resolve(tooLarge);
          return;
        }
        chunks.push(chunk);
      });
      request.on("end", () => {
        if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
        done = true;
      });
      request.on("error", () => {
        if (!done) resolve({ status: 400, message: "The request was cut off; nothing was stored." });
        done = true;
      });
    });

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== "POST") {
      return refuse(request, response, { status: 405, message: "Only POST is accepted here." }, { Allow: "POST" });
    }
    const cross = crossSite(request);
    if (cross) return refuse(request, response, { status: 403, message: `${cross}; nothing was stored.` });
    const address = clientAddress(request);
    const ipHash = hashAddress(salt, address);
    if (!limiter.allow(ipHash)) {
      return refuse(
        request,
        response,
        { status: 429, message: "Too many requests from this address; nothing was stored. Please wait a few minutes." },
        { "Retry-After": String(Math.ceil(config.rateWindowMs / 1000)) },
      );
    }
    const type = String(request.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    if (type !== "application/x-www-form-urlencoded") {
      return refuse(request, response, {
        status: 415,
        message: "Only form posts (application/x-www-form-urlencoded) are accepted; nothing was stored.",
      });
    }
    const raw = await readBody(request);
    if (typeof raw !== "string") return refuse(request, response, raw);

    const params = new URLSearchParams(raw);
    const values: Record<string, string> = {};
    for (const [name, value] of params) {
      if (name in values)
        return refuse(request, response, {
          status: 400,
          message: `The field "${name.slice(0, 40)}" was sent twice; nothing was stored.`,
        });
      values[name] = value;
    }
    const formId = values.form ?? "";
    const form = Object.hasOwn(config.forms, formId) ? config.forms[formId] : undefined;
    if (!form)
      return refuse(request, response, { status: 400, message: "The form is not known here; nothing was stored." });
    const own = new Set<string>([...controlFields, ...form.fields.map((f) => f.name)]);
    const unknown = Object.keys(values).find((name) => !own.has(name));
    if (unknown) {
      return refuse(request, response, {
        status: 400,
        message: `The field "${unknown.slice(0, 40)}" is not part of this form; nothing was stored.`,
      });
    }
    const page = values.page ?? "";
    const choice = values.choice ?? "";
    const key = values.key ?? "";
    if (!/^\/[\w\-./~]{0,200}$/.test(page) || choice.length > 200 || (key && !/^[\w-]{8,100}$/.test(key))) {
      return refuse(request, response, {
        status: 400,
        message: "The form's page, choice or key is malformed; nothing was stored.",
      });
    }
    const visitor = Object.fromEntries(form.fields.map((f) => [f.name, values[f.name] ?? ""]));
    // A field missing altogether is checked as empty: the schema then names it by its label.
    const parsed = leadSchema(form).safeParse(visitor);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? "");
        fields[name] ??= issue.message;
      }
      return refuse(request, response, { status: 422, message: "Please correct the form and send it again.", fields });
    }

    let spam: string | undefined;
    if (values[honeypotField] === undefined) spam = "honeypot missing";
    else if (values[honeypotField] !== "") spam = "honeypot filled";
    else if (values.elapsed !== undefined && !(Number(values.elapsed) >= config.minSubmitMs)) spam = "sent too fast";

    let stored;
    try {
      stored = await storeLead(
        db,
        {
          form: formId,
          page,
          choice: choice || undefined,
          fields: parsed.data,
          consent: form.consent,
          ipHash,
          idempotencyKey: key || undefined,
          spam,
        },
        targets,
        config.dedupeWindowMs,
      );
    } catch (error) {
      console.error(`leads: a lead could not be stored: ${(error as Error).message}`);
      return refuse(
        request,
        response,
        {
          status: 503,
          message: "Your request could not be saved just now; nothing was stored. Please try again in a moment.",
        },
        { "Retry-After": "5" },
      );
    }
    if (!stored.duplicate && !spam) onStored();
    request.resume();
    response.writeHead(303, { Location: form.success, "Cache-Control": "no-store", "Content-Length": 0 });
    response.end();
  };

  return (request, response) => {
    handle(request, response).catch((error: Error) => {
      console.error(`leads: ${error.message}`);
      if (!response.headersSent)
        refuse(request, response, { status: 500, message: "Something went wrong; nothing was stored." });
      else response.destroy();
    });
  };
}

export const isLeadsPath = (url: string | undefined) => (url ?? "").split("?")[0] === leadsEndpoint;
