/**
 * The inbox's settings (server/leads/inbox/), from the environment: the repository whose editors may
 * see leads (CMS_REPO, as /admin/'s build names it) and GitHub's API (CMS_API_ROOT, by default
 * https://api.github.com; http:// only to this machine, a stand-in), how long GitHub's answer about
 * a token is kept (at most 60 s), the inbox's own rate limit, and LEADS_INBOX_LOCAL: no login, for
 * requests from this machine only (`npm run cms`).
 */
import type { EnvReader } from "../../config/env.ts";
import { isLoopback } from "../../config/env.ts";

export interface InboxConfig {
  /** owner/name; without it the inbox answers 503 naming CMS_REPO (unless local). */
  repo?: string;
  apiRoot: string;
  cacheMs: number;
  /** Requests per address per window. */
  rateLimit: number;
  rateWindowMs: number;
  /** Requests from 127.0.0.1 or ::1, not through a proxy, need no token. */
  local: boolean;
}

export function readInboxConfig(env: EnvReader): InboxConfig {
  const repo = env.raw("CMS_REPO");
  if (repo !== undefined && !/^[\w.-]+\/[\w.-]+$/.test(repo))
    env.problem("CMS_REPO", repo, "is not a GitHub repository (owner/name)", "example-org/example-site");
  let apiRoot = "https://api.github.com";
  const raw = env.raw("CMS_API_ROOT");
  if (raw !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.search)
      env.problem("CMS_API_ROOT", raw, "is not the address of GitHub's API", "https://github.example.com/api/v3");
    else if (url.protocol === "http:" && !isLoopback(url.hostname))
      env.problem(
        "CMS_API_ROOT",
        raw,
        "uses http:// to another machine: tokens must never travel unencrypted",
        "https://github.example.com/api/v3",
      );
    else apiRoot = raw.replace(/\/+$/, "");
  }
  return {
    repo: repo && /^[\w.-]+\/[\w.-]+$/.test(repo) ? repo : undefined,
    apiRoot,
    cacheMs: env.number("LEADS_INBOX_CACHE_MS", 60_000, { min: 0, max: 60_000 }),
    rateLimit: env.number("LEADS_INBOX_RATE_LIMIT", 300, { min: 1 }),
    rateWindowMs: env.number("LEADS_INBOX_RATE_WINDOW_MS", 60_000, { min: 1 }),
    local: env.boolean("LEADS_INBOX_LOCAL"),
  };
}
