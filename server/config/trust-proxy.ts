/**
 * Whether the server trusts the proxy in front of it (nginx on this machine, a load balancer):
 * TRUST_PROXY=1. One setting, and every use reads it here: the visitor's address from
 * X-Forwarded-For (the lead endpoint's rate limit and address hash), the address the visitor reached
 * from X-Forwarded-Proto and X-Forwarded-Host (the lead endpoint's same-site check, the admin login's
 * origin, and which host is the editor's with ADMIN_ORIGIN). Unset, the server believes only the
 * connection and its Host, which is right when nothing is in front: any client can send those
 * headers. deploy/nginx.conf names it where it proxies to the server.
 * Its two former names, LEADS_TRUST_PROXY (the endpoint's) and AUTH_TRUST_PROXY (the login's), are
 * read as it with a warning to rename them; set to different values they are refused, as the trust
 * is one now.
 */
import type { EnvReader } from "./env.ts";

const formerNames = ["LEADS_TRUST_PROXY", "AUTH_TRUST_PROXY"] as const;

export function readTrustProxy(env: EnvReader): boolean {
  const trust = env.boolean("TRUST_PROXY");
  const named = env.raw("TRUST_PROXY") !== undefined;
  const former = formerNames.filter((name) => env.raw(name) !== undefined);
  if (!former.length) return trust;
  const values = former.map((name) => env.boolean(name));
  const value = named ? trust : values[0]!;
  const disagreeing = former.filter((_, i) => values[i] !== value);
  for (const name of disagreeing)
    env.problem(
      name,
      env.raw(name),
      `disagrees with ${named ? "TRUST_PROXY" : former[0]}: trusting the proxy in front is one setting now, TRUST_PROXY; set it alone`,
      "1",
    );
  if (!disagreeing.length)
    env.warn(
      `${former.join(" and ")} ${former.length === 1 ? "is" : "are"} read as TRUST_PROXY, the one setting for trusting the proxy in front (X-Forwarded-For, -Proto, -Host): rename it`,
    );
  return value;
}
