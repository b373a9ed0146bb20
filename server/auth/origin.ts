/**
 * Where /admin/ runs, as the server sees it, and where a token may go. A request's Host (or, behind a
 * trusted proxy, X-Forwarded-Host) is the visitor's to choose, so it only ever selects among the
 * configured origins: AUTH_ORIGIN (the site's own) and GITHUB_AUTH_ORIGINS (other addresses /admin/ runs
 * at). The login answers at one of those, the callback GitHub is told is built from that configured
 * origin, and any other host is refused: a host someone else holds (a dangling subdomain GitHub would
 * accept as a callback) never gets a login started or finished here. Without AUTH_ORIGIN the login
 * answers at this machine's own names only (localhost, 127.x, [::1]), which no one else can hold.
 * The token is posted to one exact origin among the same list (page.ts).
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { isLoopback } from "../config/env.ts";
import type { AuthConfig } from "./config.ts";

/** The origin the request was sent to: "https://www.example.com" (behind a trusted proxy, as the proxy says). */
export function requestOrigin(request: IncomingMessage, config: Pick<AuthConfig, "trustProxy">): string | undefined {
  const first = (value: string | string[] | undefined) =>
    String(value ?? "")
      .split(",")[0]!
      .trim() || undefined;
  const forwardedProto = config.trustProxy ? first(request.headers["x-forwarded-proto"]) : undefined;
  const forwardedHost = config.trustProxy ? first(request.headers["x-forwarded-host"]) : undefined;
  const protocol = forwardedProto ?? ((request.socket as TLSSocket).encrypted ? "https" : "http");
  const host = forwardedHost ?? first(request.headers.host);
  if (!host || !/^(https?)$/.test(protocol) || !/^[\w.-]+(:\d+)?$|^\[[\d:a-f.]+\](:\d+)?$/i.test(host))
    return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The configured origin a request reached, or undefined when it reached any other: AUTH_ORIGIN or one
 * of GITHUB_AUTH_ORIGINS; without AUTH_ORIGIN, this machine's own names too.
 */
export function loginOrigin(
  reached: string | undefined,
  config: Pick<AuthConfig, "origin" | "origins">,
): string | undefined {
  if (!reached) return undefined;
  const configured = [config.origin, ...config.origins].find((origin) => origin === reached);
  if (configured) return configured;
  return !config.origin && isLoopback(new URL(reached).hostname) ? reached : undefined;
}

/** The origins a token may be posted to from a login at `own` (one of the configured ones). */
export const allowedOrigins = (own: string, config: Pick<AuthConfig, "origin" | "origins">): string[] => [
  ...new Set([own, ...(config.origin ? [config.origin] : []), ...config.origins]),
];
