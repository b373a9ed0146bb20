/**
 * A stand-in for Google Tag Manager's gtm.js, served on 127.0.0.1 (the browser's request for Google's
 * address is answered with it), that follows Tag Manager's documented protocol:
 * - it reads the dataLayer already pushed and every later push, in order;
 * - gtag commands (an Arguments object, as Google's snippet pushes them) `consent` / `default` and
 *   `consent` / `update` set the Consent Mode state; an event read before any default is a fault
 *   it reports (Tag Manager needs the defaults first);
 * - a tag fires on its events only when the consent it needs is granted: the "ads" tag (an Ads
 *   conversion, needs ad_storage) on `generate_lead` and `click_to_call`, the "analytics" tag (needs
 *   analytics_storage) on `pageview`. Each sends its hit to the stand-in ~400 ms later, then the
 *   push's `eventCallback` is called, as Tag Manager calls it once the event's tags fired (at once
 *   when none fires);
 * - `hang` mode: a container whose tags never finish, so it never calls back (the page's
 *   `eventTimeout` must end the wait).
 * The page notes in sessionStorage ("e2e-order") when the hit of an event pushed with `eventCallback`
 * was sent (one the page waits for before it is left); hits arrive at `hits`.
 * The container's id is set on the page's loader script before the loader runs (the content may
 * configure none); the page's policy, which allows Google's addresses only when the build had a
 * container, is bypassed by the specs that use it (`test.use({ bypassCSP: true })`).
 */
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";

export const tagDelayMs = 400;

/** A hit a tag sent: which tag, for which event, and the event's own values. */
export interface Hit {
  tag: "ads" | "analytics" | "fault";
  event: string;
  params: Record<string, string>;
}

const container = (collect: string, hang: boolean) => `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const note = (what) =>
    sessionStorage.setItem("e2e-order", JSON.stringify([...JSON.parse(sessionStorage.getItem("e2e-order") || "[]"), what]));
  const consent = {};
  let defaults = false;
  const tags = [
    { name: "ads", needs: "ad_storage", on: ["generate_lead", "click_to_call"] },
    { name: "analytics", needs: "analytics_storage", on: ["pageview"] },
  ];
  const send = (tag, event, params) =>
    fetch(${JSON.stringify(collect)} + "?" + new URLSearchParams({ tag, event, ...params }), { mode: "no-cors", keepalive: true });
  const handle = (message) => {
    if (!message || typeof message !== "object") return;
    if (Object.prototype.toString.call(message) === "[object Arguments]") {
      if (message[0] !== "consent") return;
      if (message[1] === "default") defaults = true;
      if (message[1] === "default" || message[1] === "update") Object.assign(consent, message[2]);
      return;
    }
    const callback = typeof message.eventCallback === "function" ? message.eventCallback : () => {};
    if (!message.event || message.event.startsWith("gtm.")) return callback("GTM-STANDIN");
    if (!defaults) void send("fault", message.event, { why: "an event before the consent defaults" });
    const params = {};
    for (const [key, value] of Object.entries(message)) if (typeof value === "string" && key !== "event") params[key] = value;
    const firing = tags.filter((tag) => tag.on.includes(message.event) && consent[tag.needs] === "granted");
    if (${hang}) return;
    if (!firing.length) return callback("GTM-STANDIN");
    setTimeout(() => {
      Promise.all(firing.map((tag) => send(tag.name, message.event, params)))
        .then(() => typeof message.eventCallback === "function" && note("hit sent"))
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

export interface StandIn {
  hits: Hit[];
  /** Serves the container to `page` (`stand-in`, `hang`), or blocks Google's address (`blocked`). */
  serve(page: Page, load?: "stand-in" | "hang" | "blocked"): Promise<void>;
  close(): Promise<void>;
}

export async function startStandIn(): Promise<StandIn> {
  const hits: Hit[] = [];
  let origin = "";
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/gtm.js") {
      response
        .writeHead(200, { "Content-Type": "text/javascript" })
        .end(container(`${origin}/collect`, url.searchParams.has("hang")));
      return;
    }
    if (url.pathname === "/collect") {
      const { tag, event, ...params } = Object.fromEntries(url.searchParams);
      hits.push({ tag: tag as Hit["tag"], event: event ?? "", params });
    }
    response.writeHead(204, { "Access-Control-Allow-Origin": "*" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    hits,
    async serve(page, load = "stand-in") {
      await page.route(/^https:\/\/www\.googletagmanager\.com\/gtm\.js\?/, async (route) => {
        if (load === "blocked") return route.abort("blockedbyclient");
        const response = await fetch(`${origin}/gtm.js${load === "hang" ? "?hang" : ""}`);
        await route.fulfill({ status: 200, contentType: "text/javascript", body: await response.text() });
      });
      await page.addInitScript(() => {
        // Before the loader (a module script) runs: it reads the container's id from its own element.
        document.addEventListener("readystatechange", () => {
          if (document.readyState !== "interactive") return;
          const loader = document.querySelector<HTMLElement>("script[data-gtm], script[type=module][src*='/loader-']");
          if (loader) loader.dataset.gtm ??= "GTM-E2ETEST";
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
