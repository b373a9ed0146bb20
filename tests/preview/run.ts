/**
 * `npm run test:preview`: the site built for a pull request's preview under a sub-path
 * (`BASE_PATH=/pr-123/ npm run build`, as CI's preview job does) on a copy of the project, then
 * clicked through in Chromium (tests/preview/preview.spec.ts, playwright.preview.config.ts), served
 * two ways on 127.0.0.1:
 * - "serve": `npm run serve` with the same BASE_PATH (server/base-path.ts), the lead endpoint on;
 * - "static": the build copied into a pr-123/ folder of a host's root, with the hosts' rules moved
 *   to the root, as deploy/preview-publish.sh publishes it to Cloudflare Pages, served by the plain
 *   server/serve.ts without a base (a static host knows nothing of the base).
 * In: the repository. Out: a temporary copy (removed afterwards unless KEEP_PREVIEW=1), the result.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyProject } from "../../tools/shared/copy-project.ts";

export const previewBase = "/pr-123/";
const copy = copyProject(mkdtempSync(join(tmpdir(), "preview-")));
const run = (label: string, args: string[], env: Record<string, string>) => {
  console.log(`\n── preview under ${previewBase}: ${label} ──`);
  const result = spawnSync("npm", args, {
    cwd: copy,
    stdio: "inherit",
    env: { ...process.env, ...env },
    shell: process.platform === "win32",
  });
  return result.status === 0;
};

let passed = run("build (BASE_PATH=" + previewBase + ")", ["run", "--silent", "build"], { BASE_PATH: previewBase });
if (passed) {
  // A host's root holding this preview as one folder, the hosts' rules at the root.
  const host = join(copy, ".preview-host");
  const folder = join(host, previewBase.slice(1, -1));
  mkdirSync(host, { recursive: true });
  cpSync(join(copy, "dist"), folder, { recursive: true });
  for (const file of ["_headers", "_redirects", "404.html"]) copyFileSync(join(folder, file), join(host, file));
  passed = run("browser tests", ["exec", "--", "playwright", "test", "-c", "playwright.preview.config.ts"], {
    PREVIEW_BASE: previewBase,
    PREVIEW_HOST_DIR: host,
    E2E_PORT: "",
  });
}
console.log(
  passed
    ? "\n✔ the preview works under its sub-path"
    : `\n✖ the preview under ${previewBase} is broken; the copy is kept in ${copy}`,
);
if (passed && !process.env.KEEP_PREVIEW) rmSync(copy, { recursive: true, force: true });
process.exitCode = passed ? 0 : 1;
