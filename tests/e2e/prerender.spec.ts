/**
 * A page the browser prerenders on hover, by the Speculation Rules each page ships, counts its one
 * page view and loads the Tag Manager container only when the visitor goes there
 * (src/islands/loader.ts waits for `prerenderingchange`).
 *
 * Driven through Puppeteer, not Playwright: Chromium prerenders nothing in a tab that Playwright
 * drives (the prerender fails with `PrerenderingDisabledByDevTools`: Playwright attaches to the page
 * itself, and Chromium turns prerendering off while a DevTools session without tab-target support is
 * attached; `Page.setPrerenderingAllowed` does not lift it). Puppeteer attaches through the tab, as
 * Chrome's DevTools do, so the same Debian Chromium, with no extra flag, prerenders as a visitor's
 * would. The test reads the prerendered page itself, before and after it is shown, through its own
 * DevTools session on the prerender's target.
 *
 * The site's content names no container, so the test gives the prerendered page one before it is
 * shown (the loader reads the id only when it starts); the page's policy blocks the download, so
 * nothing leaves the machine, and the test checks that the container's script was asked for.
 *
 * And moving between pages, each a page load, is a cross-document view transition (`@view-transition`
 * in site.css): the new page's `pagereveal` carries one. That one runs in Playwright, as the others.
 */
import { expect, test } from "@playwright/test";
import puppeteer, { type CDPSession } from "puppeteer-core";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { hydrated, test as siteTest, routes } from "./fixtures.ts";

/** In the page: marks a visible link to another of the site's pages (`others`); returns its path. */
function markNextLink(others: string[]): string | undefined {
  const link = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].find(
    (a) => a.origin === location.origin && others.includes(a.pathname) && a.checkVisibility(),
  );
  link?.setAttribute("data-e2e-next", "");
  return link?.pathname;
}

type Reading = {
  path: string;
  title: string;
  prerendering: boolean;
  activationStart: number;
  events: Record<string, unknown>[];
  containerScripts: number;
};

/** What the page in a DevTools session holds: its analytics events, whether it is still a prerender. */
async function read(session: CDPSession): Promise<Reading> {
  const { result } = await session.send("Runtime.evaluate", {
    returnByValue: true,
    expression: `({
      path: location.pathname,
      title: document.title,
      prerendering: document.prerendering,
      activationStart: performance.getEntriesByType("navigation")[0]?.activationStart ?? 0,
      events: window.dataLayer ?? [],
      containerScripts: document.querySelectorAll("#gtm-script").length,
    })`,
  });
  return result.value as Reading;
}

test("a page prerendered on hover counts one page view, and loads Tag Manager, only once the visitor goes there", async ({
  baseURL,
}) => {
  // A browser of its own (DevTools' prerender targets): its start and a prerender take longer on a busy machine.
  test.setTimeout(90_000);
  const from = routes[0]!;
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    const root = await browser.target().createCDPSession();
    const prerenders: { targetId: string; url: string }[] = [];
    root.on("Target.targetInfoChanged", ({ targetInfo }) => {
      if (targetInfo.subtype === "prerender" && targetInfo.url) prerenders.push(targetInfo);
    });
    await root.send("Target.setDiscoverTargets", { discover: true });

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await page.goto(new URL(from, baseURL).href);
    // A visible link from this page to another of the site's pages: the one the visitor hovers.
    const to = await page.evaluate(
      markNextLink,
      routes.filter((route) => route !== from),
    );
    test.skip(!to, `no visible link on ${from} to another of the site's pages`);

    await page.hover("[data-e2e-next]");
    await expect
      .poll(() => prerenders.find((p) => new URL(p.url).pathname === to), {
        message: `the browser prerenders ${to} on hover`,
        timeout: 10_000,
      })
      .toBeTruthy();
    const { targetId } = prerenders.find((p) => new URL(p.url).pathname === to)!;
    const { sessionId } = await root.send("Target.attachToTarget", { targetId, flatten: true });
    const next = root.connection()!.session(sessionId)!;

    // Prerendered: its loader has run, and has counted nothing and loaded nothing.
    await expect.poll(async () => (await read(next)).path).toBe(to);
    // Loaded, asked until it says so (a promise awaited in a prerender Chromium drops never settles).
    await expect
      .poll(
        async () =>
          (await next.send("Runtime.evaluate", { expression: "document.readyState", returnByValue: true })).result
            .value as string,
        { message: `the prerendered ${to} loaded`, timeout: 20_000 },
      )
      .toBe("complete");
    await next.send("Runtime.evaluate", {
      expression: `document.querySelector("script[data-gtm], script[src*='/assets/loader-']").dataset.gtm ??= "GTM-E2ETEST"`,
    });
    expect(await read(next)).toMatchObject({ prerendering: true, events: [], containerScripts: 0 });

    await page.click("[data-e2e-next]");
    // Shown, the prerender's target is the tab's page: DevTools sessions are attached to it afresh.
    let shownTarget: string | undefined;
    await expect
      .poll(
        async () => {
          const { targetInfos } = await root.send("Target.getTargets");
          shownTarget = targetInfos.find(
            (t) => t.type === "page" && !t.subtype && t.url && new URL(t.url).pathname === to,
          )?.targetId;
          return shownTarget;
        },
        { message: "the prerendered page is shown" },
      )
      .toBeTruthy();
    const attached = await root.send("Target.attachToTarget", { targetId: shownTarget!, flatten: true });
    const shownPage = root.connection()!.session(attached.sessionId)!;
    await expect.poll(async () => (await read(shownPage)).events.length).toBeGreaterThan(0);
    const shown = await read(shownPage);
    expect(shown.activationStart, "the page shown is the prerendered one").toBeGreaterThan(0);
    // The same payloads as a page loaded straight: Consent Mode's defaults, the one page view, then the container's start.
    expect(shown.events).toEqual([
      { 0: "consent", 1: "default", 2: expect.objectContaining({ wait_for_update: expect.any(Number) }) },
      { event: "pageview", pagePath: to, pageQuery: "", pageTitle: shown.title },
      { event: "gtm.js", "gtm.start": expect.any(Number) },
    ]);
    expect(shown.containerScripts).toBe(1);
    // The one error allowed: the page's policy refusing the made-up container's script.
    expect(problems.filter((p) => !/googletagmanager\.com/.test(p))).toEqual([]);
  } finally {
    await browser.close();
  }
});

// Chromium skips a cross-document view transition when the new page's first render comes late (a
// busy machine): the transition is the browser's best effort, so this one test gets a second try.
siteTest.describe("view transitions", () => {
  siteTest.describe.configure({ retries: 1 });
  siteTest("following a link to another page is a cross-document view transition", async ({ page }) => {
    await page.addInitScript(() => {
      addEventListener("pagereveal", (event) => {
        sessionStorage.setItem(
          "e2e-transition",
          String(Boolean((event as Event & { viewTransition?: unknown }).viewTransition)),
        );
      });
    });
    const from = routes[0]!;
    await page.goto(from);
    await hydrated(page);
    // The first page of the tab came from nowhere: no transition.
    expect(await page.evaluate(() => sessionStorage.getItem("e2e-transition"))).toBe("false");
    const to = await page.evaluate(
      markNextLink,
      routes.filter((route) => route !== from),
    );
    siteTest.skip(!to, `no visible link on ${from} to another of the site's pages`);
    await page.locator("[data-e2e-next]").click();
    await expect(page).toHaveURL(new RegExp(`${to}$`));
    await hydrated(page);
    expect(await page.evaluate(() => sessionStorage.getItem("e2e-transition"))).toBe("true");
  });
});
