/**
 * The admin login's settings (server/auth/), from the environment only: the GitHub OAuth app's client
 * id and secret (both or neither; neither: the login routes answer a page naming them), GitHub's
 * address (another host for GitHub Enterprise, or a stand-in in the tests), the scope asked for, and
 * the address the login is reached at and GitHub sends the browser back to (AUTH_ORIGIN, the site's own;
 * or ADMIN_ORIGIN, when /admin/ and the login have an address of their own) and the origins besides it that /admin/ may be opened from. The secret is kept here and sent to
 * GitHub's token endpoint only: never to a page, a log line or the build; a key derived from it signs
 * the login's states (state.ts).
 */
import { createHmac } from "node:crypto";
import { originOf } from "../../scripts/hosting/admin-origin.ts";
import type { EnvReader } from "../config/env.ts";
import { isLoopback } from "../config/env.ts";
import { readTrustProxy } from "../config/trust-proxy.ts";

/** What Decap's GitHub backend can work with: every repository of the user, or public ones only. */
export const scopes = ["repo", "public_repo"] as const;
export type Scope = (typeof scopes)[number];

export interface AuthConfig {
  clientId: string;
  clientSecret: string;
  /** https://github.com, or a GitHub Enterprise host (its /login/oauth/ endpoints). */
  githubUrl: string;
  scope: Scope;
  /**
   * The login's origin, AUTH_ORIGIN ("https://www.example.com", the site's own) or ADMIN_ORIGIN
   * ("https://admin.example.com"): the login answers there, and the callback GitHub is told is built from it. Unset: the login answers on this machine's own names
   * only (localhost, 127.0.0.1, [::1]), for trying it out.
   */
  origin?: string;
  /** Origins besides `origin` that /admin/ may run at, and the login be reached at ("https://example.com"). */
  origins: string[];
  /** Signs the states this server issues (state.ts): derived from the client secret, so every process has it. */
  stateKey: Buffer;
  /** TRUST_PROXY: believe X-Forwarded-Proto and X-Forwarded-Host (nginx or a load balancer in front; config/trust-proxy.ts). */
  trustProxy: boolean;
}

/** The login's state of configuration: ready, or the reason it is off (for the page that says so). */
export type AuthSetup = { ready: true; config: AuthConfig } | { ready: false; missing: string[] };

/**
 * `adminOrigin`: ADMIN_ORIGIN (server/config/server.ts), where /admin/ and the login are served when
 * they have an address of their own: the login's origin unless AUTH_ORIGIN says the same.
 */
export function readAuthConfig(env: EnvReader, adminOrigin?: string): AuthSetup {
  const clientId = env.raw("GITHUB_CLIENT_ID");
  const clientSecret = env.raw("GITHUB_CLIENT_SECRET");
  if (clientId && !clientSecret)
    env.problem(
      "GITHUB_CLIENT_SECRET",
      undefined,
      "is not set but GITHUB_CLIENT_ID is (set both, or neither)",
      "<the OAuth app's client secret>",
    );
  if (clientSecret && !clientId)
    env.problem(
      "GITHUB_CLIENT_ID",
      undefined,
      "is not set but GITHUB_CLIENT_SECRET is (set both, or neither)",
      "Ov23liAbCdEfGh123456",
    );
  if (clientId && !/^[\w.-]+$/.test(clientId))
    env.problem(
      "GITHUB_CLIENT_ID",
      clientId,
      "is not a client id (letters, digits, dots and hyphens)",
      "Ov23liAbCdEfGh123456",
    );

  let githubUrl = "https://github.com";
  const rawUrl = env.raw("GITHUB_URL");
  if (rawUrl !== undefined) {
    const origin = originOf(rawUrl);
    if (!origin) env.problem("GITHUB_URL", rawUrl, "is not the address of a GitHub host", "https://github.example.com");
    else if (origin.startsWith("http:") && !isLoopback(new URL(origin).hostname))
      env.problem(
        "GITHUB_URL",
        rawUrl,
        "uses http:// to another machine: the client secret must never travel unencrypted",
        "https://github.example.com",
      );
    else githubUrl = origin;
  }
  const scope = env.oneOf("GITHUB_SCOPE", scopes, "repo");
  const origins: string[] = [];
  for (const raw of env.list("GITHUB_AUTH_ORIGINS")) {
    const origin = originOf(raw);
    if (origin) origins.push(origin);
    else
      env.problem("GITHUB_AUTH_ORIGINS", raw, "is not an origin (scheme and host, no path)", "https://www.example.com");
  }
  let origin: string | undefined;
  const rawOrigin = env.raw("AUTH_ORIGIN");
  if (rawOrigin !== undefined) {
    origin = originOf(rawOrigin);
    if (!origin)
      env.problem(
        "AUTH_ORIGIN",
        rawOrigin,
        "is not the site's address (scheme and host, no path): the login's callback is built from it",
        "https://www.example.com",
      );
    else if (adminOrigin && origin !== adminOrigin)
      env.problem(
        "AUTH_ORIGIN",
        rawOrigin,
        `is not ADMIN_ORIGIN (${adminOrigin}): the login is served with /admin/ at ADMIN_ORIGIN; leave AUTH_ORIGIN unset`,
        adminOrigin,
      );
  }
  origin ??= adminOrigin;
  const trustProxy = readTrustProxy(env);
  if (!clientId || !clientSecret) {
    return { ready: false, missing: ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"].filter((name) => !env.raw(name)) };
  }
  if (!origin)
    env.warn(
      "AUTH_ORIGIN is not set: the admin login answers at this machine's own addresses only (localhost, 127.0.0.1); set it to the site's address, e.g. AUTH_ORIGIN=https://www.example.com (or ADMIN_ORIGIN=https://admin.example.com for /admin/ on an address of its own)",
    );
  const stateKey = createHmac("sha256", clientSecret).update("admin login state").digest();
  return {
    ready: true,
    config: { clientId, clientSecret, githubUrl, scope, origin, origins, stateKey, trustProxy },
  };
}
