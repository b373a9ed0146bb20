/**
 * Browser tests against the built, pre-rendered site (run `npm run build` first), served by
 * scripts/serve.ts as a static host serves it, on 127.0.0.1 only; the run starts and stops it.
 * The browser is Debian's Chromium (CHROMIUM_PATH overrides): nothing downloads a browser.
 */
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4179);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node --import tsx scripts/serve.ts`,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: "ignore",
  },
});
