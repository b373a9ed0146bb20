/**
 * The admin login's routes, the GitHub OAuth handshake Decap's `github` backend expects from its
 * `base_url` + `auth_endpoint` (the same one Netlify's provider serves):
 *   GET /api/auth/github           (Decap's popup opens it) → a new state in a cookie, 302 to GitHub's
 *                                    authorize page with the client id, the callback, the scope, the state
 *   GET /api/auth/github/callback  (GitHub sends the browser back) → the state checked against the
 *                                    cookie, the code exchanged for a token (exchange.ts), the handshake
 *                                    page that hands the token to /admin/ (page.ts)
 * Without GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET both routes answer a page that names them.
 * Both answer only at a configured origin (origin.ts: AUTH_ORIGIN, GITHUB_AUTH_ORIGINS); the callback
 * GitHub is told is that origin's, and the state must be one this server issued for it (state.ts).
 * Under BASE_PATH the routes, the callback and the cookie's path carry the base.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../log.ts";
import type { Route } from "../router.ts";
import type { AuthConfig, AuthSetup } from "./config.ts";
import { exchangeCode } from "./exchange.ts";
import { allowedOrigins, loginOrigin, requestOrigin } from "./origin.ts";
import { sendHandshake, sendRefusal } from "./page.ts";
import { clearedStateCookie, issuedState, newState, sameState, stateCookie, stateFromCookies } from "./state.ts";

/** Where Decap opens the login (its `auth_endpoint`, relative to the site's root and base path). */
export const authEndpoint = "api/auth/github";
export const loginPath = `/${authEndpoint}`;
export const callbackPath = `${loginPath}/callback`;

const tryAgain = 'Close this window, go back to the content editor and choose "Login with GitHub" again.';

/** Where a sign-in is, once the request is let in: the origin, the callback and the state's cookie. */
interface Login {
  config: AuthConfig;
  own: string;
  redirectUri: string;
  cookie: { path: string; secure: boolean };
  now: () => number;
}

/** `now`: the clock the states' age is read with (tests pass their own). */
export function authRoutes(setup: AuthSetup, base = "/", now: () => number = Date.now): Route[] {
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD", "Content-Length": 0 }).end();
      return;
    }
    if (!setup.ready) {
      sendRefusal(response, 503, "Login is not set up on this server", [
        `Signing in to the content editor with GitHub needs ${setup.missing.join(" and ")} in the server's environment, which ${setup.missing.length > 1 ? "are" : "is"} not set.`,
        "Whoever runs the site sets them (from the site's GitHub OAuth app) and restarts the server; the README's production section says how.",
      ]);
      return;
    }
    const config = setup.config;
    const url = new URL(request.url ?? "/", "http://localhost");
    const reached = requestOrigin(request, config);
    const own = loginOrigin(reached, config);
    if (!own) {
      if (reached)
        log.warn("admin login refused: reached at an address that is not the site's (AUTH_ORIGIN)", { reached });
      sendRefusal(response, 400, "This address cannot sign anyone in", [
        reached
          ? "The login was reached at an address that is not this site's own, so it does not start or finish a sign-in here. Open the content editor at the site's usual address and sign in from there."
          : "The request did not say which site it was for (its Host header is missing or malformed).",
        "If this is the site's usual address, whoever runs the site sets AUTH_ORIGIN (or GITHUB_AUTH_ORIGINS) to it and restarts the server; the README's production section says how.",
      ]);
      return;
    }
    const cookiePath = `${base}${authEndpoint}`;
    const cookie = { path: cookiePath, secure: own.startsWith("https:") };
    const redirectUri = `${own}${base}${authEndpoint}/callback`;
    const login: Login = { config, own, redirectUri, cookie, now };
    if (url.pathname === loginPath) startLogin(response, login);
    else finishLogin(request, response, url, login);
  };
  return [
    {
      matches: (pathname) => pathname === loginPath || pathname === callbackPath,
      handle,
    },
  ];
}

/** The login: a new state in a cookie, and GitHub's authorize page. */
function startLogin(response: ServerResponse, { config, own, redirectUri, cookie, now }: Login): void {
  const state = newState(config.stateKey, own, now());
  const authorize = new URL(`${config.githubUrl}/login/oauth/authorize`);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: config.scope,
    state,
    allow_signup: "false",
  }).toString();
  response
    .writeHead(302, {
      Location: authorize.toString(),
      "Set-Cookie": stateCookie(state, cookie),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Length": 0,
    })
    .end();
}

/** The callback. Whatever happens, the state serves once. */
function finishLogin(request: IncomingMessage, response: ServerResponse, url: URL, login: Login): void {
  const { config, own, redirectUri, cookie, now } = login;
  const clear = { "Set-Cookie": clearedStateCookie(cookie) };
  const state = url.searchParams.get("state") ?? undefined;
  if (!sameState(stateFromCookies(request.headers.cookie), state) || !issuedState(config.stateKey, own, state, now())) {
    log.warn("admin login refused: the state does not match this browser's (expired, or a forged link)");
    sendRefusal(
      response,
      403,
      "This sign-in link is not valid here",
      [
        "It has expired (a sign-in must be finished within ten minutes), was started in another browser, or did not come from this site. Nobody was signed in.",
        tryAgain,
      ],
      clear,
    );
    return;
  }
  const error = url.searchParams.get("error");
  if (error) {
    refuseGitHubError(response, error, clear);
    return;
  }
  const code = url.searchParams.get("code");
  if (!code) {
    sendRefusal(response, 400, "GitHub sent no sign-in code", ["Nobody was signed in.", tryAgain], clear);
    return;
  }
  void exchangeCode(config, code, redirectUri).then((result) => {
    if ("error" in result) {
      log.warn("admin login failed: GitHub did not give a token for the code", { error: result.error });
      sendRefusal(
        response,
        502,
        "GitHub did not confirm the sign-in",
        [
          `GitHub answered "${result.error}" when the server asked for your sign-in. Nobody was signed in.`,
          tryAgain,
          "If it happens again, whoever runs the site checks the OAuth app's client id, secret and callback address.",
        ],
        clear,
      );
      return;
    }
    log.info("admin login: GitHub gave a token; handing it to /admin/", { scope: result.scope || undefined });
    sendHandshake(response, result.token, allowedOrigins(own, config), clear);
  });
}

/** GitHub sent the browser back with an error (the person declined, or GitHub failed). */
function refuseGitHubError(response: ServerResponse, error: string, clear: Record<string, string>): void {
  const denied = error === "access_denied";
  log.info(`admin login ended at GitHub: ${denied ? "access denied" : "an error"}`, { error: error.slice(0, 64) });
  sendRefusal(
    response,
    denied ? 403 : 502,
    denied ? "GitHub access was not given" : "GitHub could not sign you in",
    denied
      ? [
          "You (or your organisation's settings) declined to let the content editor use your GitHub account, so nobody was signed in.",
          `To edit the site, ${tryAgain.charAt(0).toLowerCase()}${tryAgain.slice(1)} Then choose "Authorize" on GitHub's page.`,
        ]
      : [`GitHub answered with the error "${error.slice(0, 64)}". Nobody was signed in.`, tryAgain],
    clear,
  );
}
