/**
 * The login's `state`: a value the server sends to GitHub and, in a cookie, to the browser that
 * started the login; the callback is taken only when GitHub brings back the value that browser holds
 * (RFC 6749 §10.12, login CSRF), and only when this server issued it, for the origin the callback is
 * reached at, less than ten minutes ago: `<32 random bytes>.<issued, seconds>.<HMAC-SHA256 of both and
 * the origin>`, keyed by a key derived from the client secret (config.ts). A state and cookie someone
 * made up, or one issued for another of the configured origins, is refused; the key is the same in
 * every process with the same secret and across restarts, and the server keeps nothing.
 * The cookie is HttpOnly (no script reads it), SameSite=Lax (it comes back on GitHub's top-level
 * redirect, not on a cross-site sub-request), Secure over https, scoped to the login's path and lives
 * ten minutes; the callback clears it, so it serves once.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const stateCookieName = "admin_login_state";
export const stateLifeSeconds = 600;

const signature = (key: Buffer, origin: string, body: string) =>
  createHmac("sha256", key).update(`${origin}\n${body}`).digest("base64url");

/** A new state for a login at `origin`, signed with `key`: unguessable, and safe in a URL and a cookie as it is. */
export function newState(key: Buffer, origin: string, now = Date.now()): string {
  const body = `${randomBytes(32).toString("base64url")}.${Math.floor(now / 1000)}`;
  return `${body}.${signature(key, origin, body)}`;
}

/** Whether `state` is one this server issued for `origin` (signed with `key`) and still fresh at `now`. */
export function issuedState(key: Buffer, origin: string, state: string | undefined, now = Date.now()): boolean {
  const match = /^([\w-]{43}\.(\d{1,12}))\.([\w-]{43})$/.exec(state ?? "");
  if (!match) return false;
  const age = now / 1000 - Number(match[2]);
  return sameState(signature(key, origin, match[1]!), match[3]) && age >= -60 && age <= stateLifeSeconds;
}

export function stateCookie(state: string, options: { path: string; secure: boolean }): string {
  return [
    `${stateCookieName}=${state}`,
    `Path=${options.path}`,
    `Max-Age=${stateLifeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The header that removes the cookie (the same path, so the browser matches it). */
export function clearedStateCookie(options: { path: string; secure: boolean }): string {
  return [
    `${stateCookieName}=`,
    `Path=${options.path}`,
    "Max-Age=0",
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

/** The state cookie's value in a Cookie header, if there is one. */
export function stateFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === stateCookieName) return value.join("=") || undefined;
  }
  return undefined;
}

/** Whether the state GitHub brought back is the browser's, compared in constant time. */
export function sameState(expected: string | undefined, received: string | undefined): boolean {
  if (!expected || !received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
