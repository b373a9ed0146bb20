/**
 * `npm run test:preview`'s browser tests (tests/preview/run.ts builds the site under PREVIEW_BASE
 * first and lays out PREVIEW_HOST_DIR): the preview served two ways, on 127.0.0.1 on free ports.
 * - "serve": server/serve.ts with BASE_PATH, the lead endpoint on (its own embedded database).
 * - "static": server/serve.ts without a base over a host's root holding the preview as a folder,
 *   no lead endpoint (a static host has none).
 */
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tools/shared/chromium.ts";
import { runDefaults, runFolder, runPort } from "./tools/shared/playwright-run.ts";

const base = process.env.PREVIEW_BASE ?? "/pr-123/";
const hostDir = process.env.PREVIEW_HOST_DIR;
if (!hostDir) throw new Error("run `npm run test:preview`: it builds the preview and sets PREVIEW_HOST_DIR");

const servePort = runPort("PREVIEW_SERVE_PORT");
const staticPort = runPort("PREVIEW_STATIC_PORT", [servePort]);
runFolder("E2E_LEADS_DIR", "preview-leads-");
const browser = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "tests/preview",
  ...runDefaults,
  timeout: 60_000,
  use: { trace: "off", launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
  projects: [
    { name: "serve", use: { ...browser, baseURL: `http://127.0.0.1:${servePort}${base}` } },
    { name: "static", use: { ...browser, baseURL: `http://127.0.0.1:${staticPort}${base}` } },
  ],
  webServer: [
    {
      // server/serve.ts, its lead folder a copy of a new database made once a run.
      command: "node --import tsx tests/e2e/servers/serve.ts",
      env: {
        PORT: String(servePort),
        BASE_PATH: base,
        LEADS_DATA_DIR: process.env.E2E_LEADS_DIR,
        LEADS_EMAIL_TO: "none",
        LEADS_WEBHOOK_URL: "none",
        LEADS_RATE_LIMIT: "100000",
        // The tests send a form as soon as it is filled: the time a person takes is not what they test.
        LEADS_MIN_SUBMIT_MS: "0",
      },
      url: `http://127.0.0.1:${servePort}${base}`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `node --import tsx server/serve.ts ${JSON.stringify(hostDir)}`,
      env: { PORT: String(staticPort), LEADS: "off" },
      url: `http://127.0.0.1:${staticPort}${base}`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
  ],
});
