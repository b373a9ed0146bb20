/**
 * The one request that uses the client secret: GitHub's code-for-token exchange
 * (POST {GITHUB_URL}/login/oauth/access_token, JSON asked for with Accept). GitHub answers 200 with
 * either `access_token` or `error` (e.g. "bad_verification_code" for a code used twice or too late).
 * Neither the secret nor the token is ever part of an error this returns.
 */
import type { AuthConfig } from "./config.ts";

export type Exchange = { token: string; scope: string } | { error: string };

export async function exchangeCode(
  config: Pick<AuthConfig, "clientId" | "clientSecret" | "githubUrl">,
  code: string,
  redirectUri: string,
  timeoutMs = 10_000,
): Promise<Exchange> {
  let response: Response;
  try {
    response = await fetch(`${config.githubUrl}/login/oauth/access_token`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    return { error: name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  let body: Record<string, unknown>;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    return { error: `http_${response.status}` };
  }
  if (typeof body.access_token === "string" && body.access_token) {
    return { token: body.access_token, scope: typeof body.scope === "string" ? body.scope : "" };
  }
  const error =
    typeof body.error === "string" && /^[\w.-]{1,64}$/.test(body.error) ? body.error : `http_${response.status}`;
  return { error };
}
