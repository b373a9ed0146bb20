/**
 * Where the CMS opens pull requests: CMS_REPO, else the GitHub repository this clone came from
 * (`git remote get-url origin`), CMS_BRANCH (default main), and the OAuth settings CMS_AUTH_BASE_URL
 * and CMS_AUTH_ENDPOINT. Worked out once per process: the dev server builds on every save.
 */
import { execFileSync } from "node:child_process";

export interface CmsRepository {
  repo: string;
  branch: string;
  baseUrl?: string;
  authEndpoint?: string;
}

let found: CmsRepository | undefined;

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
  found = {
    repo: repo ?? "your-organisation/your-site",
    branch: process.env.CMS_BRANCH ?? "main",
    ...(process.env.CMS_AUTH_BASE_URL ? { baseUrl: process.env.CMS_AUTH_BASE_URL } : {}),
    ...(process.env.CMS_AUTH_ENDPOINT ? { authEndpoint: process.env.CMS_AUTH_ENDPOINT } : {}),
  };
  return found;
}
