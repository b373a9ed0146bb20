/**
 * /admin/'s first load, as `npm run size` checks it and `npm run bench:admin` compares it: a built
 * /admin/ (a folder such as dist/, holding admin/index.html and assets/) served as a static host
 * serves it (server/serve.ts), opened afresh in Chromium at a host name that is not this machine's
 * (`admin.localhost`, mapped to 127.0.0.1), so /admin/ shows the login screen it shows on the web: "Login
 * with GitHub" (on 127.0.0.1 it would be `npm run cms`'s, admin/decap/login.ts); a name under
 * .localhost, as browsers count it a secure context as they do an HTTPS address (Decap needs
 * `crypto.randomUUID`, which only a secure context has). Counted: every file
 * the page requested until that button can be pressed (the HTML, scripts, styles, anything else),
 * each body gzipped at level 9 as tests/size/size.ts weighs the site's. What /admin/ fetches after
 * that, once the screen is idle (its own parts, admin/parts.ts), is counted apart (`later`). The
 * time is the page's own, from the navigation's start to the button shown and enabled.
 */
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { createStaticServer } from "../../server/serve.ts";
import { chromiumArgs } from "./chromium.ts";

/** The host name /admin/ is opened at: not 127.0.0.1 nor localhost (which mean `npm run cms`), and a secure context. */
export const adminHost = "admin.localhost";

/** Chromium's flags for it: the usual ones, and `admin.localhost` answered by 127.0.0.1. */
export const adminBrowserArgs = [...chromiumArgs, `--host-resolver-rules=MAP ${adminHost} 127.0.0.1`];

export interface FirstLoad {
  /** Every file requested, gzipped (level 9), in bytes. */
  bytes: number;
  /** The scripts alone, gzipped. */
  scriptBytes: number;
  files: { url: string; type: string; bytes: number }[];
  /** What it fetched after, until the network was idle: the same, gzipped (bytes), and how many files. */
  later: { bytes: number; files: number };
  /** From the navigation's start to "Login with GitHub" shown and enabled, in the page's clock (ms). */
  loginUsableMs: number;
}

export const gzipped = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** Serves `dir` (a built site, or /admin/ alone) on a free port of 127.0.0.1 as a static host does. */
export async function serveBuilt(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = createStaticServer(dir);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The login button /admin/ shows: "Login with GitHub" on the web, "Login" with `npm run cms`. */
export const loginButton = (page: Page) => page.getByRole("button", { name: /^Login( with GitHub)?$/ });

/** Milliseconds since the page's navigation started, in its own clock. */
export const sinceStart = (page: Page) => page.evaluate(() => performance.now());

/**
 * /admin/ served on `port` opened in a fresh context of `browser` (launched with adminBrowserArgs), at
 * the login screen: what it downloaded until then. `prepare` runs on the page before it navigates
 * (CPU throttling, for the benchmark).
 */
export async function adminFirstLoad(
  browser: Browser,
  port: number,
  prepare?: (page: Page) => Promise<void>,
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await prepare?.(page);
    type File = { url: string; type: string; bytes: number; startedAt: number };
    const requested = new Map<string, Promise<File>>();
    page.on("request", (request) => {
      const url = request.url();
      if (url.startsWith("data:") || requested.has(url)) return;
      const type = request.resourceType();
      const measured = request.response().then(async (response) => ({
        url,
        type,
        bytes: response ? gzipped(await response.body()) : 0,
        // When the request started, in milliseconds since the epoch (Chromium's own clock).
        startedAt: request.timing().startTime,
      }));
      measured.catch(() => {});
      requested.set(url, measured);
    });
    await page.goto(`http://${adminHost}:${port}/admin/`, { waitUntil: "commit", timeout: 120_000 });
    // The moment the button is there and enabled, in the page's clock: since the navigation, and since the epoch.
    const usable = await page.waitForFunction(
      () =>
        [...document.querySelectorAll("button")].some(
          (b) => /^Login( with GitHub)?$/.test(b.textContent?.trim() ?? "") && !b.disabled,
        ) && { since: performance.now(), at: performance.timeOrigin + performance.now() },
      undefined,
      { timeout: 180_000, polling: "raf" },
    );
    const { since: loginUsableMs, at } = (await usable.jsonValue()) as { since: number; at: number };
    await page.waitForLoadState("networkidle");
    const everything = await Promise.all(requested.values());
    const all = everything.filter((f) => f.startedAt <= at).map(({ startedAt: _, ...file }) => file);
    const after = everything.filter((f) => f.startedAt > at);
    return {
      bytes: all.reduce((sum, f) => sum + f.bytes, 0),
      scriptBytes: all.filter((f) => f.type === "script").reduce((sum, f) => sum + f.bytes, 0),
      files: all,
      later: { bytes: after.reduce((sum, f) => sum + f.bytes, 0), files: after.length },
      loginUsableMs,
    };
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
