/** The variables every server entry reads (the lead endpoint's are in server/leads/config.ts). */
import { adminOriginExample, notAnAdminOrigin, originOf } from "../../scripts/hosting/admin-origin.ts";
import type { Level } from "../log.ts";
import type { EnvReader } from "./env.ts";
import { readTrustProxy } from "./trust-proxy.ts";

export interface ServerConfig {
  port: number;
  host: string;
  /** Serve the lead endpoint (LEADS=off: pages only). */
  leads: boolean;
  logFormat: "text" | "json";
  logLevel: Exclude<Level, "fatal">;
  /** How long a stop waits for requests in flight and deliveries under way before it cuts them. */
  shutdownMs: number;
  /**
   * ADMIN_ORIGIN ("https://admin.example.com"): /admin/ and its login are served at this address only,
   * the site's pages at any other (decision 0037). Unset: all at one address.
   */
  adminOrigin?: string;
  /** TRUST_PROXY: believe the proxy in front's X-Forwarded-* headers (trust-proxy.ts). */
  trustProxy: boolean;
}

export function readServerConfig(env: EnvReader, defaults: { port: number }): ServerConfig {
  const host = env.string("HOST", "127.0.0.1")!;
  if (!/^[\w.:-]+$/.test(host)) env.problem("HOST", host, "is not an address or host name", "127.0.0.1");
  const rawAdmin = env.raw("ADMIN_ORIGIN");
  const adminOrigin = rawAdmin === undefined ? undefined : originOf(rawAdmin);
  if (rawAdmin !== undefined && !adminOrigin)
    env.problem("ADMIN_ORIGIN", rawAdmin, notAnAdminOrigin, adminOriginExample);
  return {
    port: env.number("PORT", defaults.port, { min: 0, max: 65535 }),
    host,
    leads: env.oneOf("LEADS", ["on", "off"], "on") === "on",
    logFormat: env.oneOf("LOG_FORMAT", ["text", "json"], "text"),
    logLevel: env.oneOf("LOG_LEVEL", ["info", "debug", "warn", "error"], "info"),
    shutdownMs: env.number("SHUTDOWN_TIMEOUT_MS", 10_000, { min: 0, max: 600_000 }),
    trustProxy: readTrustProxy(env),
    ...(adminOrigin ? { adminOrigin } : {}),
  };
}
