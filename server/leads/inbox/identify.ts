/**
 * Who is asking the inbox: a GitHub login that may push to CMS_REPO (access.ts), from the request's
 * bearer token; with LEADS_INBOX_LOCAL, also "local", the browser on this machine reaching the
 * server directly (not through a proxy) from a page of this machine. Else a Problem (401, 403, 503).
 */
import type { IncomingMessage } from "node:http";
import { isLoopback } from "../../config/env.ts";
import { bearerToken, type Verdict } from "./access.ts";
import { Problem } from "./answer.ts";
import type { InboxConfig } from "./config.ts";

const challenge = { "WWW-Authenticate": 'Bearer realm="leads"' };

/** No Origin (not a browser's cross-site request), or a page served from this machine. */
function fromThisMachine(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return isLoopback(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function isLocal(request: IncomingMessage): boolean {
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  const address = (request.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  // The browser on this machine carries no token, so a page of another site it has open must not
  // act for it (a form posted across sites needs no preflight): its Origin is not this machine.
  return !proxied && isLoopback(address) && fromThisMachine(request.headers.origin);
}

/** `access`: the GitHub check, none when CMS_REPO is not set. */
export function identifier(
  settings: Pick<InboxConfig, "local">,
  access: ((token: string) => Promise<Verdict>) | undefined,
) {
  return async (request: IncomingMessage): Promise<string> => {
    if (settings.local && isLocal(request)) return "local";
    const token = bearerToken(request.headers.authorization);
    if (!token)
      throw new Problem(
        401,
        "Sign in to the content editor to see leads (send its GitHub token: Authorization: Bearer …).",
        challenge,
      );
    if (!access) throw new Problem(503, "The leads inbox is not set up on this server: CMS_REPO is not set.");
    const verdict = await access(token);
    if (verdict.ok) return verdict.login;
    throw new Problem(verdict.status, verdict.error, verdict.status === 401 ? challenge : {});
  };
}
