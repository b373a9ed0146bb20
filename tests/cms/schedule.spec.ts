/**
 * Scheduled content in the previews (issue 36): the dev site and /admin/'s preview mark a FAQ
 * question that is not shown yet at the preview's time, and show the site at a chosen time. The
 * copy's `npm run cms` runs with BUILD_TIME (playwright.cms.config.ts): the question's window is set
 * a day after it, in files this test writes and removes. The words expected are read in the copy's
 * time zone (site.yaml's, or one this test gives it), the way the preview reads them; nothing waits
 * on the clock.
 */
import AxeBuilder from "@axe-core/playwright";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shortWhen } from "../../schemas/when.ts";
import { zoneHint } from "../../admin/editor/zone-hints.ts";
import { contentDir, openEntry, proxyAnswers, read } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const buildTime = Date.parse(process.env.CMS_BUILD_TIME!);
const day = 24 * 60 * 60 * 1000;
const from = buildTime + day;
// /admin/'s pickers write a time without a zone, a time in the site's: a site without a zone gets one
// for this test (site.yaml put back afterwards).
const site = readFileSync(join(contentDir, "site.yaml"), "utf8");
const zone = read<{ timeZone?: string }>("site.yaml").timeZone ?? "UTC";
const question = "When does the scheduled preview question show?";
const route = "/scheduled-preview-test";
/** A time as /admin/'s pickers write it and the preview's control takes it: the wall clock in the site's zone. */
const wallClock = (at: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "short" })
    .format(at)
    .replace(" ", "T");
const files = {
  "collections/faq/scheduled-preview-test.yaml": `question: ${question}\nanswer: From the day after the build's time.\npublishDate: "${wallClock(from)}"\n`,
  "pages/scheduled-preview-test.yaml": [
    `route: ${route}`,
    "title: Scheduled preview test",
    "description: A page for the editing tests, showing a scheduled FAQ question.",
    "index: false",
    "sections:",
    "  - type: faq",
    "    heading: Scheduled questions",
    "    questions:",
    "      - scheduled-preview-test",
    "",
  ].join("\n"),
};
const scheduled = `Scheduled: shows from ${shortWhen(from, zone, buildTime)}`;

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
  if (!/^timeZone:/m.test(site)) writeFileSync(join(contentDir, "site.yaml"), `${site.trimEnd()}\ntimeZone: ${zone}\n`);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(contentDir, file), text);
});
test.afterAll(() => {
  for (const file of Object.keys(files)) rmSync(join(contentDir, file), { force: true });
  writeFileSync(join(contentDir, "site.yaml"), site);
});

test("the dev site marks a question not shown yet at BUILD_TIME, and shows the site at a chosen time", async ({
  page,
}) => {
  // The dev server rebuilds when the files appear; the page is there once it has.
  await expect(async () => {
    await page.goto(route);
    await expect(page.getByRole("heading", { name: "Scheduled questions" })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const item = page.getByRole("listitem").filter({ hasText: question });
  await expect(item.getByRole("note")).toHaveText(scheduled);
  const axe = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

  // An hour after the question's time it is simply shown, and the page says at what time it is seen.
  await page.goto(`${route}?at=${new Date(from + 60 * 60 * 1000).toISOString()}`);
  await expect(page.getByRole("status")).toContainText("The site as it will look on");
  await expect(item).toBeVisible();
  await expect(item.getByRole("note")).toHaveCount(0);
});

test("/admin/'s preview marks the question, and shows it unmarked at a time chosen after its window opens", async ({
  admin: page,
}) => {
  await openEntry(page, "faq", question);
  // The pickers say whose clock they are: the site's zone, in words (admin/editor/zone-hints.ts).
  await expect(page.getByText(zoneHint(zone)).first()).toBeVisible();
  const preview = page.frameLocator("#preview-pane");
  const item = preview.getByRole("listitem").filter({ hasText: question });
  await expect(item.getByRole("note")).toHaveText(scheduled, { timeout: 60_000 });
  await preview.getByLabel(/Show the site as on/).fill(wallClock(from + day));
  await expect(item).toBeVisible();
  await expect(item.getByRole("note")).toHaveCount(0);
  await preview.getByRole("button", { name: "Now" }).click();
  await expect(item.getByRole("note")).toHaveText(scheduled);
});
