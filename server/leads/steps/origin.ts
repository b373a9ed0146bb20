/**
 * Where a request comes from: the visitor's address (from X-Forwarded-For only behind a trusted
 * proxy), and whether it was sent by the site's own pages (a browser always says where a POST comes
 * from: Sec-Fetch-Site, Origin).
 */
import type { IncomingMessage } from "node:http";
import type { LeadsConfig } from "../config.ts";
import { Refusal } from "./refusal.ts";

/** The visitor's address: the last X-Forwarded-For entry (the one our proxy added) when trusted. */
export function clientAddress(request: IncomingMessage, config: Pick<LeadsConfig, "trustProxy">): string {
  if (config.trustProxy) {
    const forwarded = String(request.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (forwarded.length) return forwarded[forwarded.length - 1]!;
  }
  return request.socket.remoteAddress ?? "unknown";
}

/** Why a post is refused as coming from another site, or undefined when it comes from this one. */
function crossSite(request: IncomingMessage, config: Pick<LeadsConfig, "trustProxy" | "allowedOrigins">) {
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
}

/** Refuses (403) a post that another site's page sent. */
export function checkOrigin(
  request: IncomingMessage,
  config: Pick<LeadsConfig, "trustProxy" | "allowedOrigins">,
): Refusal | undefined {
  const reason = crossSite(request, config);
  return reason ? new Refusal(403, `${reason}; nothing was stored.`) : undefined;
}
