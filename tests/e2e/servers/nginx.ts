/**
 * nginx for the browser tests: Debian's nginx serving dist/ with the committed deploy/nginx.conf, as a
 * production server would, except for where it listens (127.0.0.1:$PORT only) and where dist/ is;
 * the content editor's server block answers the host name the build's dist/_nginx/admin.conf names.
 * It runs in the foreground with its own prefix, pid, log and temp folders in a temp folder; on
 * SIGTERM or SIGINT (Playwright's webServer stops it so) it stops nginx and removes that folder.
 * Where nginx is missing it is installed with apt-get (as root, or with password-less sudo), without
 * starting the system's own nginx service. Its workers run as the user running it (started as root,
 * nginx would run them as an unprivileged user), so they read what the test can: dist/ in a copy of
 * the project, which is private (tools/shared/copy-project.ts).
 * The lead endpoint runs beside it as in production (`npm run leads:serve`, on LEADS_PORT, with its
 * own embedded database in the temp folder), and nginx proxies /api/leads to it; nginx starts once
 * the endpoint is ready.
 * In: dist/ (npm run build; DIST names another folder), deploy/nginx.conf, PORT, LEADS_PORT; the
 * lead endpoint gets this process's environment too (GITHUB_CLIENT_ID and the rest for the login). Usage: PORT=4180 LEADS_PORT=4181 node --import tsx tests/e2e/servers/nginx.ts
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join, resolve } from "node:path";
import { deployRoot, listenLines } from "../../../scripts/hosting/nginx.ts";
import { aptInstall } from "../../helpers/apt-install.ts";
import { seedDataDir } from "../../helpers/pglite-template.ts";
import { tierFlags } from "../../helpers/wasm-tier.ts";

const root = resolve(import.meta.dirname, "..", "..", "..");
// DIST: another built folder (the admin login test serves its own /admin/ build through nginx).
const dist = process.env.DIST ? resolve(process.env.DIST) : join(root, "dist");
const port = Number(process.env.PORT);
const leadsPort = Number(process.env.LEADS_PORT ?? port + 1);
const leadsUpstream = "proxy_pass http://127.0.0.1:4174;";
if (!Number.isInteger(port) || port <= 0) throw new Error("set PORT to the port nginx should listen on");
if (!existsSync(join(dist, "_nginx", "http.conf"))) {
  console.error("dist/_nginx/ is missing: run `npm run build` first");
  process.exit(1);
}

const findNginx = () => ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));

if (!findNginx()) {
  try {
    aptInstall("nginx", () => Boolean(findNginx()));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
const nginx = findNginx()!;
const mimeTypes = "/etc/nginx/mime.types";
if (!existsSync(mimeTypes)) throw new Error(`${mimeTypes} is missing: is nginx installed completely?`);

/** The shipped server block, with the two things that belong to this machine replaced. */
function siteConfig(): string {
  let text = readFileSync(join(root, "deploy", "nginx.conf"), "utf8");
  // In each of the two server blocks: the site's and the content editor's.
  for (const [index, line] of listenLines.entries()) {
    if (text.split(line).length !== 3) throw new Error(`deploy/nginx.conf should have the line "${line.trim()}" twice`);
    text = text.replaceAll(line, index === 0 ? `    listen 127.0.0.1:${port};` : "");
  }
  if (!text.includes(deployRoot)) throw new Error(`deploy/nginx.conf does not mention ${deployRoot}`);
  // Five times: in the site's block the lead endpoint, the leads inbox and the admin login (server/auth/),
  // one process; in the content editor's block the inbox and the login again.
  if (text.split(leadsUpstream).length !== 6)
    throw new Error(`deploy/nginx.conf should have "${leadsUpstream}" five times`);
  text = text.replaceAll(leadsUpstream, `proxy_pass http://127.0.0.1:${leadsPort};`);
  return text.replaceAll(deployRoot, dist);
}

const prefix = mkdtempSync(join(tmpdir(), "nginx-e2e-"));
// Its lead folder starts as a copy of a new database made once a run, not PGlite's initdb.
await seedDataDir({ LEADS_DATA_DIR: join(prefix, "leads") });
const leads = spawn(process.execPath, [...tierFlags, "--import", "tsx", join(root, "server", "leads", "main.ts")], {
  cwd: root,
  env: { ...process.env, PORT: String(leadsPort), TRUST_PROXY: "1", LEADS_DATA_DIR: join(prefix, "leads") },
  stdio: ["ignore", "inherit", "inherit"],
});
const leadsExit = new Promise<number | null>((resolve) => leads.once("exit", resolve));
writeFileSync(join(prefix, "site.conf"), siteConfig());
// Only a master started as root can choose its workers' user (nginx warns otherwise).
const workersUser = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : "";
writeFileSync(
  join(prefix, "nginx.conf"),
  `${workersUser}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events {
    worker_connections 256;
}
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${prefix}/site.conf;
}
`,
);

const args = ["-p", prefix, "-e", join(prefix, "error.log"), "-c", join(prefix, "nginx.conf")];
/**
 * Stops the lead endpoint, then removes the folder, then exits with `code`. Removed while the endpoint
 * still shut its database down (it writes in the folder's leads/ as it closes), the folder was left
 * behind, half removed: one a run in /tmp.
 */
const cleanUpAndExit = async (code: number) => {
  if (leads.exitCode === null && leads.signalCode === null) leads.kill("SIGTERM");
  await Promise.race([leadsExit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  rmSync(prefix, { recursive: true, force: true, maxRetries: 3 });
  process.exit(code);
};
const test = spawnSync(nginx, [...args, "-t", "-q"], { encoding: "utf8" });
if (test.status !== 0) {
  console.error(`nginx refuses the configuration:\n${test.stderr}`);
  await cleanUpAndExit(1);
}

/** nginx, once started (stopped before, only the lead endpoint is to stop). */
const started: { nginx?: ChildProcess } = {};
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (started.nginx) started.nginx.kill("SIGTERM");
  else void cleanUpAndExit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

// nginx starts once the lead endpoint takes leads (/readyz): a form sent as soon as nginx answers
// would otherwise get 502 while the endpoint opens its store, which takes seconds on a busy machine.
for (;;) {
  const ready = await fetch(`http://127.0.0.1:${leadsPort}/readyz`).then(
    (answer) => answer.ok,
    () => false,
  );
  if (ready) break;
  const exited = await Promise.race([leadsExit, new Promise((resolve) => setTimeout(() => resolve("waiting"), 200))]);
  if (exited !== "waiting") {
    console.error(`the lead endpoint stopped before it was ready (exit ${String(exited)})`);
    await cleanUpAndExit(1);
  }
}

const child = spawn(nginx, [...args, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
started.nginx = child;
console.log(`nginx ${nginx} serving ${dist} at http://127.0.0.1:${port} (prefix ${prefix})`);
child.on("exit", (code, signal) => {
  const log = existsSync(join(prefix, "error.log")) ? readFileSync(join(prefix, "error.log"), "utf8") : "";
  if (!stopping) console.error(`nginx stopped by itself (${signal ?? code}):\n${log}`);
  void cleanUpAndExit(stopping ? 0 : 1);
});
