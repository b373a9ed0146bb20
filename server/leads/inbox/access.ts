/**
 * Who may see leads: the people who may edit the site (decision 0033). A request carries the GitHub
 * token /admin/'s login holds (`Authorization: Bearer …`); GitHub's API says whether it may push to
 * the site's repository: `GET /repos/{owner}/{repo}` answers the repository with `permissions.push`
 * for the token's user (GitHub's REST documentation, "Get a repository"); `GET /user` names them
 * for the log. The answer is kept for at most `cacheMs` (60 s at most), by the token's hash, so a
 * revoked token or a removed collaborator is refused within a minute. GitHub not answering, or
 * rate-limited, is not kept (and said in words, with when the limit resets). The clock is injected.
 * GitHub is asked through the project's one client, scripts/github/client.ts.
 */
import { createHash } from "node:crypto";
import { gitHub, GitHubError, type GitHub } from "../../../scripts/github/client.ts";

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
  /** Each token's verdict and its client, which asks again with GitHub's ETags (a 304 spares the rate limit). */
  const cache = new Map<string, { until: number; verdict: Promise<Verdict>; github: GitHub }>();

  const ask = async (github: GitHub): Promise<Verdict & { keep: boolean }> => {
    try {
      const repo = await github.get<{ permissions?: { push?: boolean } }>(`/repos/${options.repo}`);
      if (repo.permissions?.push !== true)
        return {
          ok: false,
          status: 403,
          error: `This GitHub account may read ${options.repo} but not edit it; only people who may edit the site see its leads.`,
          keep: true,
        };
      const { login } = await github.get<{ login?: string }>("/user");
      return { ok: true, login: String(login ?? "unknown").slice(0, 100), keep: true };
    } catch (caught) {
      const error = caught instanceof GitHubError ? caught : new GitHubError(String(caught));
      if (error.status === 401)
        return { ok: false, status: 401, error: `GitHub did not accept this token. ${signIn}`, keep: true };
      if (!error.rateLimited && (error.status === 404 || error.status === 403))
        return {
          ok: false,
          status: 403,
          error: `This GitHub account cannot see ${options.repo}; only people who may edit the site see its leads.`,
          keep: true,
        };
      // Not kept: GitHub away, rate-limited or answering oddly says nothing about the token.
      return { ok: false, status: 502, error: `GitHub could not tell who this is. ${error.message}`, keep: false };
    }
  };

  return (token) => {
    const key = createHash("sha256").update(token).digest("hex");
    const at = now();
    const kept = cache.get(key);
    if (kept && kept.until > at) return kept.verdict;
    if (cache.size >= 1_000) for (const [k, v] of cache) if (v.until <= at || cache.size >= 1_000) cache.delete(k);
    const github =
      kept?.github ??
      gitHub({
        api: options.apiRoot,
        token,
        agent: "leads-inbox",
        fetch: options.fetch,
        timeoutMs: options.timeoutMs ?? 5_000,
        now,
      });
    const verdict = ask(github).then(({ keep, ...verdict }) => {
      if (!keep) cache.delete(key);
      return verdict as Verdict;
    });
    // Asked once for requests that arrive together; kept for cacheMs from the question.
    cache.set(key, { until: at + Math.min(options.cacheMs, 60_000), verdict, github });
    return verdict;
  };
}

/** The token of `Authorization: Bearer <token>` (or GitHub's `token <token>`), when it looks like one. */
export function bearerToken(header: string | undefined): string | undefined {
  const token = /^(?:Bearer|token)\s+([\w.~+/-]{10,255}=*)\s*$/i.exec(header ?? "")?.[1];
  return token;
}
