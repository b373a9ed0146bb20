/**
 * `npm run cms`: edit the site in a browser, on this machine, with no login. Starts Decap's local
 * proxy (decap-server, which reads and writes the files of this clone) and the development server,
 * both on 127.0.0.1 only; open http://127.0.0.1:5173/admin/. A save writes the file in content/, and
 * the site's preview (http://127.0.0.1:5173/) updates by itself. Ctrl+C stops both.
 * Ports: CMS_PORT (the site and /admin/, 5173) and CMS_PROXY_PORT (the proxy, 8081).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildContent } from "../content/pipeline.ts";

const root = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);
const sitePort = process.env.CMS_PORT ?? "5173";
const proxyPort = process.env.CMS_PROXY_PORT ?? "8081";

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
    env: { ...process.env, VITE_CMS_PROXY_PORT: proxyPort },
  }),
];

console.log(`\nThe content editor: http://127.0.0.1:${sitePort}/admin/  (the site: http://127.0.0.1:${sitePort}/)\n`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
