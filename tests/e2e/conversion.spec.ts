/**
 * A sent form's conversion reaches Tag Manager's tags before the page is left (issue 47, point 3).
 * Tag Manager fires its tags asynchronously; a tag that has not sent its hit when the page goes to the
 * success page is lost with the page. The container is the stand-in for gtm.js
 * (./tag-manager-stand-in.ts): its Ads tag sends its hit ~400 ms after `generate_lead` and then
 * calls the push's `eventCallback`, as Tag Manager does once an event's tags fired. The form is the
 * first inline form the content has; what the visitor types is made up here.
 * Proves: the tag's hit is sent before the page starts to leave, exactly once, and the visitor lands
 * on the form's success page; a second submit meanwhile posts nothing; a container that cannot be
 * loaded (blocked) does not keep the visitor on the form.
 */
import type { Page } from "@playwright/test";
import { inlineForm, visitorPhone } from "../content-facts.ts";
import { content, expect, keepEvents, pages, test } from "./fixtures.ts";
import { startStandIn, type StandIn } from "./tag-manager-stand-in.ts";

const first = pages
  .flatMap((page) => page.sections.map((section) => ({ route: page.route, id: inlineForm(section) })))
  .find((found) => found.id !== undefined);
const form = first ? content.forms[first.id!]! : undefined;
let standIn: StandIn;
test.beforeAll(async () => {
  standIn = await startStandIn();
});
test.afterAll(() => standIn.close());

test.use({ bypassCSP: true });

/** The page loads a Tag Manager container, Google's gtm.js answered by the stand-in; the page notes when it starts to leave. */
async function withContainer(page: Page, load: "stand-in" | "blocked") {
  await standIn.serve(page, load);
  await page.addInitScript(() => {
    // The visitor allowed advertising (whatever the site's regime): the Ads tag may fire.
    localStorage.setItem("privacy-choice", "granted");
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
  standIn.hits.length = 0;
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
  expect(standIn.hits.filter((hit) => hit.event === "generate_lead")).toEqual([
    { tag: "ads", event: "generate_lead", params: expect.objectContaining({ formId: first!.id }) },
  ]);
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
