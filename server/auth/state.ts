/**
 * The login's `state`: a random value the server sends to GitHub and, in a cookie, to the browser
 * that started the login; the callback is taken only when GitHub brings back the value that browser
 * holds (RFC 6749 §10.12, login CSRF). The cookie is HttpOnly (no script reads it), SameSite=Lax (it
 * comes back on GitHub's top-level redirect, not on a cross-site sub-request), Secure over https,
 * scoped to the login's path and lives ten minutes; the callback clears it, so it serves once.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

export const stateCookieName = "admin_login_state";
export const stateLifeSeconds = 600;

/** 32 random bytes, base64url: unguessable, and safe in a URL and a cookie as it is. */
export const newState = (): string => randomBytes(32).toString("base64url");

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
