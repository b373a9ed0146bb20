/**
 * `npm run bench:admin`: /admin/'s weight and speed, today's against a "before" (issue 61 item 4,
 * docs/decisions/0047-admin-weight.md).
 * Before: BENCH_ADMIN_BEFORE, a git ref (checked out in a temporary worktree, its own packages
 * installed with `npm ci` when its package-lock.json differs from this one's) or a folder holding a
 * project; "." is this one, built once and measured as both. Default: the commit this branch started
 * from (`git merge-base HEAD main`). After: this working tree, as it is.
 * Each is built as /admin/ alone (content:build, then `vite build --mode admin` into a temporary
 * folder, with the local proxy's port of this run), served as a static host serves it
 * (tools/shared/admin-first-load.ts) and opened in Chromium (tools/shared/chromium.ts) with the CPU
 * slowed 4× (CDP Emulation.setCPUThrottlingRate), a fresh context each time, BENCH_RUNS times each
 * (default 3), before and after in turn. Measured, the median of each:
 * - the first load: what the login screen downloads until it can be used (gzipped, and files), and
 *   the time until its "Login with GitHub" can be pressed, at a host that is not this machine's;
 * - with Decap's local proxy (decap-server on this clone's content/, as `npm run cms` runs it), at
 *   127.0.0.1, opening the editor of content/pages/home.yaml: the time until the editor is usable
 *   (Login pressed as soon as it shows; the title's field holds the page's title, no field waits
 *   for its editor to load) and until the preview is drawn (the site's page in the preview pane,
 *   marked for editing on the page). Times are the page's own, from the navigation's start.
 * Prints a table of before, after and after / before, and the machine. A failure prints its error
 * and exits 1, what it started stopped and its temporary folders removed.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type Page } from "@playwright/test";
import { parse } from "yaml";
import { root } from "../shared/copy-project.ts";
import { chromiumPath } from "../shared/chromium.ts";
import { adminBrowserArgs, adminFirstLoad, loginButton, serveBuilt } from "../shared/admin-first-load.ts";
import { freePort } from "../../tests/helpers/free-port.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const throttle = 4;
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

const temporary: string[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

/** The project to build as "before": its folder, and what it is in words. */
function beforeProject(): { dir: string; what: string } {
  const given = process.env.BENCH_ADMIN_BEFORE?.trim() || git("merge-base", "HEAD", "main");
  if (given === ".") return { dir: root, what: "this working tree (BENCH_ADMIN_BEFORE=.)" };
  if (existsSync(given) && existsSync(join(given, "package.json"))) return { dir: resolve(given), what: given };
  const commit = git("rev-parse", "--verify", `${given}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), "bench-admin-before-"));
  rmSync(dir, { recursive: true });
  git("worktree", "add", "--detach", dir, commit);
  cleanups.push(() => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  });
  const sameLock =
    readFileSync(join(dir, "package-lock.json"), "utf8") === readFileSync(join(root, "package-lock.json"), "utf8");
  if (sameLock) symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "junction");
  else {
    console.log(`before: ${commit.slice(0, 10)} locks other packages: npm ci in its worktree`);
    const ci = spawnSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (ci.status !== 0) throw new Error(`npm ci in the worktree of ${commit} failed`);
  }
  return { dir, what: `${given} (${commit.slice(0, 10)})` };
}

/** /admin/ of the project in `dir`, built alone into a temporary folder that a static host serves. */
function buildAdmin(dir: string, proxyPort: number): string {
  const out = mkdtempSync(join(tmpdir(), "bench-admin-build-"));
  temporary.push(out);
  const env = { ...process.env, DIST: out, VITE_CMS_PROXY_PORT: String(proxyPort) };
  for (const args of [
    [join(dir, "scripts", "content", "cli", "run.mjs"), "build"],
    [join(dir, "node_modules", "vite", "bin", "vite.js"), "build", "--mode", "admin", "--logLevel", "error"],
  ]) {
    const run = spawnSync(process.execPath, args, { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
    if (run.status !== 0) throw new Error(`${args.slice(1).join(" ")} failed in ${dir}`);
  }
  // The host's rules are the full build's (npm run build); /admin/ alone has none to follow.
  writeFileSync(join(out, "_headers"), "");
  writeFileSync(join(out, "_redirects"), "");
  return out;
}

/** Decap's local proxy on this clone's content/, as `npm run cms` starts it; resolves once it answers. */
async function startProxy(port: number): Promise<void> {
  const proxy: ChildProcess = spawn(
    process.execPath,
    [join(root, "node_modules", "decap-server", "dist", "index.js")],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), MODE: "fs", GIT_REPO_DIRECTORY: root, LOG_LEVEL: "error" },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  cleanups.push(() => void proxy.kill("SIGTERM"));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "info" }),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) return;
    if (proxy.exitCode !== null || Date.now() > deadline) throw new Error("Decap's local proxy did not answer");
    await sleep(200);
  }
}

async function slowed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
}

const title = String(
  (parse(readFileSync(join(root, "content", "pages", "home.yaml"), "utf8")) as { title: string }).title,
);

/** The editor of the home page opened at 127.0.0.1 (the local proxy): when it is usable, and its preview drawn (ms). */
async function editorTimes(browser: Browser, port: number): Promise<{ editor: number; preview: number }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await slowed(page);
    await page.goto(`http://127.0.0.1:${port}/admin/#/collections/pages/entries/home`, {
      waitUntil: "commit",
      timeout: 120_000,
    });
    await loginButton(page).click({ timeout: 180_000 });
    const editor = await page.waitForFunction(
      (title) =>
        [...document.querySelectorAll("input")].some((i) => i.value === title && !i.disabled) &&
        document.querySelector("[data-later-widget]") === null &&
        performance.now(),
      title,
      { timeout: 180_000, polling: "raf" },
    );
    const editorMs = (await editor.jsonValue()) as number;
    const preview = await page.waitForFunction(
      () =>
        (document.getElementById("preview-pane") as HTMLIFrameElement | null)?.contentDocument?.querySelector(
          "[data-cms-at]",
        ) != null && performance.now(),
      undefined,
      { timeout: 180_000, polling: "raf" },
    );
    const previewMs = (await preview.jsonValue()) as number;
    return { editor: editorMs, preview: previewMs };
  } finally {
    await context.close();
  }
}

interface Sample {
  kb: number;
  files: number;
  login: number;
  editor: number;
  preview: number;
}

let browser: Browser | undefined;
try {
  const proxyPort = await freePort();
  const before = beforeProject();
  const same = before.dir === root;
  console.log(`bench:admin: building /admin/ ${same ? "once (before = after)" : "before and after"}…`);
  const afterBuild = buildAdmin(root, proxyPort);
  const beforeBuild = same ? afterBuild : buildAdmin(before.dir, proxyPort);
  await startProxy(proxyPort);
  const servers = { before: await serveBuilt(beforeBuild), after: await serveBuilt(afterBuild) };
  cleanups.push(
    () => servers.before.close(),
    () => servers.after.close(),
  );
  browser = await chromium.launch({ executablePath: chromiumPath, args: adminBrowserArgs });
  const samples: Record<"before" | "after", Sample[]> = { before: [], after: [] };
  for (let run = 0; run < runs; run++) {
    for (const side of ["before", "after"] as const) {
      const { port } = servers[side];
      const first = await adminFirstLoad(browser, port, slowed);
      const times = await editorTimes(browser, port);
      samples[side].push({
        kb: first.bytes / 1024,
        files: first.files.length,
        login: first.loginUsableMs / 1000,
        editor: times.editor / 1000,
        preview: times.preview / 1000,
      });
    }
  }
  const rows: [string, keyof Sample, number][] = [
    ["first load, KB gzipped", "kb", 1],
    ["first load, files", "files", 0],
    ["login screen usable, s", "login", 2],
    ["editor of an entry usable, s", "editor", 2],
    ["preview drawn, s", "preview", 2],
  ];
  console.log(
    `\nbench:admin, median of ${runs} run(s), CPU slowed ${throttle}×; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(`  before: ${before.what}; after: this working tree`);
  console.log(`  ${"".padEnd(30)} ${"before".padStart(9)} ${"after".padStart(9)} ${"after / before".padStart(15)}`);
  for (const [name, key, digits] of rows) {
    const b = median(samples.before.map((s) => s[key]));
    const a = median(samples.after.map((s) => s[key]));
    console.log(
      `  ${name.padEnd(30)} ${b.toFixed(digits).padStart(9)} ${a.toFixed(digits).padStart(9)} ${(a / b).toFixed(2).padStart(15)}`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}
process.exit();
