/**
 * The lead endpoint on its own, for a site on a static host: the host (or nginx, see deploy/) sends
 * POST /api/leads here. Listens on 127.0.0.1:$PORT (4174 by default; HOST overrides the address).
 * Usage: npm run leads:serve
 */
import { createServer } from "node:http";
import { loadConfig } from "./config.ts";
import { isLeadsPath } from "./handler.ts";
import { startLeads } from "./service.ts";

const leads = await startLeads(loadConfig());
const port = Number(process.env.PORT ?? 4174);
const host = process.env.HOST ?? "127.0.0.1";
const server = createServer((request, response) => {
  if (isLeadsPath(request.url)) return leads.handler(request, response);
  response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
});
server.listen(port, host, () =>
  console.log(`Lead endpoint (${leads.db.kind} database) at http://${host}:${port}/api/leads`),
);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    void leads.close().then(() => process.exit(0));
  });
}
