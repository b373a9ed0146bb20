/**
 * Islands on the live site (ui/islands/, src/islands/): a page loads only the loader until a visitor
 * reaches for a form; then React and the form's module load once and hydrate that form, keeping what
 * was typed meanwhile and sending a form sent meanwhile through the island (checks, `generate_lead`).
 * React's chunk is held back where a test needs the visitor to act before hydration: nothing sleeps.
 */
import type { Page, Request } from "@playwright/test";
import { answers, inlineForm } from "../content-facts.ts";
import { content, expect, hydrated, keepEvents, notFoundPage, openers, pages, routes, site, test } from "./fixtures.ts";

const inline = pages.flatMap((page) =>
  page.sections.flatMap((section) => {
    const id = inlineForm(section);
    return id ? [{ route: page.route, id, form: content.forms[id]! }] : [];
  }),
)[0];

/** The islands' React chunk waits until `release()`: what the visitor does meanwhile is before hydration. */
async function holdReact(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/hydrate-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The scripts a page requested. */
function scriptsOf(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request);
  });
  return scripts;
}

const islandOf = (page: Page, formName: string) =>
  page.locator("site-island").filter({ has: page.getByRole("form", { name: formName }) });

test("left alone, a page loads the loader only: no React, no island's module", async ({ page }) => {
  const scripts = scriptsOf(page);
  for (const route of routes) {
    scripts.length = 0;
    await page.goto(route);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    const files = scripts.map((s) => new URL(s.url()).pathname);
    expect(
      files.some((f) => /\/assets\/loader-[\w-]+\.js$/.test(f)),
      route,
    ).toBe(true);
    expect(
      files.filter((f) => /\/assets\/(hydrate|LeadForm)-/.test(f)),
      route,
    ).toEqual([]);
    await expect(page.locator("site-island[data-hydrated]")).toHaveCount(0);
  }
});

test("a visitor who clicks a field and types at once gets every character, through hydration", async ({ page }) => {
  test.skip(!inline, "no page has an inline form");
  const field = inline!.form.fields.find((f) => f.type === "text") ?? inline!.form.fields[0]!;
  const typed = "Quick typist 12345";
  const release = await holdReact(page);
  await page.goto(inline!.route);
  await hydrated(page);
  const island = islandOf(page, inline!.form.title).first();
  const box = island.getByLabel(field.label, { exact: true });
  await box.click();
  await page.keyboard.type(typed);
  await expect(island).not.toHaveAttribute("data-hydrated");
  release();
  await expect(island).toHaveAttribute("data-hydrated", "");
  await expect(box).toHaveValue(typed);
  await expect(box).toBeFocused();
  // Typing on after hydration goes on where it was.
  await page.keyboard.type("!");
  await expect(box).toHaveValue(`${typed}!`);
});

test("a form sent before its island is hydrated is sent by the island once it is: stored, generate_lead, success page", async ({
  page,
}) => {
  test.skip(!inline, "no page has an inline form");
  const kept = await keepEvents(page);
  await page.clock.install();
  const release = await holdReact(page);
  await page.goto(inline!.route);
  await hydrated(page);
  const island = islandOf(page, inline!.form.title).first();
  for (const { label, value } of answers(inline!.form, site))
    await island.getByLabel(label, { exact: true }).fill(value.replace("pat@", `islands${Date.now()}@`));
  // A person takes a moment: the endpoint counts a form sent too soon after it was first touched as spam.
  await page.clock.runFor(5_000);
  await island.getByRole("button", { name: inline!.form.submitLabel }).click();
  await expect(island).not.toHaveAttribute("data-hydrated");
  release();
  await expect(page).toHaveURL(inline!.form.success);
  expect(await kept()).toContainEqual({ event: "generate_lead", formId: inline!.id });
});

test("when React cannot be loaded, a form sent goes as it does without scripts and lands on its success page", async ({
  page,
  consoleProblems,
}) => {
  test.skip(!inline, "no page has an inline form");
  await page.route("**/assets/hydrate-*.js", (route) => route.abort());
  await page.goto(inline!.route);
  await hydrated(page);
  const island = islandOf(page, inline!.form.title).first();
  for (const { label, value } of answers(inline!.form, site))
    await island.getByLabel(label, { exact: true }).fill(value.replace("pat@", `offline${Date.now()}@`));
  await island.getByRole("button", { name: inline!.form.submitLabel }).click();
  await expect(page).toHaveURL(inline!.form.success);
  // The refused download is the browser's message, the test's doing.
  consoleProblems.splice(
    0,
    consoleProblems.length,
    ...consoleProblems.filter((p) => !/Failed to load resource/.test(p)),
  );
});

test("two islands on one page: React loads once, each island has its own ids, both work", async ({ page }) => {
  const [first, second] = openers.filter((o) => o.route === openers[0]?.route);
  test.skip(!first || !second, "no page has two popups");
  const scripts = scriptsOf(page);
  await page.goto(first!.route);
  await hydrated(page);
  for (const opener of [first!, second!]) {
    await page.getByRole("button", { name: opener.name, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The popup opening hydrates its form; the first box has the focus, and its label names it.
    const label = opener.form.fields[0]!.label;
    await expect(dialog.getByLabel(label, { exact: true })).toBeFocused();
    await expect(dialog.locator("site-island")).toHaveAttribute("data-hydrated", "");
    await dialog.getByLabel(label, { exact: true }).fill("Pat");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await expect(page.locator("site-island[data-hydrated]")).toHaveCount(2);
  const files = scripts.map((s) => s.url());
  expect(files.length).toBe(new Set(files).size);
  expect(files.filter((f) => /\/assets\/hydrate-/.test(f))).toHaveLength(1);
  const ids = await page.locator("[id]").evaluateAll((all) => all.map((e) => e.id));
  expect(ids.length).toBe(new Set(ids).size);
});

test("focus alone, and pointer down alone, each hydrate an island", async ({ page }) => {
  test.skip(!inline, "no page has an inline form");
  const field = inline!.form.fields[0]!;
  await page.goto(inline!.route);
  await hydrated(page);
  let island = islandOf(page, inline!.form.title).first();
  // Focus with no pointer, as the Tab key or a screen reader gives it.
  await island.getByLabel(field.label, { exact: true }).focus();
  await expect(island).toHaveAttribute("data-hydrated", "");

  await page.goto(inline!.route);
  await hydrated(page);
  island = islandOf(page, inline!.form.title).first();
  await expect(island).not.toHaveAttribute("data-hydrated");
  // Pointer down on the form's title: nothing in the island takes the focus.
  const title = island.getByRole("heading", { name: inline!.form.title });
  await title.scrollIntoViewIfNeeded();
  const box = (await title.boundingBox())!;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(island).toHaveAttribute("data-hydrated", "");
  expect(await island.evaluate((i) => i.contains(document.activeElement))).toBe(false);
  await page.mouse.up();
});

/**
 * Islands the site's content puts on the pages visited: a popup's form for each card's button, each
 * inline form, and the call to action's form that ends each entry's page (site.yaml `entryPages`).
 */
const visited = [...pages, notFoundPage];
const islandCount =
  openers.length +
  visited.flatMap((page) => page.sections.filter((section) => inlineForm(section))).length +
  (site.entryPages.callToAction ? visited.filter((page) => page.entry).length : 0);

test("every island on every page hydrates with no console error and no hydration warning", async ({
  page,
  consoleProblems,
}) => {
  // The fixture fails the test on any console error or warning: production React reports markup that
  // differs from the build's (error 418) there. It reports no attribute difference (an id made with
  // another prefix): tests/components/islands.test.tsx holds that, with React's development build.
  let woken = 0;
  for (const route of [...routes, "/no-such-page-e2e"]) {
    await page.goto(route);
    await hydrated(page);
    const islands = page.locator("site-island");
    woken += await islands.evaluateAll((all) => {
      for (const island of all) island.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      return all.length;
    });
    await expect(islands.and(page.locator(":not([data-hydrated])")), route).toHaveCount(0);
  }
  expect(woken, "islands on the site").toBe(islandCount);
  // The unknown path's 404 status is the browser's message, the test's doing.
  consoleProblems.splice(0, consoleProblems.length, ...consoleProblems.filter((p) => !/status of 404/.test(p)));
});

test("islands' props in the served pages hold no raw <: no content string can end the marker or open a script", async ({
  request,
}) => {
  // The shipped content's formatted text puts < in the forms' props; tests/components/islands.test.tsx
  // holds a hostile string (`</site-island><script>`) through the same serialiser.
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    for (const [, props] of html.matchAll(/<site-island [^>]*data-props="([^"]*)"/g))
      expect(props, route).not.toContain("<");
  }
});
