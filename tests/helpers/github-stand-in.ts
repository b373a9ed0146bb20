/**
 * A stand-in for GitHub on 127.0.0.1, for the admin login's tests. It is NOT GitHub: it speaks only
 * what GitHub documents for an OAuth app's web flow and the few API calls Decap makes before it
 * shows its collections, and records every request so a test can say what was asked.
 *   GET  /login/oauth/authorize     → 302 to redirect_uri with ?code&state (or ?error=access_denied&state
 *                                     when `deny` is set), as when the person clicks "Authorize"
 *   POST /login/oauth/access_token  → JSON {access_token, token_type, scope} when Accept is
 *                                     application/json and client id, secret and code match (and the
 *                                     redirect_uri, when sent, is the one the code was given for:
 *                                     else {error: "redirect_uri_mismatch"}, as GitHub documents); else
 *                                     {error: "bad_verification_code"} (GitHub answers 200 either way)
 *   GET  /user, /repos/:owner/:repo → the person, and the repository with push permission (without,
 *                                     for a token `grant`ed read-only; `revoke` makes a token unknown)
 *   GET  /repos/:owner/:repo/...    → empty lists, 404 for files and trees (an empty repository)
 * The API answers CORS as GitHub's does (any origin, the Authorization header), since /admin/ calls
 * it from its own origin. `page(path, html)` serves a page of another site (an attacker's, in a test).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface StandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: { method: string; path: string; authorization?: string }[];
  /** What the last authorize request asked for. */
  authorize?: URLSearchParams;
  /** Tokens handed out. */
  tokens: string[];
  deny: boolean;
  page(path: string, html: string): void;
  /** Gives out `token` as a login would, for `login`; `push: false`: it may read the repository, not push. */
  grant(token: string, options?: { login?: string; push?: boolean }): void;
  /** The token is revoked: the API refuses it from now on (401). */
  revoke(token: string): void;
  close(): Promise<void>;
}

export async function startGitHubStandIn(app: { clientId: string; clientSecret: string; repo: string; login: string }) {
  /** Each code handed out, and the redirect_uri it was handed out for. */
  const codes = new Map<string, string>();
  const pages = new Map<string, string>();
  const granted = new Map<string, { login?: string; push?: boolean }>();
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response
      .writeHead(status, {
        "Content-Type": "application/json; charset=utf-8",
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Expose-Headers": "Link, ETag",
      })
      .end(JSON.stringify(body));
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => resolve(body));
    });

  const standIn: StandIn = {
    url: "",
    port: 0,
    requests: [],
    tokens: [],
    deny: false,
    page: (path, html) => pages.set(path, html),
    grant: (token, options = {}) => {
      standIn.tokens.push(token);
      granted.set(token, options);
    },
    revoke: (token) => {
      standIn.tokens = standIn.tokens.filter((t) => t !== token);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      standIn.requests.push({
        method: request.method ?? "GET",
        path: url.pathname + url.search,
        authorization: request.headers.authorization,
      });
      if (request.method === "OPTIONS") {
        response
          .writeHead(204, {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
            "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept, If-None-Match, X-Requested-With",
            "Access-Control-Max-Age": "600",
          })
          .end();
        return;
      }
      const page = pages.get(url.pathname);
      if (page) {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
        return;
      }
      if (url.pathname === "/login/oauth/authorize") {
        standIn.authorize = url.searchParams;
        const back = new URL(url.searchParams.get("redirect_uri") ?? "http://invalid/");
        const state = url.searchParams.get("state") ?? "";
        if (url.searchParams.get("client_id") !== app.clientId) {
          response.writeHead(404, { "Content-Type": "text/plain" }).end("unknown client_id");
          return;
        }
        if (standIn.deny) {
          back.search = new URLSearchParams({
            error: "access_denied",
            error_description: "The user has denied your application access.",
            state,
          }).toString();
        } else {
          const code = randomBytes(10).toString("hex");
          codes.set(code, url.searchParams.get("redirect_uri") ?? "");
          back.search = new URLSearchParams({ code, state }).toString();
        }
        response.writeHead(302, { Location: back.toString() }).end();
        return;
      }
      if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
        const raw = await read(request);
        const body = /json/.test(String(request.headers["content-type"]))
          ? (JSON.parse(raw) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(raw));
        if (!/application\/json/.test(String(request.headers.accept))) {
          response
            .writeHead(200, { "Content-Type": "application/x-www-form-urlencoded" })
            .end("error=bad_verification_code");
          return;
        }
        const givenFor = codes.get(String(body.code));
        const known = codes.delete(String(body.code));
        if (known && body.redirect_uri !== undefined && body.redirect_uri !== givenFor) {
          json(response, 200, {
            error: "redirect_uri_mismatch",
            error_description: "The redirect_uri MUST match the registered callback URL for this application.",
          });
          return;
        }
        if (!known || body.client_id !== app.clientId || body.client_secret !== app.clientSecret) {
          json(response, 200, {
            error: "bad_verification_code",
            error_description: "The code passed is incorrect or expired.",
          });
          return;
        }
        const token = `gho_standin${randomBytes(12).toString("hex")}`;
        standIn.tokens.push(token);
        json(response, 200, {
          access_token: token,
          token_type: "bearer",
          scope: standIn.authorize?.get("scope") ?? "",
        });
        return;
      }
      // The API: only with a token this stand-in gave.
      const token = /^(?:token|Bearer) (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!token || !standIn.tokens.includes(token)) {
        json(response, 401, { message: "Bad credentials" });
        return;
      }
      const repoPath = `/repos/${app.repo}`;
      if (url.pathname === "/user") {
        json(response, 200, {
          login: granted.get(token)?.login ?? app.login,
          id: 1,
          name: "A marketer",
          avatar_url: "",
          type: "User",
        });
      } else if (url.pathname === repoPath) {
        json(response, 200, {
          full_name: app.repo,
          owner: { login: app.repo.split("/")[0], type: "Organization" },
          name: app.repo.split("/")[1],
          private: true,
          default_branch: "main",
          permissions: {
            admin: false,
            maintain: false,
            push: granted.get(token)?.push ?? true,
            triage: true,
            pull: true,
          },
        });
      } else if (url.pathname.startsWith(`${repoPath}/`)) {
        // An empty repository: no open pull requests, no files.
        if (/\/(pulls|branches|commits|labels|statuses)$/.test(url.pathname) || url.pathname.endsWith("/issues"))
          json(response, 200, []);
        else json(response, 404, { message: "Not Found" });
      } else {
        json(response, 404, { message: "Not Found" });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  standIn.port = typeof address === "object" && address ? address.port : 0;
  standIn.url = `http://127.0.0.1:${standIn.port}`;
  return standIn;
}
