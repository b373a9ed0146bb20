/**
 * Who may see leads: the people who may edit the site (decision 0033). A request carries the GitHub
 * token /admin/'s login holds (`Authorization: Bearer …`); GitHub's API says whether it may push to
 * the site's repository: `GET /repos/{owner}/{repo}` answers the repository with `permissions.push`
 * for the token's user (GitHub's REST documentation, "Get a repository"); `GET /user` names them
 * for the log. The answer is kept for at most `cacheMs` (60 s at most), by the token's hash, so a
 * revoked token or a removed collaborator is refused within a minute. GitHub not answering is not
 * kept. The clock is injected.
 */
import { createHash } from "node:crypto";

export type Verdict = { ok: true; login: string } | { ok: false; status: 401 | 403 | 502; error: string };

export interface AccessOptions {
  /** GitHub's API, e.g. https://api.github.com */
  apiRoot: string;
  /** owner/name */
  repo: string;
  cacheMs: number;
  now?: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const signIn = "Sign in to the content editor again (it gives a new GitHub token).";

/** `(token) => verdict`, asking GitHub at most once per token per `cacheMs`. */
export function githubAccess(options: AccessOptions): (token: string) => Promise<Verdict> {
  const now = options.now ?? Date.now;
  const get = options.fetch ?? fetch;
  const cache = new Map<string, { until: number; verdict: Promise<Verdict> }>();

  const ask = async (token: string): Promise<Verdict & { keep: boolean }> => {
    const call = (path: string) =>
      get(`${options.apiRoot}${path}`, {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/vnd.github+json",
          "X-GitHub-Api-Version": "2022-11-28",
          "User-Agent": "leads-inbox",
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    try {
      const repo = await call(`/repos/${options.repo}`);
      if (repo.status === 401)
        return { ok: false, status: 401, error: `GitHub did not accept this token. ${signIn}`, keep: true };
      if (repo.status === 404 || (repo.status === 403 && repo.headers.get("x-ratelimit-remaining") !== "0"))
        return {
          ok: false,
          status: 403,
          error: `This GitHub account cannot see ${options.repo}; only people who may edit the site see its leads.`,
          keep: true,
        };
      if (!repo.ok)
        return { ok: false, status: 502, error: `GitHub answered ${repo.status}; try again in a minute.`, keep: false };
      const body = (await repo.json()) as { permissions?: { push?: boolean } };
      if (body.permissions?.push !== true)
        return {
          ok: false,
          status: 403,
          error: `This GitHub account may read ${options.repo} but not edit it; only people who may edit the site see its leads.`,
          keep: true,
        };
      const user = await call("/user");
      if (!user.ok)
        return { ok: false, status: 502, error: `GitHub answered ${user.status}; try again in a minute.`, keep: false };
      const { login } = (await user.json()) as { login?: string };
      return { ok: true, login: String(login ?? "unknown").slice(0, 100), keep: true };
    } catch (error) {
      return {
        ok: false,
        status: 502,
        error: `GitHub could not be asked (${(error as Error).name}); try again in a minute.`,
        keep: false,
      };
    }
  };

  return (token) => {
    const key = createHash("sha256").update(token).digest("hex");
    const at = now();
    const kept = cache.get(key);
    if (kept && kept.until > at) return kept.verdict;
    if (cache.size >= 1_000) for (const [k, v] of cache) if (v.until <= at || cache.size >= 1_000) cache.delete(k);
    const verdict = ask(token).then(({ keep, ...verdict }) => {
      if (!keep) cache.delete(key);
      return verdict as Verdict;
    });
    // Asked once for requests that arrive together; kept for cacheMs from the question.
    cache.set(key, { until: at + Math.min(options.cacheMs, 60_000), verdict });
    return verdict;
  };
}

/** The token of `Authorization: Bearer <token>` (or GitHub's `token <token>`), when it looks like one. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = /^(?:Bearer|token)\s+([\w.~+/-]{10,255}=*)\s*$/i.exec(header ?? "")?.[1];
  return token;
}
