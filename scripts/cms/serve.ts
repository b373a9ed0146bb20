/**
 * `npm run cms`: edit the site in a browser, on this machine, with no login. Starts Decap's local
 * proxy (decap-server, which reads and writes the files of this clone) and the development server,
 * both on 127.0.0.1 only; open http://127.0.0.1:5173/admin/. A save writes the file in content/, and
 * the site's preview (http://127.0.0.1:5173/) updates by itself. /admin/'s Leads screen reads the
 * local lead store (LEADS_DATA_DIR, by default .data/leads) through the lead server
 * (server/leads/main.ts) with LEADS_INBOX_LOCAL=1: no login, this machine only; the development
 * server passes /api/leads on to it. It delivers to no one unless LEADS_EMAIL_TO or
 * LEADS_WEBHOOK_URL say so. When it cannot start (the store is held by `npm start`), editing goes
 * on and the Leads screen says the server is not answering. /admin/'s history is this clone's Git
 * history, which the development server answers under /api/history/ (scripts/history/endpoint.ts,
 * CMS_HISTORY=1). Ctrl+C stops them all.
 * Ports: CMS_PORT (the site and /admin/, 5173), CMS_PROXY_PORT (the proxy, 8081) and
 * CMS_LEADS_PORT (the lead server, 8082).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildContent } from "../content/pipeline.ts";

const root = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const sitePort = process.env.CMS_PORT ?? "5173";
const proxyPort = process.env.CMS_PROXY_PORT ?? "8081";
const leadsPort = process.env.CMS_LEADS_PORT || "8082";

// The content is built once before Vite starts: Vite lists the files it serves as they are (the
// pictures in src/generated/public) when it starts, and a first build that runs inside the dev
// server, as it does in a fresh clone, writes them too late to be listed. Problems are left to the
// dev server, which shows them in the page.
try {
  await buildContent({ contentDir: join(root, "content"), outDir: join(root, "src", "generated"), drafts: true });
} catch {
  // The dev server's own first build reports it.
}

const children: ChildProcess[] = [
  spawn(process.execPath, [require.resolve("decap-server")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: proxyPort,
      BIND_HOST: "127.0.0.1",
      MODE: "fs",
      GIT_REPO_DIRECTORY: root,
      LOG_LEVEL: "warn",
    },
  }),
  spawn(process.execPath, [join(root, "node_modules", "vite", "bin", "vite.js"), "--port", sitePort, "--strictPort"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      // React's production build: Decap answers in about half the time it takes with React's
      // development build (docs/performance.md). NODE_ENV=development gives a developer working on
      // /admin/'s own code React's warnings and Fast Refresh back.
      NODE_ENV: process.env.NODE_ENV === "development" ? "development" : "production",
      VITE_CMS_PROXY_PORT: proxyPort,
      CMS_LEADS_PORT: leadsPort,
      CMS_HISTORY: "1",
    },
  }),
];
const leads = spawn(process.execPath, ["--import", "tsx", join(root, "server", "leads", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: leadsPort,
    HOST: "127.0.0.1",
    LEADS_INBOX_LOCAL: "1",
    LEADS_EMAIL_TO: process.env.LEADS_EMAIL_TO ?? "none",
    LEADS_WEBHOOK_URL: process.env.LEADS_WEBHOOK_URL ?? "none",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});

console.log(`\nThe content editor: http://127.0.0.1:${sitePort}/admin/  (the site: http://127.0.0.1:${sitePort}/)\n`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of [...children, leads]) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
// Editing does not depend on the lead server: without it, only the Leads screen is away.
leads.on("exit", (code) => {
  if (!stopping)
    console.error(`The lead server stopped (${code}): the Leads screen cannot show leads; editing goes on.`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
