/**
 * The lead endpoint on its own, for a site on a static host: the host (or nginx, see deploy/) sends
 * POST /api/leads here, and /api/auth/github (the admin login, server/auth/) when the site's /admin/
 * logs in through this server (CMS_AUTH_BASE_URL at build, GITHUB_AUTH_ORIGINS here; or ADMIN_ORIGIN, the
 * editor's own address behind nginx's second server block); /healthz and /readyz answer health checks. Listens on $HOST:$PORT
 * (127.0.0.1:4174 by default). Stops on SIGTERM (server/run.ts).
 * Usage: npm run leads:serve [-- --verbose]
 */
import { authRoutes } from "../auth/routes.ts";
import { router } from "../router.ts";
import { healthRoutes, inboxRoute, leadsRoute, serve, startUp } from "../run.ts";

const started = await startUp({ defaultPort: 4174, leads: true });
const leads = started.leads!;
serve(
  router(
    [
      ...healthRoutes(leads),
      leadsRoute(leads),
      ...inboxRoute(leads, started.leadsConfig!),
      ...authRoutes(started.auth),
    ],
    (_, response) => {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
    },
  ),
  started,
  (url) => `Lead endpoint (${leads.kind} database) at ${url}/api/leads`,
);
