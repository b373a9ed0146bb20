/**
 * Where the CMS opens pull requests: CMS_REPO, else the GitHub repository this clone came from
 * (`git remote get-url origin`), CMS_BRANCH (default main); and how /admin/ logs in to GitHub:
 * - by default, through the site's own server (`npm start`, server/auth/): `auth_endpoint` is its
 *   route under BASE_PATH, and /admin/ sets `base_url` to the origin it runs at;
 * - CMS_AUTH_BASE_URL: through a server at another origin (`npm run leads:serve` beside a static
 *   host, or another OAuth proxy; CMS_AUTH_ENDPOINT its path, default ours);
 * - on Netlify (its builds set NETLIFY=true), or with CMS_AUTH=netlify: Netlify's OAuth provider, as
 *   Decap does by default (neither is set).
 * CMS_API_ROOT: GitHub's API for a GitHub Enterprise host (Decap's `api_root`; the tests' stand-in).
 * Worked out once per process: the dev server builds on every save.
 */
import { execFileSync } from "node:child_process";
import { basePathFrom } from "../hosting/base-path.ts";

export interface CmsRepository {
  repo: string;
  branch: string;
  baseUrl?: string;
  authEndpoint?: string;
  apiRoot?: string;
}

/** server/auth/routes.ts's login route, relative to the site's root. */
const ownAuthEndpoint = "api/auth/github";

let found: CmsRepository | undefined;

/** How /admin/ logs in, from the build's environment (see above). */
export function cmsAuth(env: NodeJS.ProcessEnv = process.env): Pick<CmsRepository, "baseUrl" | "authEndpoint"> {
  const baseUrl = env.CMS_AUTH_BASE_URL?.trim().replace(/\/+$/, "");
  const endpoint = env.CMS_AUTH_ENDPOINT?.trim();
  if (baseUrl) return { baseUrl, authEndpoint: endpoint || ownAuthEndpoint };
  const netlify = env.CMS_AUTH ? env.CMS_AUTH === "netlify" : env.NETLIFY === "true";
  if (netlify) return endpoint ? { authEndpoint: endpoint } : {};
  return { authEndpoint: endpoint || `${basePathFrom(env.BASE_PATH).slice(1)}${ownAuthEndpoint}` };
}

export function cmsRepository(): CmsRepository {
  if (found) return found;
  let repo = process.env.CMS_REPO;
  if (!repo) {
    try {
      const origin = execFileSync("git", ["remote", "get-url", "origin"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
      repo = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\s*$/.exec(origin)?.[1];
    } catch {
      repo = undefined;
    }
  }
  const apiRoot = process.env.CMS_API_ROOT?.trim().replace(/\/+$/, "");
  found = {
    repo: repo ?? "your-organisation/your-site",
    branch: process.env.CMS_BRANCH ?? "main",
    ...cmsAuth(),
    ...(apiRoot ? { apiRoot } : {}),
  };
  return found;
}
