/**
 * Where /admin/ runs, as the server sees it, and where a token may go. The token is posted to one
 * exact origin: the window that opened the login must answer from an origin on the allow-list, which
 * is this server's own origin (the address the request reached: /admin/ and the login on one host)
 * and GITHUB_AUTH_ORIGINS (a site on a static host using this server for its login).
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
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

/** The origins a token may be posted to from a login that reached `own`. */
export const allowedOrigins = (own: string, config: Pick<AuthConfig, "origins">): string[] => [
  ...new Set([own, ...config.origins]),
];
