/**
 * The local repository's history as /admin/ asks it with `npm run cms` (admin/history/sources/local-source.ts):
 * the development server answers, on 127.0.0.1 only as it listens, under /api/history/:
 *   GET versions?path=&limit=&cursor=        → HistoryPage<Version>
 *   GET file?sha=&path=                      → { text: string | null }
 *   GET changes?limit=&cursor=&path=&author= → HistoryPage<ContentCommit>
 * from scripts/history/git-history.ts. A refused question (a path outside content/) is a 400, any
 * other failure a 500, each as { error } in words. Only `npm run cms` turns it on (CMS_HISTORY=1, set
 * by scripts/cms/serve.ts): `npm run dev` and the builds have no such endpoint.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";
import type { HistoryReader } from "../../schemas/history.ts";
import { gitHistory, HistoryRequestError } from "./git-history.ts";

/** Where the endpoint is, under the site's base path. */
export const historyPath = "/api/history";

/** A parameter that was sent, as a string; undefined when it was not. */
const param = (query: URLSearchParams, name: string) => query.get(name) ?? undefined;
const numberParam = (query: URLSearchParams, name: string) => {
  const value = param(query, name);
  return value === undefined ? undefined : Number(value);
};

/** The answer to one question, by its name (the last part of the address). */
function answer(reader: HistoryReader, name: string, query: URLSearchParams): Promise<unknown> | undefined {
  const page = { limit: numberParam(query, "limit"), cursor: param(query, "cursor") };
  if (name === "versions") return reader.versionsOf(query.get("path") ?? "", page);
  if (name === "file") return reader.fileAt(query.get("sha") ?? "", query.get("path") ?? "").then((text) => ({ text }));
  if (name === "changes")
    return reader.recentChanges({ ...page, path: param(query, "path"), author: param(query, "author") });
  return undefined;
}

/** A Node request handler (also a Connect middleware, mounted at `historyPath`) answering from `reader`. */
export function historyHandler(reader: HistoryReader) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) =>
      response
        .writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" })
        .end(JSON.stringify(body));
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method !== "GET") return send(405, { error: "The history is only read (GET)." });
    const asked = answer(reader, url.pathname.split("/").pop() ?? "", url.searchParams);
    if (!asked) return send(404, { error: `No such question of the history: ${url.pathname}` });
    asked.then(
      (body) => send(200, body),
      (error: unknown) =>
        error instanceof HistoryRequestError
          ? send(400, { error: error.message })
          : send(500, { error: `The local history could not be read: ${(error as Error).message}` }),
    );
  };
}

/** The endpoint in the development server, for the clone at `root` (its checked-out branch). */
export function historyPlugin(root: string): Plugin {
  return {
    name: "cms-history",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(historyPath, historyHandler(gitHistory(root)));
    },
  };
}
