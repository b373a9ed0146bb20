/**
 * Serves dist/ the way Netlify or Cloudflare Pages would: /about → about/index.html, the headers of
 * dist/_headers (every matching rule's, as those hosts join them), the redirects of dist/_redirects
 * (query kept), unknown paths → 404.html with status 404, gzip or brotli when the browser accepts
 * it. Both files are written by the pre-renderer from the same policy as the nginx config
 * (scripts/hosting/), so `npm start` sends what production sends. The hosts' own files (_headers,
 * _redirects, _nginx/) are not served.
 * POST /api/leads goes to the lead endpoint (server/leads/), with its database and outbox, unless
 * LEADS=off; GET /api/auth/github and its callback sign /admin/ in with GitHub (server/auth/);
 * /healthz and /readyz answer health checks (server/run.ts). With ADMIN_ORIGIN, /admin/ and the login
 * are served at that host only, the site at any other (server/admin-host.ts). The pages are served whatever
 * the lead store's state: the endpoint answers 503 with Retry-After until it is ready.
 * In: dist/. Listens on $HOST:$PORT (127.0.0.1:4173 by default). Stops on SIGTERM (server/run.ts).
 * BASE_PATH=/pr-123/ serves a build made with the same BASE_PATH under that path (server/base-path.ts);
 * /healthz and /readyz stay at the root.
 * Usage: node --import tsx server/serve.ts [DIR] [--verbose]
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { enterBase, readBasePath, rulesOffBase } from "./base-path.ts";
import { headersFor, parseHeadersFile, parseRedirectsFile, redirectFor } from "../scripts/hosting/netlify.ts";
import { isLeadsPath, type Handler } from "./leads/handler.ts";
import { authRoutes } from "./auth/routes.ts";
import { editorNotFound, splitByHost } from "./admin-host.ts";
import { servedPath } from "./request-path.ts";
import { router } from "./router.ts";
import { healthRoutes, inboxRoute, leadsRoute, serve, startUp } from "./run.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};
const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface Entry {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** The host rules the build wrote into `dir`. */
function hostRules(dir: string) {
  const read = (name: string) => {
    const path = join(dir, name);
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
    return readFileSync(path, "utf8");
  };
  return {
    headers: parseHeadersFile(read("_headers"), join(dir, "_headers")),
    redirects: parseRedirectsFile(read("_redirects"), join(dir, "_redirects")),
  };
}

/** The server of `dir` with the lead endpoint `leads` (tools and tests use it in-process). */
export function createStaticServer(dir: string, leads?: Handler, base = "/"): Server {
  const site = siteListener(dir, base);
  const server = createServer((request, response) => {
    if (!enterBase(base, request, response)) return;
    return leads && isLeadsPath(request.url) ? leads(request, response) : site(request, response);
  });
  server.keepAliveTimeout = 75_000;
  return server;
}

/** The file `path` names under `root` (or its index.html), when there is one and it is the site's. */
function fileIn(root: string, path: string): string | undefined {
  // Top-level names starting with "_" are the hosts' configuration, never part of the site.
  if (/^[/\\]_/.test(path)) return undefined;
  const candidates = [join(root, path), join(root, path, "index.html")];
  for (const candidate of candidates) {
    if (!candidate.startsWith(root + sep) && candidate !== root) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not there: try the next candidate
    }
  }
  return undefined;
}

/** `file` read, and compressed in zlib's thread pool when its type is worth it. */
async function compressed(file: string): Promise<Entry> {
  const body = readFileSync(file);
  if (!compressible.test(types[extname(file)] ?? "") || body.length <= 512) return { body };
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        // Brotli's best (11) takes ten seconds and more for /admin/'s 6 MB bundle, which its first
        // visitor waits for; level 6 is a fraction of a second, still smaller than gzip's best.
        [zlib.BROTLI_PARAM_QUALITY]: body.length > 1_000_000 ? 6 : zlib.BROTLI_MAX_QUALITY,
      },
    }),
  ]);
  return { body, gzip: gzipped, br: brotli };
}

/**
 * Answers GET and HEAD from the built site in `dir`, as a static host does. `notFound`: a plain-text
 * answer for what is not a file, instead of the site's not-found page, which is one of the site's pages
 * and must not run where the site is not (the editor's own address, admin-host.ts).
 */
export function siteListener(dir: string, base = "/", options: { notFound?: string } = {}): RequestListener {
  const root = resolve(dir);
  const rules = rulesOffBase(hostRules(root), base);
  const cache = new Map<string, Promise<Entry>>();

  // Each file is read and compressed once, on its first request: the server keeps answering (the
  // lead endpoint too) while a large script is compressed.
  const load = (file: string): Promise<Entry> => {
    let entry = cache.get(file);
    if (!entry) {
      entry = compressed(file);
      cache.set(file, entry);
      // A file that could not be read is tried again on the next request.
      entry.catch(() => cache.delete(file));
    }
    return entry;
  };

  return async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    const { url, path } = servedPath(request.url);
    // Headers and redirects go by the same decoded, normalised path as the file (as nginx's $uri
    // does): "/%61bout" is /about, with /about's policy, not a page without one.
    let headers = Object.fromEntries(headersFor(rules.headers, path));
    let file = fileIn(root, path);
    if (!file) {
      const redirect = redirectFor(rules.redirects, path, url.search);
      if (redirect) {
        response.writeHead(redirect.status, { ...headers, Location: redirect.location, "Content-Length": 0 }).end();
        return;
      }
    }
    let status = 200;
    if (!file && options.notFound !== undefined) {
      response.writeHead(404, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end(options.notFound);
      return;
    }
    if (!file) {
      status = 404;
      file = join(root, "404.html");
      headers = Object.fromEntries(headersFor(rules.headers, "/404.html"));
    }
    let entry: Entry;
    try {
      entry = await load(file);
    } catch {
      // A folder without a not-found page (one built for /admin/ only) still says "not found", not a fault.
      if (status === 404)
        response.writeHead(404, { ...headers, "Content-Type": "text/plain; charset=utf-8" }).end("Not found.");
      else
        response
          .writeHead(500, { ...headers, "Content-Type": "text/plain; charset=utf-8" })
          .end("The file could not be read.");
      return;
    }
    const type = types[extname(file)] ?? "application/octet-stream";
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const encoding =
      entry.br && /\bbr\b/.test(accepts) ? "br" : entry.gzip && /\bgzip\b/.test(accepts) ? "gzip" : undefined;
    const body = encoding ? entry[encoding]! : entry.body;
    response.writeHead(status, {
      ...headers,
      "Content-Type": type,
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : body);
  };
}

/**
 * Serves `dir` (default dist/) with the lead endpoint until SIGTERM; `npm run serve`, and `npm start`
 * after building. `swap(dir)` serves another built folder from the next request on (npm start's
 * scheduled rebuilds, server/schedule.ts); it throws, and the old one stays, when that one cannot be served.
 */
export async function main(args: string[] = process.argv.slice(2)): Promise<{ swap: (dir: string) => void }> {
  const dir = args.find((arg) => !arg.startsWith("--")) ?? join(import.meta.dirname, "..", "dist");
  let base = "/";
  const started = await startUp({
    defaultPort: 4173,
    more: (env) => {
      base = readBasePath(env);
    },
  });
  const { adminOrigin } = started.server;
  // The built folder's files for the site, and (with ADMIN_ORIGIN) for the editor's address, where
  // what is not a file is not the site's not-found page.
  const listeners = (from: string) => ({
    site: siteListener(from, base),
    editor: adminOrigin ? siteListener(from, base, { notFound: editorNotFound }) : undefined,
  });
  let current: ReturnType<typeof listeners>;
  try {
    current = listeners(dir);
  } catch (error) {
    process.stderr.write(`${new Date().toISOString()} FATAL ${(error as Error).message}\n`);
    process.exit(1);
  }
  // The health checks stay at the root; the site and its lead endpoint live under BASE_PATH. The
  // files are read through `current` at each request, so a swap is one assignment.
  const files: RequestListener = (request, response) => current.site(request, response);
  const adminRoutes = [
    ...authRoutes(started.auth, base),
    ...(started.leads ? inboxRoute(started.leads, started.leadsConfig!) : []),
  ];
  const siteRoutes = started.leads ? [leadsRoute(started.leads)] : [];
  const app = adminOrigin
    ? splitByHost({
        adminOrigin,
        base,
        trustProxy: started.server.trustProxy,
        admin: adminRoutes,
        site: siteRoutes,
        files,
        editorFiles: (request, response) => current.editor!(request, response),
      })
    : router([...adminRoutes, ...siteRoutes], files);
  serve(
    router(healthRoutes(started.leads), (request, response) => {
      if (enterBase(base, request, response)) app(request, response);
    }),
    started,
    (url) =>
      `Serving ${dir} at ${base === "/" ? url : url + base}${started.leads ? ` (lead endpoint: ${started.leads.kind} database)` : ""}${adminOrigin ? `; /admin/ at ${adminOrigin} only` : ""}`,
  );
  return {
    swap: (next) => {
      current = listeners(next);
    },
  };
}

if (process.argv[1] === import.meta.filename) await main();
