/**
 * The leads inbox's API as the Leads screen calls it (server/leads/inbox/routes.ts is the contract,
 * decision 0033): each request carries the GitHub token /admin/'s login holds (Decap keeps its user,
 * token included, in localStorage under "decap-cms-user"), as `Authorization: Bearer`. With
 * `npm run cms` there is no token: the server lets this machine in (LEADS_INBOX_LOCAL). Every refusal
 * becomes an `InboxError` whose message is in words for marketing.
 */
import type { InboxLead, InboxPage, SpamFilter } from "../../../schemas/index.ts";
import { storedToken } from "../../decap/login.ts";

export interface Filter {
  q: string;
  form: string;
  spam: SpamFilter;
  /** Days, 2026-01-31; "" for none. */
  from: string;
  to: string;
}

export const emptyFilter: Filter = { q: "", form: "", spam: "exclude", from: "", to: "" };

export class InboxError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The inbox's address under the site's base path (BASE_PATH: /admin/ is built under it too). */
export const inboxUrl = `${import.meta.env.BASE_URL}api/leads/inbox`;

/** The query string of a filter, without the parts left at their defaults. */
export function filterQuery(filter: Filter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.q.trim()) query.set("q", filter.q.trim());
  if (filter.form) query.set("form", filter.form);
  if (filter.spam !== "exclude") query.set("spam", filter.spam);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  return query;
}

/** A refusal in words: ours for who may see leads and for the server being away, the server's for the rest. */
function refusal(status: number, error: string | undefined): string {
  if (status === 401)
    return "GitHub did not accept your sign-in (it may have expired). Sign out of the content editor, sign in again, and come back to Leads.";
  if (status === 403)
    return "Your GitHub account may not edit this site, so it may not see its leads. Ask whoever manages the site's repository to give you write access.";
  if (status === 429) return "Too many requests in a short time. Wait a minute, then try again.";
  // Without the server's own words (JSON), a proxy answered for it: the leads server is down.
  if (status >= 500 && !error)
    return "The leads server is not answering right now. Leads sent meanwhile are kept; try again in a minute, and tell whoever runs the site's server if it lasts.";
  return error ?? `The leads server answered ${status}.`;
}

/** A request to the inbox; its Response when it is a 2xx, else an InboxError in words. */
export async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(`${inboxUrl}${path}`, {
      ...init,
      cache: "no-store",
      credentials: "omit",
      headers: {
        Accept: "application/json",
        ...(init.body ? { "Content-Type": "application/json" } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new InboxError(
      "The leads server could not be reached. Check your connection; leads sent meanwhile are kept. Try again in a minute.",
      0,
    );
  }
  if (response.ok) return response;
  let error: string | undefined;
  try {
    error = ((await response.json()) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  throw new InboxError(refusal(response.status, error), response.status);
}

export async function listLeads(filter: Filter, cursor?: string): Promise<InboxPage> {
  const query = filterQuery(filter);
  query.set("limit", "25");
  if (cursor) query.set("cursor", cursor);
  return (await call(`?${query}`)).json();
}

export async function getLead(id: string): Promise<InboxLead> {
  return (await call(`/${encodeURIComponent(id)}`)).json();
}

export async function release(id: string): Promise<void> {
  await call(`/${encodeURIComponent(id)}/not-spam`, { method: "POST" });
}

export async function markSpam(id: string): Promise<void> {
  await call(`/${encodeURIComponent(id)}/spam`, { method: "POST" });
}

/** Erases every lead with this e-mail address or phone number (one request: one audit row). */
export async function erase(who: { email?: string; phone?: string }): Promise<number> {
  const response = await call("/erase", { method: "POST", body: JSON.stringify(who) });
  return ((await response.json()) as { erased: number }).erased;
}

/** The CSV of `filter`, fetched with the token and handed to the browser as a download. */
export async function exportCsv(filter: Filter): Promise<void> {
  const response = await call(`.csv?${filterQuery(filter)}`);
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "leads.csv";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
