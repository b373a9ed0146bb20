/**
 * Serves dist/ the way a static host does: /about → about/index.html, unknown paths → 404.html with
 * status 404, gzip or brotli when the browser accepts it, hashed files cached for a year.
 * In: dist/. Listens on 127.0.0.1:$PORT (4173 by default). Usage: node --import tsx scripts/serve.ts [DIR]
 */
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

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

interface Entry {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export function createStaticServer(dir: string): Server {
  const root = resolve(dir);
  const cache = new Map<string, Entry>();

  const fileFor = (pathname: string): string | undefined => {
    const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
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
  };

  const load = (file: string): Entry => {
    let entry = cache.get(file);
    if (!entry) {
      const body = readFileSync(file);
      entry = { body };
      if (compressible.test(types[extname(file)] ?? "") && body.length > 512) {
        entry.gzip = gzipSync(body, { level: 9 });
        entry.br = brotliCompressSync(body);
      }
      cache.set(file, entry);
    }
    return entry;
  };

  return createServer((request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    } catch {
      pathname = "/";
    }
    let file = fileFor(pathname);
    let status = 200;
    if (!file) {
      status = 404;
      file = join(root, "404.html");
    }
    const entry = load(file);
    const type = types[extname(file)] ?? "application/octet-stream";
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const encoding =
      entry.br && /\bbr\b/.test(accepts) ? "br" : entry.gzip && /\bgzip\b/.test(accepts) ? "gzip" : undefined;
    const body = encoding ? entry[encoding]! : entry.body;
    const hashed = /^\/(assets|media)\//.test(pathname);
    response.writeHead(status, {
      "Content-Type": type,
      "Content-Length": body.length,
      "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
  const port = Number(process.env.PORT ?? 4173);
  createStaticServer(dir).listen(port, "127.0.0.1", () => {
    console.log(`Serving ${dir} at http://localhost:${port}`);
  });
}
