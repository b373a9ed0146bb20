/**
 * /admin/ as `npm run build` builds it (`vite build --mode admin`), for a repository on "GitHub" that
 * is the stand-in (tests/helpers/github-stand-in.ts): CMS_REPO and CMS_API_ROOT point at it, and the
 * build's environment holds the login's client id and secret (the secret must not reach the build).
 * With the production headers a host applies (`_headers`) and nginx's includes (`_nginx/`), whose
 * policy lets /admin/ reach the stand-in's API. The admin login's and the Leads screen's browser
 * tests serve it with `npm start -- DIR`, or nginx with the shipped deploy/nginx.conf.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHeadersFile } from "../../scripts/hosting/netlify.ts";
import { renderAdminInclude, renderHttpInclude, renderServerInclude } from "../../scripts/hosting/nginx-includes.ts";
import { describeSite } from "../../scripts/hosting/policy.ts";
import { root } from "../../tools/shared/copy-project.ts";

/** `vite build --mode admin` of the project in `cwd` into `outDir`, with `env` added; throws with its output if it fails. */
export function viteBuildAdmin(cwd: string, outDir: string, env: Record<string, string | undefined>) {
  const build = spawnSync(
    process.execPath,
    [
      join(cwd, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--mode",
      "admin",
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--logLevel",
      "error",
    ],
    { cwd, encoding: "utf8", env: { ...process.env, ...env } },
  );
  if (build.status !== 0) throw new Error(`vite build --mode admin:\n${build.stdout}${build.stderr}`);
}

export function buildAdmin(
  dist: string,
  options: { repo: string; apiRoot: string; clientId: string; clientSecret: string },
) {
  viteBuildAdmin(root, dist, {
    CMS_REPO: options.repo,
    CMS_API_ROOT: options.apiRoot,
    GITHUB_CLIENT_ID: options.clientId,
    GITHUB_CLIENT_SECRET: options.clientSecret,
  });
  const policy = describeSite({ pages: [], tagManager: false, redirects: [], files: [], cmsApiRoot: options.apiRoot });
  writeFileSync(join(dist, "_headers"), renderHeadersFile(policy.headers));
  writeFileSync(join(dist, "_redirects"), "");
  mkdirSync(join(dist, "_nginx"), { recursive: true });
  writeFileSync(join(dist, "_nginx", "http.conf"), renderHttpInclude(policy.headers));
  writeFileSync(join(dist, "_nginx", "server.conf"), renderServerInclude(policy.redirects));
  writeFileSync(join(dist, "_nginx", "admin.conf"), renderAdminInclude());
}
