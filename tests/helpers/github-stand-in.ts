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
 *   GET  …/pulls?state&head&base    → the pull requests (`pulls`): state open (the default), closed
 *                                     or all; head `owner:branch`; base a branch; each {number, state,
 *                                     title, user, head: {ref, sha, label, repo}, base, labels, merged_at,
 *                                     updated_at}
 *   GET/POST/PUT/DELETE …/issues/:n/labels[/:name] → a pull request's labels: listed, added, replaced,
 *                                     removed (one, 404 when it has none of that name; all, 204)
 *   PATCH …/pulls/:n                 → {state: closed | open, title, body}: closed (or reopened)
 *   GET  …/issues/:n/comments       → a pull request's comments; POST adds one (201, author_association
 *                                     NONE, as a bot's)
 *   GET  …/pulls/:n/reviews         → its reviews, oldest first
 *   GET  …/commits/:ref/status      → the combined status (state, total_count, statuses paged)
 *   GET  …/commits/:ref/statuses    → the commit's statuses, newest first
 *   GET  …/commits/:ref/check-runs  → {total_count, check_runs paged}
 *   POST …/statuses/:sha            → 201, the status added (a token granted `statuses: false`: 403
 *                                     "Resource not accessible by integration", as GITHUB_TOKEN without
 *                                     `permissions: statuses: write`)
 *   PUT  …/pulls/:n/merge           → 200 merged; 409 when `sha` is not the head's; 405 when closed;
 *                                     or the refusal set on the pull request (405: not mergeable). One
 *                                     opened through the API is merged in the Git repository
 *                                     (merge_method merge or squash; 405 on a conflict)
 *   GET  /search/issues             → none found (the stand-in has no issues but pull requests)
 *   …/branches, …/commits, …/labels, …/issues and such lists → empty (Decap's first look at a repository)
 *   With `git` (a Git repository's folder), its history, read with git (./github-stand-in-git.ts):
 *   GET  …/commits?sha&path&author  → the commits that changed `path`, newest first, paged
 *   GET  …/commits/:ref             → a commit and its `files[]` (status, previous_filename)
 *   GET  …/contents/:path?ref       → a file's text in base64; 404 when the commit has none
 *   GET  …/git/trees/:tree, …/git/blobs/:sha, …/branches/:branch → what Decap's GitHub backend reads
 *                                     to list a collection and open an entry (`<ref>:<folder>` trees)
 *   and the writes of Decap's editorial workflow, done with Git (./github-stand-in-writes.ts):
 *   POST …/git/blobs, …/git/trees, …/git/commits, …/git/refs; PATCH and DELETE …/git/refs/<ref>;
 *   GET …/git/ref(s)/<ref>, …/git/matching-refs/<ref>; GET …/compare/<base>...<head>
 *   POST …/pulls {title, body, head, base} → 201 the pull request, its head the branch's commit from
 *                                     then on; 422 when a branch is not there, the head has no commits
 *                                     the base has not, or an open one has that head and base
 * Commits the API makes are dated `now` and by the token's user unless it names another.
 * Any other path: 404. The API takes only a token this stand-in gave, as `Bearer` or `token`; else
 * 401 "Bad credentials".
 * As GitHub documents its REST API (https://docs.github.com/rest/using-the-rest-api):
 * - lists are paged: `per_page` (default 30, at most 100, and at most `pageSize`: GitHub may answer
 *   fewer than asked) and `page`, with a `Link` header holding the absolute addresses of the `next`,
 *   `last`, `first` and `prev` pages where there are such (on the host that was asked), and none when
 *   all fits on one page;
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
import { gitWrites, type Signature } from "./github-stand-in-writes.ts";

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
  /** Its branch (given: `pull-<number>`) and the branch it goes into (given: main). */
  head?: string;
  base?: string;
  title?: string;
  body?: string;
  /** Who opened it (given: the stand-in's `login`). */
  user?: string;
  /** Closed without being merged. */
  closed?: boolean;
  /** When it last changed (UTC, ISO 8601), and its merge's commit. */
  updatedAt?: string;
  mergeCommit?: string;
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
  /** The most files a page of a commit holds (GitHub: 300), whatever `per_page` asks. */
  filesPageSize?: number;
  /** A Git repository's folder: its history is the repository's commits and contents (on its HEAD). */
  git?: string;
  /** The time now, for what the API dates (commits, a pull request's changes); given: the clock. */
  now?: () => Date;
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

/** The name of every token's user (GET /user), who signs the commits the API makes. */
const userName = "A marketer";

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
  const pageOf = <T>(
    url: URL,
    items: T[],
    wrap: (page: T[]) => unknown = (page) => page,
    size = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100, app.pageSize ?? 100),
  ): ApiAnswer => {
    const at = Number(url.searchParams.get("page") ?? 1);
    const last = Math.max(1, Math.ceil(items.length / size));
    const to = (n: number) => {
      const other = new URL(url.href);
      other.searchParams.set("page", String(n));
      return `<${other.href}>`;
    };
    const links = [
      ...(at < last ? [`${to(at + 1)}; rel="next"`, `${to(last)}; rel="last"`] : []),
      ...(at > 1 ? [`${to(1)}; rel="first"`, `${to(at - 1)}; rel="prev"`] : []),
    ];
    return { status: 200, body: wrap(items.slice((at - 1) * size, at * size)), link: links.join(", ") || undefined };
  };

  /** A page of a commit's `files` (GitHub: 300 a page, up to 3,000, the rest by `Link`), the commit's fields on each. */
  const filesPageOf = (url: URL, commit: { files: unknown[] }): ApiAnswer => {
    const size = Math.min(Number(url.searchParams.get("per_page") ?? 300), 300, app.filesPageSize ?? 300);
    return pageOf(url, commit.files, (files) => ({ ...commit, files }), size);
  };

  const repository = app.git ? gitRepository(app.git) : undefined;
  const writes = app.git ? gitWrites(app.git) : undefined;
  const now = () => (app.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  const [owner = "", name = ""] = app.repo.split("/");
  /** Whom a token is for, as GitHub signs the commits it makes for them (their no-reply address). */
  const userOf = (token: string): Signature => {
    const login = granted.get(token)?.login ?? app.login ?? "";
    return { name: userName, email: `1+${login}@users.noreply.github.com`, date: now() };
  };
  /** The pull requests opened through the API follow their branch: its commit is their head's. */
  const followBranches = async () => {
    for (const p of standIn.pulls)
      if (writes && p.head && !p.merged && !p.closed) p.sha = (await writes.resolve(`refs/heads/${p.head}`)) ?? p.sha;
  };
  const bodyOf = (request: StandInRequest) => {
    try {
      return JSON.parse(request.body || "{}") as Record<string, unknown>;
    } catch {
      return undefined;
    }
  };
  /** The writes of Decap's editorial workflow, and the pull requests it opens and merges, in the Git repository. */
  const fromWrites = async (request: StandInRequest, url: URL, token: string): Promise<ApiAnswer | undefined> => {
    const prefix = `/repos/${app.repo}`;
    if (!writes || !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const path = decodeURIComponent(url.pathname.slice(prefix.length));
    const body = bodyOf(request);
    if (!body) return { status: 400, body: { message: "Problems parsing JSON" } };
    const { method } = request;
    let m: RegExpExecArray | null;
    let answer: GitAnswer | undefined;
    if (method === "POST" && path === "/git/blobs") answer = await writes.blob(body);
    else if (method === "POST" && path === "/git/trees") answer = await writes.tree(body);
    else if (method === "POST" && path === "/git/commits") answer = await writes.commit(body, userOf(token));
    else if (method === "POST" && path === "/git/refs") answer = await writes.createRef(body);
    else if (method === "PATCH" && (m = /^\/git\/refs\/(.+)$/.exec(path))) answer = await writes.updateRef(m[1]!, body);
    else if (method === "DELETE" && (m = /^\/git\/refs\/(.+)$/.exec(path))) answer = await writes.deleteRef(m[1]!);
    else if (method === "GET" && (m = /^\/git\/(ref|refs|matching-refs)\/(.+)$/.exec(path)))
      answer = await writes.getRef(m[2]!, m[1] as "ref" | "refs" | "matching-refs");
    else if (method === "GET" && (m = /^\/compare\/(.+?)\.\.\.(.+)$/.exec(path)))
      answer = await writes.compare(m[1]!, m[2]!);
    else if (method === "POST" && path === "/pulls") return openPull(body);
    else if (method === "PUT" && (m = /^\/pulls\/(\d+)\/merge$/.exec(path))) {
      const p = standIn.pulls.find((candidate) => candidate.number === Number(m![1]));
      if (p?.head) return mergePull(p, body, userOf(token));
    }
    if (!answer) return undefined;
    return "items" in answer ? pageOf(url, answer.items) : answer;
  };
  const invalid = (field: string, message = "Validation Failed") => ({
    status: 422,
    body: { message, errors: [{ resource: "PullRequest", field, code: "invalid" }] },
  });
  /** POST …/pulls: a pull request of `head` (a branch, or owner:branch) into `base`. */
  const openPull = async (body: Record<string, unknown>): Promise<ApiAnswer> => {
    const head = String(body.head ?? "").replace(new RegExp(`^${owner}:`), "");
    const base = String(body.base ?? "");
    const [headSha, baseSha] = [
      await writes!.resolve(`refs/heads/${head}`),
      await writes!.resolve(`refs/heads/${base}`),
    ];
    if (!headSha || head.includes(":")) return invalid("head");
    if (!baseSha) return invalid("base");
    if (typeof body.title !== "string" || !body.title) return invalid("title");
    if (standIn.pulls.some((p) => p.head === head && (p.base ?? "main") === base && !p.merged && !p.closed))
      return { status: 422, body: { message: `A pull request already exists for ${owner}:${head}.` } };
    const compared = await writes!.compare(base, head);
    if ("body" in compared && (compared.body as { ahead_by?: number }).ahead_by === 0)
      return { status: 422, body: { message: `No commits between ${base} and ${head}` } };
    const pull: StandInPull = {
      number: Math.max(0, ...standIn.pulls.map((p) => p.number)) + 1,
      sha: headSha,
      head,
      base,
      title: body.title,
      ...(typeof body.body === "string" ? { body: body.body } : {}),
      user: app.login,
      labels: [],
      updatedAt: now(),
    };
    standIn.pulls.push(pull);
    return { status: 201, body: pullJson(pull) };
  };
  /** PUT …/pulls/:n/merge for a pull request opened through the API: merged in the Git repository. */
  const mergePull = async (p: StandInPull, body: Record<string, unknown>, by: Signature): Promise<ApiAnswer> => {
    if (p.refuse) return { status: p.refuse.status, body: { message: p.refuse.message } };
    if (p.merged || p.closed) return { status: 405, body: { message: "Pull Request is not mergeable" } };
    if (body.sha !== undefined && body.sha !== p.sha)
      return { status: 409, body: { message: "Head branch was modified. Review and try the merge again." } };
    const method = body.merge_method ?? "merge";
    if (method !== "merge" && method !== "squash") return invalid("merge_method");
    const detail = typeof body.commit_message === "string" ? body.commit_message : (p.title ?? "");
    const message =
      method === "merge"
        ? `${String(body.commit_title ?? `Merge pull request #${p.number} from ${owner}/${p.head}`)}\n\n${detail}`
        : `${String(body.commit_title ?? `${p.title} (#${p.number})`)}\n\n${detail}`;
    const sha = await writes!.merge(p.base ?? "main", p.sha, { method, message, by });
    if (!sha) return { status: 405, body: { message: "Pull Request is not mergeable" } };
    Object.assign(p, { merged: p.sha, mergeCommit: sha, updatedAt: now() });
    return { status: 200, body: { sha, merged: true, message: "Pull Request successfully merged" } };
  };
  /** A pull request as GitHub lists it. */
  const pullJson = (p: StandInPull) => {
    const repo = { full_name: app.repo, name, owner: { login: owner }, fork: false };
    const ref = p.head ?? `pull-${p.number}`;
    const base = p.base ?? "main";
    return {
      number: p.number,
      state: p.merged || p.closed ? "closed" : "open",
      title: p.title ?? "",
      body: p.body ?? null,
      user: { login: p.user ?? app.login },
      head: { ref, sha: p.sha, label: `${owner}:${ref}`, repo },
      base: { ref: base, label: `${owner}:${base}`, repo },
      labels: (p.labels ?? []).map((label) => ({ name: label })),
      merged_at: p.merged ? (p.updatedAt ?? null) : null,
      merge_commit_sha: p.mergeCommit ?? null,
      updated_at: p.updatedAt ?? null,
    };
  };

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
      if ("items" in answer) return pageOf(url, answer.items);
      const { files } = answer.body as { files?: unknown[] };
      // A commit's files are paged, 300 a page (at most `filesPageSize`), the commit's fields on every page.
      return files ? filesPageOf(url, answer.body as { files: unknown[] }) : answer;
    }
    return undefined;
  };

  /** The API's answer to `request`, by `token`: the status, the JSON, and a Link header for a page of a list. */
  const api = (request: StandInRequest, url: URL, token: string): ApiAnswer => {
    const json = (status: number, body: unknown) => ({ status, body });
    const list = <T>(items: T[], wrap?: (page: T[]) => unknown) => pageOf(url, items, wrap);
    const grant = granted.get(token) ?? {};
    const { method } = request;
    if (url.pathname === "/search/issues" && method === "GET")
      return json(200, { total_count: 0, incomplete_results: false, items: [] });
    if (url.pathname === "/user")
      return json(200, { login: grant.login ?? app.login, id: 1, name: userName, avatar_url: "", type: "User" });
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
      const { head, base } = Object.fromEntries(url.searchParams);
      return list(
        standIn.pulls
          .map(pullJson)
          .filter((p) => state === "all" || p.state === state)
          .filter((p) => head === undefined || p.head.label === head)
          .filter((p) => base === undefined || p.base.ref === base),
      );
    }
    if ((m = /^\/pulls\/(\d+)$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      if (method === "GET") return json(200, pullJson(p));
      if (method === "PATCH") {
        const { state, title, body } = JSON.parse(request.body || "{}") as Record<string, string | undefined>;
        if (state !== undefined && state !== "open" && state !== "closed")
          return json(422, { message: "Validation Failed" });
        if (state === "open" && p.merged) return json(422, { message: "Validation Failed" });
        Object.assign(p, {
          ...(state ? { closed: state === "closed" } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(body !== undefined ? { body } : {}),
          updatedAt: now(),
        });
        return json(200, pullJson(p));
      }
    }
    if ((m = /^\/issues\/(\d+)\/labels(?:\/(.+))?$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      const labels = () =>
        json(
          200,
          (p.labels ?? []).map((label, i) => ({ id: i + 1, name: label })),
        );
      const given = () => (JSON.parse(request.body || "{}") as { labels?: string[] }).labels ?? [];
      const named = m[2] === undefined ? undefined : decodeURIComponent(m[2]);
      if (method === "GET" && named === undefined) return labels();
      if (method === "POST" && named === undefined) p.labels = [...new Set([...(p.labels ?? []), ...given()])];
      else if (method === "PUT" && named === undefined) p.labels = [...new Set(given())];
      else if (method === "DELETE" && named === undefined) {
        p.labels = [];
        return json(204, undefined);
      } else if (method === "DELETE") {
        if (!(p.labels ?? []).includes(named!)) return json(404, { message: "Label does not exist" });
        p.labels = p.labels!.filter((label) => label !== named);
      } else return json(404, { message: "Not Found" });
      p.updatedAt = now();
      return labels();
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
      if (p.merged || p.closed) return json(405, { message: "Pull Request is not mergeable" });
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
    // No body (a 204, a 304): no Content-Type either, as GitHub's.
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, {
          ...(body === undefined ? {} : { "Content-Type": "application/json; charset=utf-8" }),
          ...cors,
          ...headers,
        })
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
      : await (async () => {
          await followBranches();
          return (await fromWrites(request, url, token)) ?? (await fromGit(request, url)) ?? api(request, url, token);
        })();
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
      // At the address it was reached at, as GitHub's links are on the host that was asked: its own
      // address, or the name a browser maps to it (tests/helpers/admin-build.ts `standInHostRules`).
      const url = new URL(request.url ?? "/", `http://${request.headers.host ?? `127.0.0.1:${standIn.port}`}`);
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
