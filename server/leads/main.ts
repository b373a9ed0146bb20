/**
 * The lead endpoint on its own, for a site on a static host: the host (or nginx, see deploy/) sends
 * POST /api/leads here; /healthz and /readyz answer health checks. Listens on $HOST:$PORT
 * (127.0.0.1:4174 by default). Stops on SIGTERM (server/run.ts).
 * Usage: npm run leads:serve [-- --verbose]
 */
import { healthRoutes, leadsRoute, router, serve, startUp } from "../run.ts";

const started = await startUp({ defaultPort: 4174, leads: true });
const leads = started.leads!;
serve(
  router([...healthRoutes(leads), leadsRoute(leads)], (_, response) => {
    response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
  }),
  started,
  (url) => `Lead endpoint (${leads.kind} database) at ${url}/api/leads`,
);
