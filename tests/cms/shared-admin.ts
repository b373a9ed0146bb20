/**
 * The /admin/ tab the editing UI's tests share (the `admin` fixture): one browser tab per worker in
 * which Decap is loaded once and logged in, and which each test takes over where the last one left
 * it, moving by Decap's own addresses (openAdmin, openEntry in helpers.ts). Loading Decap is most of
 * a test's time (docs/performance.md: some 20 s under load for a new tab against 4 s to open another
 * entry in a tab that has it).
 * Decap keeps what it has read of the content (its lists of entries, /admin/'s copy of the files for
 * the check before saving): a tab whose Decap did not make a change to content/ is loaded again before
 * the next test, so that no test meets content Decap does not know. That is the case when content/
 * changed between two tests (a file's set-up or clean-up writes files) or when a test opened /admin/ in
 * another tab. After each test the tab's other tabs are closed and the listeners the test added
 * removed. A failed test ends its worker, and the next test starts with a new tab.
 * Tests that do not edit through /admin/ (the development site, the built /admin/) take `page`, as
 * before: a new tab of their own.
 */
import { expect, test as base, type Page } from "@playwright/test";
import { openAdmin, proxyAnswers, snapshot } from "./helpers.ts";

interface SharedTab {
  page: Page;
  /** The content as it was when the last test using the tab ended (undefined: the tab is new). */
  left?: Map<string, string>;
  /** True when the tab must load /admin/ again before its next test. */
  stale: boolean;
}

const same = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([file, digest]) => b.get(file) === digest);

export const test = base.extend<{ admin: Page }, { sharedTab: SharedTab }>({
  sharedTab: [
    async ({ browser, playwright }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
      const request = await playwright.request.newContext();
      await proxyAnswers(request);
      await request.dispose();
      const page = await context.newPage();
      // Loaded and logged in before the first test: the development server's first load of /admin/
      // (its modules transformed one by one) is no test's time.
      await openAdmin(page);
      await expect(page.getByRole("link", { name: "Contents" })).toBeVisible({ timeout: 120_000 });
      await use({ page, stale: false });
      await context.close();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  admin: async ({ sharedTab }, use) => {
    const { page } = sharedTab;
    // about:blank: openAdmin then loads /admin/ anew (a change of the address's # alone would not).
    if (sharedTab.stale || (sharedTab.left && !same(sharedTab.left, snapshot()))) await page.goto("about:blank");
    sharedTab.stale = false;
    await use(page);
    const others = page
      .context()
      .pages()
      .filter((other) => other !== page);
    sharedTab.stale = others.some((other) => new URL(other.url()).pathname.startsWith("/admin/"));
    await Promise.all(others.map((other) => other.close()));
    page.removeAllListeners();
    sharedTab.left = snapshot();
  },
});

export { expect };
