/**
 * Browser tests against the built, pre-rendered site (run `npm run build` first), served two ways, on
 * 127.0.0.1 only, on free ports; the run starts and stops both servers:
 * - "serve": server/serve.ts (`npm start`), applying dist/_headers and dist/_redirects as Netlify and
 *   Cloudflare Pages do (started by tests/e2e/servers/serve.ts, its lead folder a copy of a new
 *   database made once a run). Every spec runs here.
 * - "nginx": Debian's nginx with the shipped deploy/nginx.conf (tests/e2e/servers/nginx.ts installs
 *   nginx where it is missing). The hosting spec runs here too.
 * The browser is Chromium's headless shell, else Debian's Chromium (tools/shared/chromium.ts;
 * CHROMIUM_PATH overrides): nothing downloads a browser.
 */
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tools/shared/chromium.ts";
import { runDefaults, runFolder, runPort } from "./tools/shared/playwright-run.ts";

const servePort = runPort("E2E_PORT");
const nginxPort = runPort("E2E_NGINX_PORT", [servePort]);
const nginxLeadsPort = runPort("E2E_NGINX_LEADS_PORT", [servePort, nginxPort]);
const browser = { ...devices["Desktop Chrome"], channel: undefined };
/**
 * The lead endpoint's settings for the run: its own embedded database (tests/e2e/leads.spec.ts reads
 * it with `npm run leads`), no delivery targets, and no rate limit for the tests' one address.
 */
runFolder("E2E_LEADS_DIR", "e2e-leads-");
export const leadsEnv = {
  LEADS_DATA_DIR: process.env.E2E_LEADS_DIR,
  LEADS_EMAIL_TO: "none",
  LEADS_WEBHOOK_URL: "none",
  LEADS_RATE_LIMIT: "100000",
};

export default defineConfig({
  testDir: "tests/e2e",
  ...runDefaults,
  timeout: 30_000,
  use: {
    trace: "off",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: "serve", use: { ...browser, baseURL: `http://127.0.0.1:${servePort}` } },
    { name: "nginx", testMatch: "hosting.spec.ts", use: { ...browser, baseURL: `http://127.0.0.1:${nginxPort}` } },
  ],
  webServer: [
    {
      command: `node --import tsx tests/e2e/servers/serve.ts`,
      env: { PORT: String(servePort), ...leadsEnv },
      url: `http://127.0.0.1:${servePort}/`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `node --import tsx tests/e2e/servers/nginx.ts`,
      env: { PORT: String(nginxPort), LEADS_PORT: String(nginxLeadsPort), ...leadsEnv },
      url: `http://127.0.0.1:${nginxPort}/`,
      reuseExistingServer: false,
      // Installing nginx with apt-get, on a machine that lacks it, takes a while.
      timeout: 300_000,
      // Stopped with SIGTERM, the script stops nginx and removes its temp folder.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
