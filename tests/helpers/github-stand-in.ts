/**
 * A stand-in for GitHub on 127.0.0.1, for every test that asks GitHub: the admin login, the leads
 * inbox's access check, scheduled merges, the preview's commit status and the GitHub client. It is
 * NOT GitHub: it speaks only what GitHub documents for an OAuth app's web flow and for the REST
 * endpoints the project uses, for one repository, and records every request so a test can say what
 * was asked.
 *   GET  /login/oauth/authorize     → 302 to redirect_uri with ?code&state (or ?error=access_denied&state
 *                                     when `deny` is set), as when the person clicks "Authorize"
 *   POST /login/oauth/access_token  → JSON {access_token, token_type, scope} when Accept is
 *                                     application/json and client id, secret and code match (and the
 *                                     redirect_uri, when sent, is the one the code was given for:
 *                                     else {error: "redirect_uri_mismatch"}, as GitHub documents); else
 *                                     {error: "bad_verification_code"} (GitHub answers 200 either way)
 *   GET  /user, /repos/:owner/:repo → the person, and the repository with push permission (without,
 *                                     for a token `grant`ed read-only; `revoke` makes a token unknown)
 *   GET  …/pulls?state=open         → the open pull requests (`pulls`; state=closed, all too)
 *   GET  …/issues/:n/comments       → a pull request's comments; POST adds one (201, author_association
 *                                     NONE, as a bot's)
 *   GET  …/pulls/:n/reviews         → its reviews, oldest first
 *   GET  …/commits/:ref/status      → the combined status (state, total_count, statuses paged)
 *   GET  …/commits/:ref/statuses    → the commit's statuses, newest first
 *   GET  …/commits/:ref/check-runs  → {total_count, check_runs paged}
 *   POST …/statuses/:sha            → 201, the status added (a token granted `statuses: false`: 403
 *                                     "Resource not accessible by integration", as GITHUB_TOKEN without
 *                                     `permissions: statuses: write`)
 *   PUT  …/pulls/:n/merge           → 200 merged; 409 when `sha` is not the head's; or the refusal set
 *                                     on the pull request (405: not mergeable)
 *   …/branches, …/commits, …/labels, …/issues and such lists → empty (Decap's first look at a repository)
 *   With `git` (a Git repository's folder), its history, read with git (./github-stand-in-git.ts):
 *   GET  …/commits?sha&path&author  → the commits that changed `path`, newest first, paged
 *   GET  …/commits/:ref             → a commit and its `files[]` (status, previous_filename)
 *   GET  …/contents/:path?ref       → a file's text in base64; 404 when the commit has none
 *   GET  …/git/trees/:tree, …/git/blobs/:sha, …/branches/:branch → what Decap's GitHub backend reads
 *                                     to list a collection and open an entry (`<ref>:<folder>` trees)
 * Any other path: 404. The API takes only a token this stand-in gave, as `Bearer` or `token`; else
 * 401 "Bad credentials".
 * As GitHub documents its REST API (https://docs.github.com/rest/using-the-rest-api):
 * - lists are paged: `per_page` (default 30, at most 100, and at most `pageSize`: GitHub may answer
 *   fewer than asked) and `page`, with a `Link` header holding the absolute addresses of the `next`,
 *   `last`, `first` and `prev` pages where there are such, and none when all fits on one page;
 * - each 200 to a GET carries an `ETag` (per token, as GitHub's vary by Authorization); a request
 *   with `If-None-Match` naming it is answered 304 with no body, which does not count against the
 *   rate limit;
 * - every API answer carries `x-ratelimit-limit`, `-remaining`, `-used`, `-reset` (UTC epoch seconds)
 *   and `-resource`; past `rateLimit.limit` requests a token is answered 403 with remaining 0 until
 *   reset; `secondary` set: 403 with `retry-after` and the secondary limit's message;
 * - CORS as GitHub's: any origin, the Authorization header, and the headers above exposed.
 * `answer` lets a test make the API answer what the stand-in does not model (a fault, an echo);
 * `page(path, html)` serves a page of another site (an attacker's, in a test).
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { gitRepository, type GitAnswer } from "./github-stand-in-git.ts";

export interface StandInPull {
  number: number;
  sha: string;
  labels?: string[];
  comments?: { body: string; author_association: string }[];
  reviews?: { login: string; state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" }[];
  statuses?: { context: string; state: "success" | "failure" | "error" | "pending"; target_url?: string }[];
  checkRuns?: { name: string; status: "queued" | "in_progress" | "completed"; conclusion?: string }[];
  /** What GitHub answers a merge instead of merging it (e.g. 405, "Pull Request is not mergeable"). */
  refuse?: { status: number; message: string };
  /** Set when merged: the sha the merge named. */
  merged?: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandInOptions {
  /** owner/name: the one repository. */
  repo: string;
  /** The OAuth app (for the login's flow). */
  clientId?: string;
  clientSecret?: string;
  /** Whom a token is for, unless granted for another. */
  login?: string;
  /** Tokens the API takes from the start (as a workflow's GITHUB_TOKEN). */
  tokens?: string[];
  /** The repository's pull requests; the stand-in changes them (comments, merges). */
  pulls?: StandInPull[];
  /** The most items a page holds, whatever `per_page` asks. */
  pageSize?: number;
  /** A Git repository's folder: its history is the repository's commits and contents (on its HEAD). */
  git?: string;
}

export interface StandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  requests: StandInRequest[];
  /** What the last authorize request asked for. */
  authorize?: URLSearchParams;
  /** Tokens handed out. */
  tokens: string[];
  deny: boolean;
  pulls: StandInPull[];
  /** The primary rate limit: requests per token until `reset` (UTC epoch seconds). */
  rateLimit: { limit: number; reset: number };
  /** A secondary rate limit in force: every API request is refused with `retry-after` seconds. */
  secondary?: { retryAfter: number };
  /** An answer of the test's own to an API request, before the stand-in's (undefined: the stand-in's). */
  answer?: (request: StandInRequest) => { status: number; body: unknown; headers?: Record<string, string> } | undefined;
  page(path: string, html: string): void;
  /**
   * Gives out `token` as a login would, for `login`; `push: false`: it may read the repository, not
   * push; `statuses: false`: it may not write commit statuses.
   */
  grant(token: string, options?: { login?: string; push?: boolean; statuses?: boolean }): void;
  /** The token is revoked: the API refuses it from now on (401). */
  revoke(token: string): void;
  close(): Promise<void>;
}

type Status = NonNullable<StandInPull["statuses"]>[number] & { description?: string };

export async function startGitHubStandIn(app: StandInOptions): Promise<StandIn> {
  /** Each code handed out, and the redirect_uri it was handed out for. */
  const codes = new Map<string, string>();
  const pages = new Map<string, string>();
  const granted = new Map<string, { login?: string; push?: boolean; statuses?: boolean }>();
  /** Requests counted against the primary rate limit, by token. */
  const used = new Map<string, number>();
  /** Statuses posted for commits that are no pull request's head. */
  const posted = new Map<string, Status[]>();
  const cors = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers":
      "ETag, Link, Location, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset",
  };
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
    tokens: [...(app.tokens ?? [])],
    deny: false,
    pulls: app.pulls ?? [],
    rateLimit: { limit: 5000, reset: Math.floor(Date.now() / 1000) + 3600 },
    page: (path, html) => pages.set(path, html),
    grant: (token, options = {}) => {
      standIn.tokens.push(token);
      granted.set(token, options);
    },
    revoke: (token) => {
      standIn.tokens = standIn.tokens.filter((t) => t !== token);
    },
    // Kept-alive connections too: a client's idle connection would otherwise hold the close for seconds.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  type ApiAnswer = { status: number; body: unknown; link?: string };
  /** One page of `items` at `url`, and the Link header to the others. */
  const pageOf = <T>(url: URL, items: T[], wrap: (page: T[]) => unknown = (page) => page): ApiAnswer => {
    const size = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100, app.pageSize ?? 100);
    const at = Number(url.searchParams.get("page") ?? 1);
    const last = Math.max(1, Math.ceil(items.length / size));
    const to = (n: number) => {
      const other = new URL(url.pathname + url.search, standIn.url);
      other.searchParams.set("page", String(n));
      return `<${other.href}>`;
    };
    const links = [
      ...(at < last ? [`${to(at + 1)}; rel="next"`, `${to(last)}; rel="last"`] : []),
      ...(at > 1 ? [`${to(1)}; rel="first"`, `${to(at - 1)}; rel="prev"`] : []),
    ];
    return { status: 200, body: wrap(items.slice((at - 1) * size, at * size)), link: links.join(", ") || undefined };
  };

  const repository = app.git ? gitRepository(app.git) : undefined;
  /** The answer from the Git repository, when there is one and it was asked for its history. */
  const fromGit = async (request: StandInRequest, url: URL): Promise<ApiAnswer | undefined> => {
    const prefix = `/repos/${app.repo}`;
    if (!repository || request.method !== "GET" || !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const path = decodeURIComponent(url.pathname.slice(prefix.length));
    const routes: [RegExp, (m: RegExpExecArray) => Promise<GitAnswer>][] = [
      [/^\/commits$/, () => repository.commits(url.searchParams)],
      [/^\/commits\/([^/]+)$/, (m) => repository.commit(m[1]!)],
      [/^\/contents\/(.+)$/, (m) => repository.contents(m[1]!, url.searchParams.get("ref") ?? undefined)],
      [/^\/git\/trees\/(.+)$/, (m) => repository.tree(m[1]!, url.searchParams.has("recursive"))],
      [/^\/git\/blobs\/([^/]+)$/, (m) => repository.blob(m[1]!)],
      [/^\/branches\/(.+)$/, (m) => repository.branch(m[1]!)],
    ];
    for (const [pattern, read] of routes) {
      const m = pattern.exec(path);
      if (!m) continue;
      const answer = await read(m);
      return "items" in answer ? pageOf(url, answer.items) : answer;
    }
    return undefined;
  };

  /** The API's answer to `request`, by `token`: the status, the JSON, and a Link header for a page of a list. */
  const api = (request: StandInRequest, url: URL, token: string): ApiAnswer => {
    const json = (status: number, body: unknown) => ({ status, body });
    const list = <T>(items: T[], wrap?: (page: T[]) => unknown) => pageOf(url, items, wrap);
    const grant = granted.get(token) ?? {};
    const { method } = request;
    if (url.pathname === "/user")
      return json(200, { login: grant.login ?? app.login, id: 1, name: "A marketer", avatar_url: "", type: "User" });
    const prefix = `/repos/${app.repo}`;
    if (url.pathname === prefix)
      return json(200, {
        full_name: app.repo,
        owner: { login: app.repo.split("/")[0], type: "Organization" },
        name: app.repo.split("/")[1],
        private: true,
        default_branch: "main",
        permissions: { admin: false, maintain: false, push: grant.push ?? true, triage: true, pull: true },
      });
    if (!url.pathname.startsWith(`${prefix}/`)) return json(404, { message: "Not Found" });
    const path = url.pathname.slice(prefix.length);
    const pull = (n: string) => standIn.pulls.find((p) => p.number === Number(n));
    const statusesOf = (sha: string): Status[] => [
      ...(standIn.pulls.find((p) => p.sha === sha)?.statuses ?? []),
      ...(posted.get(sha) ?? []),
    ];
    let m: RegExpExecArray | null;
    if (method === "GET" && path === "/pulls") {
      const state = url.searchParams.get("state") ?? "open";
      return list(
        standIn.pulls
          .filter((p) => state === "all" || (state === "open") === !p.merged)
          .map((p) => ({
            number: p.number,
            state: p.merged ? "closed" : "open",
            head: { sha: p.sha },
            labels: (p.labels ?? []).map((name) => ({ name })),
          })),
      );
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      p.comments ??= [];
      if (method === "GET")
        return list(
          p.comments.map((c, i) => ({
            id: i + 1,
            ...c,
            created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
          })),
        );
      if (method === "POST") {
        const comment = { body: (JSON.parse(request.body) as { body: string }).body, author_association: "NONE" };
        p.comments.push(comment);
        return json(201, { id: p.comments.length, ...comment });
      }
    }
    if (method === "GET" && (m = /^\/pulls\/(\d+)\/reviews$/.exec(path)) && pull(m[1]!))
      return list(
        (pull(m[1]!)!.reviews ?? []).map((r, i) => ({ id: i + 1, user: { login: r.login }, state: r.state })),
      );
    if (method === "GET" && (m = /^\/commits\/(\w+)\/(status|statuses|check-runs)$/.exec(path))) {
      const sha = m[1]!;
      const p = standIn.pulls.find((candidate) => candidate.sha === sha);
      const statuses = statusesOf(sha);
      if (m[2] === "statuses") return list([...statuses].reverse());
      if (!p && statuses.length === 0) return json(404, { message: "No commit found for SHA: " + sha });
      if (m[2] === "status") {
        const state = statuses.some((s) => s.state === "failure" || s.state === "error")
          ? "failure"
          : statuses.length === 0 || statuses.some((s) => s.state === "pending")
            ? "pending"
            : "success";
        return list(statuses, (page) => ({ state, total_count: statuses.length, statuses: page, sha }));
      }
      const runs = (p?.checkRuns ?? []).map((r, i) => ({ id: i + 1, conclusion: null, ...r }));
      return list(runs, (page) => ({ total_count: runs.length, check_runs: page }));
    }
    if (method === "POST" && (m = /^\/statuses\/([0-9a-f]{40})$/i.exec(path))) {
      if (grant.statuses === false) return json(403, { message: "Resource not accessible by integration" });
      const { state, target_url, description, context = "default" } = JSON.parse(request.body) as Status;
      if (!["success", "failure", "error", "pending"].includes(state))
        return json(422, { message: "Validation Failed", errors: [{ resource: "Status", field: "state" }] });
      const status = { state, target_url, description, context };
      const p = standIn.pulls.find((candidate) => candidate.sha === m![1]);
      if (p) (p.statuses ??= []).push(status);
      else posted.set(m[1]!, [...(posted.get(m[1]!) ?? []), status]);
      return json(201, { id: statusesOf(m[1]!).length, ...status, creator: { login: grant.login ?? app.login } });
    }
    if (method === "PUT" && (m = /^\/pulls\/(\d+)\/merge$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      if (p.refuse) return json(p.refuse.status, { message: p.refuse.message });
      const sha = (JSON.parse(request.body || "{}") as { sha?: string }).sha;
      if (sha !== undefined && sha !== p.sha)
        return json(409, { message: "Head branch was modified. Review and try the merge again." });
      p.merged = sha ?? p.sha;
      return json(200, { sha: "merge-commit", merged: true, message: "Pull Request successfully merged" });
    }
    // What Decap asks of a repository before it shows its collections: nothing there.
    if (/\/(pulls|branches|commits|labels|statuses)$/.test(path) || path.endsWith("/issues")) return list([]);
    return json(404, { message: "Not Found" });
  };

  /** The API's answer sent as GitHub sends it: rate limits first, then the answer, its ETag and the 304. */
  const answerApi = async (request: StandInRequest, url: URL, response: ServerResponse) => {
    const token = /^(?:token|Bearer) (.+)$/i.exec(request.authorization ?? "")?.[1];
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...cors, ...headers })
        .end(body === undefined ? undefined : JSON.stringify(body));
    if (!token || !standIn.tokens.includes(token)) return send(401, { message: "Bad credentials" });
    const count = used.get(token) ?? 0;
    const limits = (counted: number) => ({
      "X-RateLimit-Limit": String(standIn.rateLimit.limit),
      "X-RateLimit-Remaining": String(Math.max(0, standIn.rateLimit.limit - counted)),
      "X-RateLimit-Used": String(Math.min(counted, standIn.rateLimit.limit)),
      "X-RateLimit-Reset": String(standIn.rateLimit.reset),
      "X-RateLimit-Resource": "core",
    });
    if (standIn.secondary)
      return send(
        403,
        { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." },
        { ...limits(count), "Retry-After": String(standIn.secondary.retryAfter) },
      );
    if (count >= standIn.rateLimit.limit)
      return send(403, { message: "API rate limit exceeded for user ID 1." }, limits(count));
    const own = standIn.answer?.(request);
    const { status, body, link } = own
      ? { ...own, link: undefined }
      : ((await fromGit(request, url)) ?? api(request, url, token));
    const headers: Record<string, string> = { ...own?.headers, ...(link ? { Link: link } : {}) };
    if (request.method === "GET" && status === 200) {
      headers.ETag = `W/"${createHash("sha1").update(token).update(JSON.stringify(body)).digest("hex")}"`;
      if (request.headers["if-none-match"] === headers.ETag)
        return send(304, undefined, { ...limits(count), ...headers });
    }
    used.set(token, count + 1);
    send(status, body, { ...limits(count + 1), ...headers });
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const body = await read(request);
      const recorded: StandInRequest = {
        method: request.method ?? "GET",
        path: url.pathname + url.search,
        authorization: request.headers.authorization,
        headers: request.headers,
        body,
      };
      standIn.requests.push(recorded);
      if (request.method === "OPTIONS") {
        response
          .writeHead(204, {
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
            "Access-Control-Allow-Headers":
              "Authorization, Content-Type, Accept, If-None-Match, X-Requested-With, X-GitHub-Api-Version",
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
        const json = (status: number, data: unknown) =>
          response
            .writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...cors })
            .end(JSON.stringify(data));
        const fields = /json/.test(String(request.headers["content-type"]))
          ? (JSON.parse(body) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(body));
        if (!/application\/json/.test(String(request.headers.accept))) {
          response
            .writeHead(200, { "Content-Type": "application/x-www-form-urlencoded" })
            .end("error=bad_verification_code");
          return;
        }
        const givenFor = codes.get(String(fields.code));
        const known = codes.delete(String(fields.code));
        if (known && fields.redirect_uri !== undefined && fields.redirect_uri !== givenFor) {
          json(200, {
            error: "redirect_uri_mismatch",
            error_description: "The redirect_uri MUST match the registered callback URL for this application.",
          });
          return;
        }
        if (!known || fields.client_id !== app.clientId || fields.client_secret !== app.clientSecret) {
          json(200, { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
          return;
        }
        const token = `gho_standin${randomBytes(12).toString("hex")}`;
        standIn.tokens.push(token);
        json(200, { access_token: token, token_type: "bearer", scope: standIn.authorize?.get("scope") ?? "" });
        return;
      }
      await answerApi(recorded, url, response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  standIn.port = typeof address === "object" && address ? address.port : 0;
  standIn.url = `http://127.0.0.1:${standIn.port}`;
  return standIn;
}
