/**
 * A sent form's conversion reaches Tag Manager's tags before the page is left (issue 47, point 3).
 * Tag Manager fires its tags asynchronously; a tag that has not sent its hit when the page goes to the
 * success page is lost with the page. The container here is a stand-in for gtm.js, served on
 * 127.0.0.1 by this file (the browser's request for Google's address is answered with it): one tag,
 * which sends its hit to the stand-in ~400 ms after `generate_lead` and then calls the push's
 * `eventCallback`, as Tag Manager does once an event's tags fired.
 * The container's id is set on the page's loader script before the loader runs, as
 * prerender.spec.ts does (the content may configure none); the page's policy, which allows Google's
 * addresses only when the build had a container, is bypassed for the stand-in's. The form is the
 * first inline form the content has; what the visitor types is made up here.
 * Proves: the tag's hit is sent before the page starts to leave, exactly once, and the visitor lands
 * on the form's success page; a second submit meanwhile posts nothing; a container that cannot be
 * loaded (blocked) does not keep the visitor on the form.
 */
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, expect, keepEvents, pages, test } from "./fixtures.ts";

const first = pages
  .flatMap((page) => page.sections.map((section) => ({ route: page.route, id: inlineForm(section) })))
  .find((found) => found.id !== undefined);
const form = first ? content.forms[first.id!]! : undefined;
const tagDelayMs = 400;

/** The stand-in's container: its one tag fires late on `generate_lead`; every other event is called back at once. */
const container = (collect: string) => `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const note = (what) =>
    sessionStorage.setItem("e2e-order", JSON.stringify([...JSON.parse(sessionStorage.getItem("e2e-order") || "[]"), what]));
  const handle = (message) => {
    if (!message || typeof message !== "object") return;
    const callback = typeof message.eventCallback === "function" ? message.eventCallback : () => {};
    if (message.event !== "generate_lead") return callback("GTM-STANDIN");
    setTimeout(() => {
      fetch(${JSON.stringify(collect)} + "?form=" + encodeURIComponent(message.formId), { mode: "no-cors", keepalive: true })
        .then(() => note("hit sent"))
        .finally(() => callback("GTM-STANDIN"));
    }, ${tagDelayMs});
  };
  const push = layer.push.bind(layer);
  layer.push = (...messages) => {
    const length = push(...messages);
    messages.forEach(handle);
    return length;
  };
  layer.forEach(handle);
})();`;

let standIn: Server;
let origin = "";
const hits: string[] = [];

test.beforeAll(async () => {
  standIn = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/gtm.js") {
      response.writeHead(200, { "Content-Type": "text/javascript" }).end(container(`${origin}/collect`));
      return;
    }
    if (url.pathname === "/collect") hits.push(url.searchParams.get("form") ?? "");
    response.writeHead(204, { "Access-Control-Allow-Origin": "*" }).end();
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
});

test.use({ bypassCSP: true });

/** The page loads a Tag Manager container, Google's gtm.js answered by the stand-in; the page notes when it starts to leave. */
async function withContainer(page: Page, load: "stand-in" | "blocked") {
  await page.route(/^https:\/\/www\.googletagmanager\.com\/gtm\.js\?/, async (route) => {
    if (load === "blocked") return route.abort("blockedbyclient");
    const response = await fetch(`${origin}/gtm.js`);
    await route.fulfill({ status: 200, contentType: "text/javascript", body: await response.text() });
  });
  await page.addInitScript(() => {
    // Before the loader (a module script) runs: it reads the container's id from its own element.
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const loader = document.querySelector<HTMLElement>("script[data-gtm], script[type=module][src*='/loader-']");
      if (loader) loader.dataset.gtm ??= "GTM-E2ETEST";
    });
    addEventListener("beforeunload", () =>
      sessionStorage.setItem(
        "e2e-order",
        JSON.stringify([...(JSON.parse(sessionStorage.getItem("e2e-order") ?? "[]") as string[]), "page left"]),
      ),
    );
  });
}

/** Fills the form as a visitor would and waits for its island to be live. */
async function fillIn(page: Page) {
  await page.goto(first!.route);
  const element = page.getByRole("main").getByRole("form", { name: form!.title }).first();
  for (const field of form!.fields)
    await element
      .getByLabel(field.label, { exact: true })
      .fill(
        field.type === "email"
          ? `conversion${Date.now()}@example.com`
          : field.type === "tel"
            ? visitorPhone(content.site)
            : "Pat Conversion",
      );
  await expect(element.locator("xpath=ancestor::site-island[1]")).toHaveAttribute("data-hydrated", "");
  return element;
}

test("with Tag Manager, the conversion's tag fires before the page goes to the success page, once, even when the form is sent twice", async ({
  page,
}) => {
  test.skip(!first, "no page shows a form");
  await withContainer(page, "stand-in");
  const kept = await keepEvents(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/api/leads"))
      posts.push(request.url());
  });
  const element = await fillIn(page);
  hits.length = 0;
  // Sent twice in a row, as a double click or a second Enter does.
  await element.evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(page).toHaveURL(form!.success);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-order") ?? "[]") as string[])).toEqual([
    "hit sent",
    "page left",
  ]);
  expect(hits).toEqual([first!.id]);
  expect(posts).toHaveLength(1);
  expect((await kept()).filter((event) => event.event === "generate_lead")).toEqual([
    expect.objectContaining({ event: "generate_lead", formId: first!.id }),
  ]);
});

test("a container that cannot be loaded (blocked) does not keep the visitor on the form", async ({
  page,
  consoleProblems,
}) => {
  test.skip(!first, "no page shows a form");
  await withContainer(page, "blocked");
  const element = await fillIn(page);
  await element.getByRole("button", { name: form!.submitLabel }).click();
  await expect(page).toHaveURL(form!.success);
  expect(await page.evaluate(() => sessionStorage.getItem("e2e-order"))).toBe(JSON.stringify(["page left"]));
  // The one console line a blocked script leaves.
  const rest = consoleProblems.filter((line) => !/googletagmanager|ERR_BLOCKED_BY_CLIENT/.test(line));
  consoleProblems.splice(0, consoleProblems.length, ...rest);
});
