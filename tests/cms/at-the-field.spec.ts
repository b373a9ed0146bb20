/**
 * What a marketer met in /admin/ a second time (issue 27), on the copy of the project: refusals at
 * their field in words for people, with a fix offered and one notice that takes you there; move up /
 * move down that keep their place, from the keyboard and with the mouse; words (counts, labels,
 * sentence case) and a quiet console; a new photo shown at once. Expectations come from the copy's
 * content and configuration; the names the tests make are unique against it.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { closest } from "../../schemas/suggest.ts";
import {
  collection,
  chosenLists,
  config,
  expectContentCheckPasses,
  expectPictureLoaded,
  field,
  idsIn,
  openAdmin,
  openEntry,
  pages,
  proxyAnswers,
  publish,
  publishAndWait,
  read,
  sectionLabel,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const settings = () => collection("settings").files![0]!;
/** The footer's list of links as the configuration has it: its label, and what one link is called. */
const footerList = () => {
  const navigation = settings().fields.find((f) => f.name === "navigation")!;
  return navigation.fields!.find((f) => f.name === "footer")!;
};

/** Errors the page itself reports (uncaught exceptions and rejections) and React's warnings, as they come. */
function watch(page: Page) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const failed: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") warnings.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return { errors, warnings, failed };
}

/** A list field of the form by its label, and its items' fields of a widget by label (the last item's first). */
const listField = (page: Page, label: string) => field(page, "list", label);

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("3. a footer link to a mistyped address: refused at its To field in words, a button fixes it, one notice takes you there", async ({
  admin: page,
}) => {
  const seen = watch(page);
  const routes = pages().map((p) => p.route);
  // An address a marketer mistypes: a page's, one letter short, that the check recognises.
  const meant = routes
    .filter((r) => r.length >= 5)
    .find((r) => closest(r.slice(0, -1), routes) === r && !routes.includes(r.slice(0, -1)));
  test.skip(!meant, "no page has an address long enough to mistype");
  const typo = meant!.slice(0, -1);
  const site = read<{ navigation: { footer: { label: string }[] } }>(`${settings().file.replace(/^content\//, "")}`);
  const label = `Link ${Date.now().toString(36)}`;
  expect(site.navigation.footer.map((l) => l.label)).not.toContain(label);

  await openAdmin(page, `collections/settings/entries/${settings().name}`);
  const footer = listField(page, footerList().label);
  await footer.getByRole("button", { name: /^Add / }).click();
  await footer.getByRole("textbox", { name: "Label" }).last().fill(label);
  const to = footer.getByRole("textbox", { name: "To" }).last();
  await to.fill(typo);
  await publish(page);

  // One notice, counting the problem, and the message at the To field itself, in words.
  const alert = page.getByRole("alert").filter({ hasText: "Not saved" });
  await expect(alert).toHaveText(/Not saved: 1 problem, shown at its field\./);
  const toField = footer
    .locator('[aria-label="string field"]')
    .filter({ has: page.locator(":scope > div > label", { hasText: /^To\b/ }) })
    .last();
  await expect(toField).toContainText(`no page has the address "${typo}"`);
  await expect(page.getByText("Oops, you've missed a required field")).toHaveCount(0);
  await expect(page.getByText(/Failed to persist/)).toHaveCount(0);
  // No field path reaches the marketer, in the form or in the preview.
  await expect(page.locator("body")).not.toContainText("navigation.footer");
  await expect(page.frameLocator("iframe").locator("body")).not.toContainText("navigation.footer");
  const axe = await new AxeBuilder({ page }).include("#cms-notice").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);

  // The notice takes you to the field; the button there writes the address the check suggests.
  await alert.getByRole("button", { name: "Show me" }).click();
  await expect(to).toBeFocused();
  await toField.getByRole("button", { name: `Use “${meant}”` }).click();
  await expect(to).toHaveValue(meant!);
  await publishAndWait(page);
  await expect
    .poll(() =>
      read<typeof site>(settings().file.replace(/^content\//, "")).navigation.footer.some(
        (l) => l.label === label && (l as { to?: string }).to === meant,
      ),
    )
    .toBe(true);
  expectContentCheckPasses();
  expect(seen.errors, "no uncaught error in the page").toEqual([]);
});

test("4. move up / move down keep the focus on the moved row and say where it is now; a second click in place moves nothing", async ({
  admin: page,
}) => {
  const home = pages().find((p) => p.sections.length >= 3);
  test.skip(!home, "no page has three sections");
  await openAdmin(page, `collections/pages/entries/${home!.file.replace(/^pages\/|\.yaml$/g, "")}`);
  const order = page.locator("details.cms-order").filter({ hasText: /Change the order of sections/ });
  const summary = order.locator("summary");
  // From the keyboard only: to the summary, open it, to the first row's Down button.
  await summary.focus();
  await page.keyboard.press("Enter");
  const list = order.getByRole("list");
  const names = await list.getByRole("listitem").locator("span").allInnerTexts();
  const moving = names[0]!;
  await page.keyboard.press("Tab"); // row 1: Up is disabled, so Down
  await expect(page.locator(":focus")).toHaveAccessibleName(`Move “${moving}” down`);
  await page.keyboard.press("Enter");
  await expect(page.locator(":focus")).toHaveAccessibleName(`Move “${moving}” down`);
  await expect(order.getByRole("status")).toHaveText(`“${moving}” moved down: 2 of ${names.length}.`);
  await page.keyboard.press("Enter");
  await expect(order.getByRole("status")).toHaveText(`“${moving}” moved down: 3 of ${names.length}.`);
  await expect(list.getByRole("listitem").nth(2)).toContainText(moving);

  // With the mouse: two clicks at the same spot move the row once (the row under the pointer changed).
  const up = list.getByRole("button", { name: `Move “${moving}” up` });
  // In the middle of the window first: a click at a spot outside it reaches nothing (a longer form,
  // with the scheduling fields, can leave the row below it), and at its edge the row's move would
  // scroll the page under the pointer.
  await up.evaluate((button) => button.scrollIntoView({ block: "center" }));
  const box = (await up.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(list.getByRole("listitem").nth(1)).toContainText(moving);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // The page has drawn what the second click did (React renders a click's change before the next frame).
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  await expect(list.getByRole("listitem").nth(1)).toContainText(moving);
  const axe = await new AxeBuilder({ page }).include("details.cms-order").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);
});

// The site settings' editor opened once for the words on it and for a required field emptied there (a
// long form takes Decap seconds to show).
test("6. words for people: counts and Add buttons, sentence case, no “Changes saved” on a blank entry, no 404; 3. a required field emptied: one message at it, not two", async ({
  admin: page,
}) => {
  // A new load of /admin/: the browser asks for the page's icon as it loads it.
  await page.goto("about:blank");
  const seen = watch(page);
  const footer = read<{ navigation: { footer: unknown[] } }>(settings().file.replace(/^content\//, "")).navigation
    .footer;
  await openAdmin(page, `collections/settings/entries/${settings().name}`);
  // The count and the Add button name a link as the configuration calls one: a noun, not the list's name.
  const { label, label_singular: one } = footerList();
  expect(one, "the footer's list has a name for one item").toBeTruthy();
  expect(one!.toLowerCase()).not.toBe(label.toLowerCase());
  const list = listField(page, label);
  await expect(list).toContainText(`${footer.length} ${(footer.length === 1 ? one! : label).toLowerCase()}`);
  await expect(list.getByRole("button", { name: `Add ${one!.toLowerCase()}` })).toBeVisible();
  // Labels as written, not in capitals.
  const transforms = await page
    .locator('[aria-label$=" field"] label')
    .evaluateAll((labels) => [...new Set(labels.map((l) => getComputedStyle(l).textTransform))]);
  expect(transforms).toEqual(["none"]);
  expect(
    seen.failed.filter((f) => f.includes("favicon")),
    "no request for a missing icon",
  ).toEqual([]);

  // 3. A required field emptied: refused with one message at it, not two.
  await page.getByRole("textbox", { name: "Number shown" }).fill("");
  await publish(page);
  await expect(
    page.getByRole("alert").filter({ hasText: "Not saved" }),
    "one notice counts the problem of the emptied field",
  ).toHaveText(/Not saved: 1 problem, shown at its field\./);
  await expect(field(page, "string", "Number shown").locator("ul li"), "one message at the emptied field").toHaveCount(
    1,
  );
  expect(seen.errors, "no uncaught error in the page").toEqual([]);

  // A page with one section says "1 section"; with more, "N sections".
  const page1 = pages()[0]!;
  await openAdmin(page, `collections/pages/entries/${page1.file.replace(/^pages\/|\.yaml$/g, "")}`);
  const n = page1.sections.length;
  await expect(listField(page, "Sections")).toContainText(`${n} ${n === 1 ? "section" : "sections"}`);

  // A new entry nobody typed in has no "Changes saved".
  const faq = config.collections.find((c) => c.create && c.folder)!;
  await openAdmin(page, `collections/${faq.name}/new`);
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  await expect(page.getByText("Changes saved", { exact: true })).toBeHidden();
});

test("2. a new photo shows at once in the field, the focus picker and the preview, before and after Publish", async ({
  admin: page,
}, testInfo) => {
  const seen = watch(page);
  const id = idsIn("collections/team")[0];
  test.skip(!id, "no team member");
  const member = read<{ name: string; photo: { alt: string } }>(`collections/team/${id}.yaml`);
  const name = `photo-${Date.now().toString(36)}.jpg`;
  const upload = testInfo.outputPath(name);
  await sharp({ create: { width: 600, height: 600, channels: 3, background: "#c8641e" } })
    .jpeg()
    .toFile(upload);
  await openEntry(page, "team", member.name);
  await page.getByRole("button", { name: "Choose different image" }).click();
  const library = page.getByRole("dialog");
  await library.locator('input[type="file"]').setInputFiles(upload);
  await library.getByRole("button", { name: "Choose selected" }).click();

  const check = async () => {
    await expectPictureLoaded(field(page, "image", "Picture").locator("img").first());
    await expectPictureLoaded(page.getByRole("img", { name: "Click the part of the picture that must stay in view" }));
    await expectPictureLoaded(page.frameLocator("iframe").getByRole("img", { name: member.photo.alt }));
  };
  await check();
  await publishAndWait(page);
  await expect.poll(() => JSON.stringify(read(`collections/team/${id}.yaml`))).toContain(name);
  await check();
  expect(seen.failed.filter((f) => /^5\d\d/.test(f))).toEqual([]);
  expect(seen.warnings.filter((w) => w.includes("Cannot update a component"))).toEqual([]);
  expectContentCheckPasses();
});

test("5. a new FAQ entry no page shows: the editor says so, offers the sections that list questions, and adds it in one click", async ({
  admin: page,
}) => {
  const seen = watch(page);
  const faqs = chosenLists("faq").find((l) => l.collection === "faq");
  test.skip(!faqs, "no section type lists FAQ entries");
  const showing = pages().flatMap((p) =>
    p.sections.map((s, i) => ({ p, s, i })).filter(({ s }) => chosenLists(s.type).some((l) => l.collection === "faq")),
  );
  test.skip(showing.length === 0, "no page has a section that lists FAQ entries");
  const question = `Do you help with ${Date.now().toString(36)} devices?`;
  const faq = collection("faq");

  await openAdmin(page);
  await page.getByRole("link", { name: faq.label, exact: true }).click();
  await page.getByRole("link", { name: new RegExp(`${faq.label_singular}$`) }).click();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await field(page, "markdown", "Answer").getByRole("textbox").click();
  await page.keyboard.insertText("Yes: tell us which one when you call.");
  await publishAndWait(page);

  const offer = page.getByRole("status", { name: "Where the new entry shows" });
  await expect(offer).toContainText(
    `This ${faq.label_singular!.toLowerCase()} is not shown on any page yet. Show it in:`,
  );
  // One button per section that lists questions, named by its page and its heading (its type without one).
  const first = showing[0]!;
  const name = `${first.p.title} (${first.p.route}) – ${first.s.heading ?? sectionLabel(first.s.type)}`;
  await expect(offer.getByRole("button")).toHaveCount(showing.length + 1);
  const axe = await new AxeBuilder({ page }).include("#cms-place").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // Changed again, "What changes when you publish" comes beside it, in the one corner: both on screen, neither
  // over the other, at 320 px too.
  await field(page, "markdown", "Answer").getByRole("textbox").click();
  await page.keyboard.insertText(" Any make.");
  const toPublish = page.getByRole("region", { name: "What changes when you publish" });
  const size = page.viewportSize()!;
  try {
    for (const width of [size.width, 320]) {
      await page.setViewportSize({ width, height: size.height });
      await expect(offer).toBeInViewport();
      await expect(toPublish).toBeInViewport();
      const [a, b] = [(await offer.boundingBox())!, (await toPublish.boundingBox())!];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      expect(apart, `at ${width} px: ${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(true);
    }
  } finally {
    await page.setViewportSize(size);
  }
  await offer.getByRole("button", { name, exact: true }).click();
  await expect(offer).toContainText(`Added: it shows in ${name}.`);
  const listed = () => {
    const section = read<{ sections: Record<string, unknown>[] }>(first.p.file).sections[first.i]!;
    return JSON.stringify(section);
  };
  await expect.poll(listed).toMatch(/do-you-help-with/);
  expectContentCheckPasses();
  expect(seen.errors).toEqual([]);
});
