/**
 * The editing UI's browser tests (tests/cms/*.spec.ts): `npm run cms` started in a copy of the
 * project (CMS_COPY, made by tests/cms/run.ts, which also picks the ports) on 127.0.0.1 only, and
 * stopped at the end. The tests edit the copy's content through /admin/ and change it as they go, so
 * they run one at a time, in order. The browser is the one the other browser tests use.
 */
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tools/shared/chromium.ts";

const copy = process.env.CMS_COPY;
const sitePort = process.env.CMS_PORT;
const proxyPort = process.env.CMS_PROXY_PORT;
// The copy's `npm run cms` runs at a fixed time (BUILD_TIME): a test sets windows relative to it
// (tests/cms/schedule.spec.ts); the workers read it from the environment.
process.env.CMS_BUILD_TIME ??= "2026-11-26T12:00:00-05:00";
if (!copy || !sitePort || !proxyPort) {
  throw new Error("run the editing UI tests with `npm run test:cms`: it makes the copy of the project they edit");
}

export default defineConfig({
  testDir: "tests/cms",
  testMatch: "*.spec.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  // Decap is a large app and the machine may be busy: its screens take seconds, not milliseconds.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: join(copy, "test-results"),
  use: {
    ...devices["Desktop Chrome"],
    channel: undefined,
    viewport: { width: 1400, height: 1100 },
    baseURL: `http://127.0.0.1:${sitePort}`,
    // No trace by default: recording one (its screencast and DOM snapshots at every step) took a
    // quarter of the suite's CPU, and every passing test's trace was thrown away. To see a failure
    // step by step: `npm run test:cms -- --trace retain-on-failure <file>`; the run says so when a test fails.
    trace: "off",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    command: "npm run --silent cms",
    cwd: copy,
    env: {
      CMS_PORT: sitePort,
      CMS_PROXY_PORT: proxyPort,
      CMS_LEADS_PORT: process.env.CMS_LEADS_PORT ?? "",
      BUILD_TIME: process.env.CMS_BUILD_TIME,
    },
    url: `http://127.0.0.1:${sitePort}/admin/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // serve.ts stops decap-server and Vite on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
