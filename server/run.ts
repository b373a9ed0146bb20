/**
 * What every server entry shares: reading and checking the configuration (exit 78 on a mistake),
 * the routes every entry lists (router.ts sends requests to them), the health endpoints, and
 * the process's life: listen, and on SIGTERM or SIGINT stop within seconds: no new connections, the
 * requests in flight finished (`Connection: close` on their answers), the lead service closed (the
 * outbox finishes or queues its deliveries again, the database closes, the data folder's lock is
 * let go), exit 0.
 *
 * Health, for load balancers, systemd and containers:
 *   GET /healthz  200 "ok" while the process serves (pages are served whatever the database does)
 *   GET /readyz   200 "ready" when posts can be taken (the lead store open and answering), naming a
 *                 delivery target failing past LEADS_ALERT_AFTER ("ready; webhook #1 … failing
 *                 since …": posts are still taken and kept), else 503 with the reason; with
 *                 LEADS=off always 200
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { EnvReader, exitOnStartupError } from "./config/env.ts";
import { readServerConfig, type ServerConfig } from "./config/server.ts";
import { captureConsole, createLogger, log, setLogger } from "./log.ts";
import { checkSmtp } from "./leads/checks.ts";
import { readLeadsConfig, type LeadsConfig } from "./leads/config.ts";
import { isLeadsPath } from "./leads/handler.ts";
import { inboxRoutes } from "./leads/inbox/routes.ts";
import { startLeads, type LeadsService } from "./leads/service.ts";
import type { Route } from "./router.ts";
import { readAuthConfig, type AuthSetup } from "./auth/config.ts";

/** /healthz and /readyz (see above). */
export function healthRoutes(leads: LeadsService | undefined): Route[] {
  const text = (response: ServerResponse, status: number, body: string) =>
    response
      .writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
      .end(body + "\n");
  return [
    { matches: (p) => p === "/healthz", handle: (_, response) => text(response, 200, "ok") },
    {
      matches: (p) => p === "/readyz",
      handle: (_, response) => {
        if (!leads) return text(response, 200, "ready (no lead endpoint)");
        void leads
          .readiness()
          .then((state) =>
            state.ready
              ? text(response, 200, state.note ? `ready; ${state.note}` : "ready")
              : text(response, 503, `not ready: ${state.reason}`),
          );
      },
    },
  ];
}

export const leadsRoute = (leads: LeadsService): Route => ({
  matches: (p) => isLeadsPath(p),
  handle: leads.handler,
});

/** The leads inbox's API (server/leads/inbox/), on the service's store. */
export const inboxRoute = (leads: LeadsService, config: LeadsConfig): Route[] =>
  inboxRoutes({ config, db: () => leads.db, deliverNow: () => leads.deliverNow() });

export interface Started {
  server: ServerConfig;
  /** The admin login (server/auth/): ready, or which variables it misses. */
  auth: AuthSetup;
  leadsConfig?: LeadsConfig;
  leads?: LeadsService;
}

export interface StartOptions {
  defaultPort: number;
  leads?: boolean;
  more?: (env: EnvReader) => void;
  /** Where the generated content is read from (src/generated/ unless given). */
  contentDir?: string;
}

/**
 * Every variable a server entry reads, through `env` (its problems collected there): the server's, the
 * lead endpoint's (unless LEADS=off or `leads: false`), the admin login's, and `more`. The operations
 * guide's table of variables is made from what this reads (tools/docs/server-variables.ts).
 */
export function readConfiguration(
  env: EnvReader,
  options: StartOptions,
): Pick<Started, "server" | "auth" | "leadsConfig"> {
  const server = readServerConfig(env, { port: options.defaultPort });
  const leadsConfig =
    options.leads === true || (options.leads !== false && server.leads)
      ? readLeadsConfig(env, options.contentDir)
      : undefined;
  const auth = readAuthConfig(env, server.adminOrigin);
  options.more?.(env);
  return { server, auth, leadsConfig };
}

/**
 * Reads and checks the configuration (the server's, the admin login's and, unless LEADS=off or
 * `leads: false`, the lead endpoint's; `more` adds another module's variables), checks SMTP, starts the lead service. Any
 * mistake: its lines and exit 78.
 */
export async function startUp(options: StartOptions): Promise<Started> {
  captureConsole();
  try {
    const env = new EnvReader(process.env, { touch: true });
    const { server, leadsConfig, auth } = readConfiguration(env, options);
    const warnings = env.done();
    setLogger(createLogger({ format: server.logFormat, level: server.logLevel }));
    for (const line of warnings) log.warn(line);
    log.info(
      auth.ready
        ? `admin login through GitHub (${auth.config.githubUrl}, scope ${auth.config.scope}) at /api/auth/github`
        : "admin login through this server is off: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are not set",
    );
    if (!leadsConfig) return { server, auth };
    await checkSmtp(leadsConfig);
    const leads = await startLeads(leadsConfig);
    return { server, auth, leadsConfig, leads };
  } catch (error) {
    exitOnStartupError(error);
  }
}

/**
 * Listens and stops on SIGTERM/SIGINT as described above. A port still held by the instance this
 * one replaces is waited for (overlapping restarts), with one warning.
 */
export function serve(
  listener: RequestListener,
  started: Started,
  describe: (address: string) => string,
  server: Server = createServer(),
): Server {
  const { port, host, shutdownMs } = started.server;
  let stopping = false;
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (stopping) response.setHeader("Connection", "close");
    listener(request, response);
  });
  let waitingSince: number | undefined;
  server.on("error", (error: NodeJS.ErrnoException) => {
    // The process this one replaces may hold the port for a few seconds more; anything else for a minute is a mistake.
    if (error.code === "EADDRINUSE" && !stopping && Date.now() - (waitingSince ?? Date.now()) < 60_000) {
      if (waitingSince === undefined)
        log.warn(`port ${port} on ${host} is in use (PORT): waiting up to 60 s for it to be free`);
      waitingSince ??= Date.now();
      setTimeout(() => server.listen(port, host), 500);
      return;
    }
    log.fatal(`the server could not listen on ${host}:${port} (PORT, HOST): ${error.message}`);
    void stop(1);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const actual = typeof address === "object" && address ? address.port : port;
    log.info(describe(`http://${host.includes(":") ? `[${host}]` : host}:${actual}`));
  });
  // Idle connections stay open longer than any client keeps them (nginx's default, 75 s), so a
  // client never reuses a socket the server is closing at that moment (ECONNRESET).
  server.keepAliveTimeout = 75_000;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping: no new connections; finishing the requests in flight");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, shutdownMs)))]);
    clearTimeout(timer);
    server.closeAllConnections();
    try {
      await started.leads?.close();
    } catch (error) {
      log.error(`the lead service did not close cleanly: ${(error as Error).message}`);
      code ||= 1;
    }
    log.info("stopped");
    process.exit(code);
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (stopping && signal === "SIGINT") process.exit(130);
      void stop(0);
    });
  }
  return server;
}
