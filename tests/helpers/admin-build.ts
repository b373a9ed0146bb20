/**
 * /admin/ as `npm run build` builds it (`vite build --mode admin`), for a repository on "GitHub" that
 * is the stand-in (tests/helpers/github-stand-in.ts): CMS_REPO and CMS_API_ROOT point at it, and the
 * build's environment holds the login's client id and secret (the secret must not reach the build).
 * With the production headers a host applies (`_headers`) and nginx's includes (`_nginx/`), whose
 * policy lets /admin/ reach the stand-in's API. The admin login's and the Leads screen's browser
 * tests serve it with `npm start -- DIR`, or nginx with the shipped deploy/nginx.conf.
 *
 * The leads files share one such build a run (sharedAdminBuild): three builds were 30 of the leads
 * project's 300 CPU-s. The build knows GitHub's API by a name, http://github.localhost
 * (sharedAdmin.apiRoot), that each file's Chromium maps to its own stand-in's port
 * (standInHostRules), as a host's /admin/ knows its GitHub Enterprise by name; the stand-in answers
 * at that name as at its own address. The servers ask the stand-in at its address (GITHUB_URL, CMS_API_ROOT).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { acquireLock } from "../../server/leads/lock.ts";
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

/** What the shared build is made for: the stand-in's repository and OAuth app, GitHub's API by name. */
export const sharedAdmin = {
  repo: "acme-marketing/site",
  clientId: "Ov23liStandIn0123456",
  apiRoot: "http://github.localhost",
  /** The login's client secret the build's environment held (it must reach no file of the build): one a run. */
  clientSecret: () => inject("leadsRun").clientSecret,
};

/**
 * The run's build of /admin/ (buildAdmin with sharedAdmin), in the run's folder (tests/helpers/leads-run.ts):
 * made by the first file that asks, under a lock the others wait on, then served by every file as it
 * is (none writes to it). Its folder.
 */
export async function sharedAdminBuild(): Promise<string> {
  const { dir } = inject("leadsRun");
  const dist = join(dir, "admin-dist");
  const lock = await acquireLock(dir, { wait: true });
  try {
    if (!existsSync(dist)) {
      const making = join(dir, "admin-dist-making");
      rmSync(making, { recursive: true, force: true });
      buildAdmin(making, { ...sharedAdmin, clientSecret: sharedAdmin.clientSecret() });
      renameSync(making, dist);
    }
  } finally {
    await lock.release();
  }
  return dist;
}

/**
 * Chromium's --host-resolver-rules for a file's browser: the shared build's API name to the file's
 * stand-in, every other name under .localhost (the site's, an attacker's) to this machine, port kept.
 */
export function standInHostRules(standIn: { port: number }): string {
  return `--host-resolver-rules=MAP ${new URL(sharedAdmin.apiRoot).hostname}:80 127.0.0.1:${standIn.port}, MAP *.localhost 127.0.0.1`;
}
