/**
 * The one client of GitHub's REST API (https://docs.github.com/rest), for whatever asks GitHub: the
 * leads inbox's access check (server/), scheduled merges (scripts/schedule/), the preview's commit
 * status (tools/), and /admin/ in the browser (its history, admin/history/). It uses `fetch` only (no Node module), so each of
 * them can import it. As GitHub documents its API:
 * - JSON, the token as a bearer, `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`;
 * - lists paged by the `Link` header: the address marked `rel="next"` is the next page; no such
 *   address, no more (a page may hold fewer items than `per_page` asked for) ("Using pagination in
 *   the REST API"); bounded by `maxPages`;
 * - conditional requests: a GET answered with an `ETag` is asked again with `If-None-Match`, and a
 *   304 is served from a small cache (an authorized 304 does not count against the rate limit:
 *   "Best practices for using the REST API");
 * - refusals in words: 401, 403, and the rate limits ("Rate limits for the REST API": 403 or 429 with
 *   `x-ratelimit-remaining: 0`, until `x-ratelimit-reset`, in UTC epoch seconds; or `retry-after`, in
 *   seconds; or a message naming a secondary rate limit, at least a minute), with when to try again;
 *   any other status with GitHub's own message. The token never appears in a message.
 */

export interface GitHubOptions {
  /** The API's address: https://api.github.com, a GitHub Enterprise's https://host/api/v3, or a stand-in's. */
  api: string;
  token: string;
  /** `User-Agent` (GitHub asks for one); a browser sends its own and this is not set there. */
  agent?: string;
  fetch?: typeof fetch;
  /** Each request's time limit; 30 s. */
  timeoutMs?: number;
  /** The most pages a list is followed through; 100. */
  maxPages?: number;
  /** How many GET answers are kept for conditional requests; 100. */
  cacheSize?: number;
  /** The clock, for "resets in 12 minutes". */
  now?: () => number;
}

/** What GitHub answered: its status, the JSON, the headers (a 304's data is the kept answer's, `fromCache`). */
export interface Answer<T = unknown> {
  status: number;
  data: T;
  headers: Headers;
  fromCache: boolean;
}

/** A refusal, an unreachable API or an unreadable answer, in words; `status` is GitHub's, when it answered. */
export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** GitHub's own message, when it gave one. */
    readonly githubMessage = "",
    /** When a rate limit lets requests through again (epoch ms); set only when rate-limited. */
    readonly retryAt?: number,
  ) {
    super(message);
    this.name = "GitHubError";
  }
  get rateLimited(): boolean {
    return this.retryAt !== undefined;
  }
}

/**
 * The next page's address in a `Link` header (`<https://…&page=2>; rel="next", <…>; rel="last"`), in
 * whatever order the relations come; undefined on the last page or without the header.
 */
export function nextPage(link: string | null): string | undefined {
  for (const [, url, params] of (link ?? "").matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]*)/i.exec(params!)?.[1] ?? "";
    if (rel.trim().split(/\s+/).includes("next")) return url;
  }
  return undefined;
}

/** "2026-11-27 20:00 UTC" (with seconds: "2026-11-27 19:30:30 UTC"). */
const clockTime = (ms: number, seconds = false) =>
  `${new Date(ms)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace("T", " ")} UTC`;
const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} minute${n === 1 ? "" : "s"}`;
};

/** When a 403 or 429 is a rate limit, when it ends (epoch ms) and what to say; undefined when it is not one. */
function rateLimit(status: number, headers: Headers, githubMessage: string, now: number) {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = Number(headers.get("retry-after"));
  if (headers.get("retry-after") !== null && Number.isFinite(retryAfter)) {
    const at = now + retryAfter * 1000;
    return {
      at,
      words: `GitHub asks for no more requests for ${retryAfter} s (a secondary rate limit): try again after ${clockTime(at, true)}.`,
    };
  }
  if (headers.get("x-ratelimit-remaining") === "0") {
    const reset = Number(headers.get("x-ratelimit-reset")) * 1000;
    const at = Number.isFinite(reset) && reset > 0 ? reset : now + 60_000;
    const limit = headers.get("x-ratelimit-limit");
    return {
      at,
      words: `GitHub's rate limit for this token is used up${limit ? ` (${limit} requests an hour)` : ""}: it resets at ${clockTime(at)}, in ${minutes(at - now)}.`,
    };
  }
  if (/rate limit/i.test(githubMessage))
    return {
      at: now + 60_000,
      words: "GitHub's secondary rate limit was reached: wait at least a minute before trying again.",
    };
  return undefined;
}

/** The words for a refusal that is not a rate limit. */
function refusal(status: number): string {
  if (status === 401) return "GitHub did not accept the token: it is wrong, has expired or was revoked.";
  if (status === 403) return "GitHub refused: the token or its account lacks the right to do this.";
  if (status === 404) return "GitHub has no such thing, or does not show it to this token.";
  return "";
}

/** A request's headers, as GitHub documents them; `etag`: a kept answer's, asked again conditionally. */
function headersFor(options: GitHubOptions, json: boolean, etag: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: "application/vnd.github+json",
    Authorization: `Bearer ${options.token}`,
    "X-GitHub-Api-Version": "2022-11-28",
  };
  if (options.agent && typeof window === "undefined") headers["User-Agent"] = options.agent;
  if (json) headers["Content-Type"] = "application/json";
  if (etag) headers["If-None-Match"] = etag;
  return headers;
}

/** `text` as JSON (nothing for an empty answer); else a GitHubError saying `unreadable()`, with `status`. */
function jsonOf(text: string, status: number, unreadable: () => string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    throw new GitHubError(unreadable(), status);
  }
}

/** The error for an answer that is not 2xx: the status, GitHub's message, and what it means. */
function failureOf(method: string, path: string, answer: Answer, hide: (text: string) => string, now: number) {
  const githubMessage = hide(String((answer.data as { message?: unknown } | undefined)?.message ?? "")).slice(0, 300);
  const limited = rateLimit(answer.status, answer.headers, githubMessage, now);
  const words = limited?.words ?? refusal(answer.status);
  return new GitHubError(
    `${method} ${path}: GitHub answered ${answer.status}${githubMessage ? ` ${githubMessage.replace(/\.$/, "")}` : ""}${words ? `. ${words}` : ""}`,
    answer.status,
    githubMessage,
    limited?.at,
  );
}

/** `path` under the API (`/repos/o/r/pulls`), or an address GitHub gave (a next page); the API's host only. */
function address(api: string, origin: string, path: string) {
  const url = path.startsWith("/") ? `${api}${path}` : path;
  if (new URL(url).origin !== origin) throw new GitHubError(`GitHub sent an address on another host: ${url}`);
  return url;
}

/** `entry` kept as the newest answer for `url`; the oldest given up past `size`. */
function keep<V>(kept: Map<string, V>, url: string, entry: V, size: number) {
  kept.delete(url);
  kept.set(url, entry);
  if (kept.size > size) kept.delete(kept.keys().next().value!);
}

export type GitHub = ReturnType<typeof gitHub>;

/** A client for one token; its answers for conditional requests are kept with it. */
export function gitHub(options: GitHubOptions) {
  const api = options.api.replace(/\/+$/, "");
  const origin = new URL(api).origin;
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? Date.now;
  const maxPages = options.maxPages ?? 100;
  const cacheSize = options.cacheSize ?? 100;
  /** GET answers by address, oldest first: what a 304 stands for. */
  const kept = new Map<string, { etag: string; data: unknown; headers: Headers }>();
  const hide = (text: string) => (options.token ? text.replaceAll(options.token, "***") : text);

  /** Any request; GitHub's answer whatever its status, or a GitHubError when it cannot be asked or read. */
  const request = async <T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const url = address(api, origin, path);
    const cached = method === "GET" ? kept.get(url) : undefined;
    const headers = headersFor(options, body !== undefined, cached?.etag);
    let response: Response;
    let text: string;
    try {
      response = await send(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new GitHubError(hide(`${method} ${path}: cannot reach ${url} (${reason})`));
    }
    if (response.status === 304 && cached) {
      keep(kept, url, cached, cacheSize);
      return { status: 200, data: cached.data as T, headers: cached.headers, fromCache: true };
    }
    const data = jsonOf(text, response.status, () =>
      hide(`${method} ${path}: GitHub answered ${response.status} with something that is not JSON`),
    );
    const etag = response.headers.get("etag");
    if (method === "GET" && response.status === 200 && etag)
      keep(kept, url, { etag, data, headers: response.headers }, cacheSize);
    return { status: response.status, data: data as T, headers: response.headers, fromCache: false };
  };

  const failure = (method: string, path: string, answer: Answer) => failureOf(method, path, answer, hide, now());

  /** A request whose answer must be 2xx; else a GitHubError in words. */
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await request<T>(method, path, body);
    if (answer.status < 200 || answer.status > 299) throw failure(method, path, answer);
    return answer.data;
  };

  /**
   * One page of a list at `path` (an address GitHub gave in a `Link` header too) and the next page's
   * address, undefined on the last: for a reader that stops and goes on later (a cursor).
   */
  const page = async <T = unknown>(path: string): Promise<{ data: T; next?: string }> => {
    const answer = await request<T>("GET", path);
    if (answer.status !== 200) throw failure("GET", path.replace(origin, ""), answer);
    return { data: answer.data, next: nextPage(answer.headers.get("link")) };
  };

  /**
   * Each page's answer in turn, 100 items asked a page, following `rel="next"` until there is none;
   * stop early by leaving the loop. More than `maxPages` pages is an error, never a silent cut.
   */
  async function* eachPage<T = unknown>(path: string): AsyncGenerator<T> {
    let next: string | undefined = /[?&]per_page=/.test(path)
      ? path
      : `${path}${path.includes("?") ? "&" : "?"}per_page=100`;
    for (let n = 0; next !== undefined; n++) {
      if (n === maxPages) throw new GitHubError(`GET ${path}: more than ${maxPages} pages; stopped`);
      const answer: { data: T; next?: string } = await page<T>(next);
      yield answer.data;
      next = answer.next;
    }
  }

  /** Every item of a list, all pages; `pick` takes a page's items out of its answer (`check_runs`). */
  const all = async <T>(path: string, pick: (data: unknown) => T[] = (data) => data as T[]): Promise<T[]> => {
    const items: T[] = [];
    for await (const page of eachPage(path)) items.push(...pick(page));
    return items;
  };

  return {
    request,
    get: <T = unknown>(path: string) => call<T>("GET", path),
    post: <T = unknown>(path: string, body: unknown) => call<T>("POST", path, body),
    put: <T = unknown>(path: string, body: unknown) => call<T>("PUT", path, body),
    eachPage,
    page,
    all,
  };
}
