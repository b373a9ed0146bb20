/**
 * Edit on the page (issue 28), on the copy of the project: in /admin/'s preview, a click on a text
 * puts the cursor in the field that holds it, for every section type the copy's pages show (one made
 * with `npm run new:section` by tests/cms/run.ts among them); the cursor in a field brings its text
 * into view in the preview and outlines it; a text typed on the page is a one-line change once
 * published; a value of another entry offers to open that entry; all of it from the keyboard too;
 * axe finds nothing in the preview. Expectations come from the copy's files.
 */
import AxeBuilder from "@axe-core/playwright";
import type { FrameLocator, Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  changes,
  collection,
  contentDir,
  expectContentCheckPasses,
  field,
  idsIn,
  itemsOf,
  openAdmin,
  pages,
  proxyAnswers,
  publishAndWait,
  read,
  snapshot,
  toggleOf,
  type PageFile,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const scaffolded = process.env.CMS_SCAFFOLDED;

const preview = (page: Page): FrameLocator => page.frameLocator("#preview-pane");

/** Words a section's file writes that show as written: one line of plain text (no Markdown, no {{placeholder}}). */
function plainTexts(section: Record<string, unknown>): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (!["type", "anchor", "background", "to", "src", "icon", "focus"].includes(key) && isPlain(value))
        found.push(value);
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, key));
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, k);
  };
  for (const [key, value] of Object.entries(section)) visit(value, key);
  return found;
}
const isPlain = (value: string) =>
  value.length >= 3 && !/[\n*_`[\]{}<>]/.test(value) && !/^[a-z0-9-]+$/.test(value) && value.trim() === value;

/** The value of the field where the cursor is in the form (outside the preview). */
const valueAtCursor = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active && active.tagName !== "IFRAME" ? (active.value ?? active.textContent ?? "") : undefined;
  });

/** Opens a page of the copy in /admin/ and waits for its form and its preview, marked. */
async function openPage(page: Page, file: PageFile) {
  await openAdmin(page, `collections/pages/entries/${file.file.replace(/^pages\/|\.yaml$/g, "")}`);
  // A large page takes Decap a while to load on a busy machine.
  await expect(page.getByRole("textbox", { name: new RegExp(`^${label("pages", "route")}`) })).toHaveValue(file.route, {
    timeout: 60_000,
  });
  await expect(preview(page).locator("[data-cms-at]").first()).toBeAttached({ timeout: 60_000 });
}

/** A top-level field's label in the configuration /admin/ runs with. */
const label = (name: string, fieldName: string) => collection(name).fields!.find((f) => f.name === fieldName)!.label;

/**
 * Clicks a text the preview shows as `text`, and returns whether the cursor went to a field holding it.
 * Where the same words show more than once (a section's label and a menu's), each place is tried: the
 * others belong to other entries and offer to open them instead ("Not now" closes the offer).
 */
async function clickPutsCursorInField(page: Page, text: string): Promise<boolean> {
  const places = preview(page).locator("[data-cms-at]").filter({ hasText: text });
  const count = await places.count();
  for (let i = 0; i < count; i++) {
    const place = places.nth(i);
    if (((await place.textContent()) ?? "").trim() !== text) continue;
    await place.click();
    const offer = preview(page).getByRole("dialog");
    if (await offer.isVisible().catch(() => false)) {
      await offer.getByRole("button", { name: "Not now" }).click();
      continue;
    }
    await expect.poll(() => valueAtCursor(page)).toBe(text);
    return true;
  }
  return false;
}

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("a click on a text in the preview puts the cursor in its field, for every section type on the pages", async ({
  admin: page,
}) => {
  // Every page of the copy opened in turn: a long page takes Decap a while on a busy machine.
  test.setTimeout(300_000);
  const all = pages();
  const types = [...new Set(all.flatMap((p) => p.sections.map((s) => s.type)))];
  expect(types, "the copy's pages show the section type made with npm run new:section").toContain(scaffolded);
  const clicked = new Map<string, string>();
  // Each page once, its section types not yet clicked tried in order.
  for (const file of all) {
    const wanted = file.sections.filter((s) => types.includes(s.type) && !clicked.has(s.type));
    if (!wanted.length) continue;
    await openPage(page, file);
    for (const section of wanted) {
      if (clicked.has(section.type)) continue;
      for (const text of plainTexts(section)) {
        if (await clickPutsCursorInField(page, text)) {
          clicked.set(section.type, text);
          break;
        }
      }
    }
  }
  // A section type whose texts all come from other entries (a list of questions) has its own heading at least.
  expect([...clicked.keys()].sort(), `section types clicked: ${JSON.stringify([...clicked])}`).toEqual(
    types.filter((t) => all.some((p) => p.sections.some((s) => s.type === t && plainTexts(s).length))).sort(),
  );
});

test("the cursor in a field brings its text into view in the preview, outlined; a shared value is outlined everywhere it shows", async ({
  admin: page,
}) => {
  // The page with the most sections: its last section's heading is far down the preview.
  const file = [...pages()].sort((a, b) => b.sections.length - a.sections.length)[0]!;
  const last = file.sections.length - 1;
  const heading = file.sections[last]!.heading;
  test.skip(typeof heading !== "string" || !isPlain(heading), "the last section has no plain heading");
  await openPage(page, file);
  const shown = preview(page).locator("[data-cms-at]").filter({ hasText: heading }).first();
  await expect(shown).not.toBeInViewport();
  const item = itemsOf(field(page, "list", "Sections")).nth(last);
  await toggleOf(item).click();
  await item.getByRole("textbox", { name: /^Heading/ }).click();
  await expect(shown).toBeInViewport();
  await expect(shown).toHaveAttribute("data-cms-shown", "");

  // The site settings' phone number shows in several places (header, call button, footer): all outlined.
  const site = read<{ contact: { phone: { display: string } } }>("site.yaml");
  const settings = collection("settings").files![0]!;
  await openAdmin(page, `collections/settings/entries/${settings.name}`);
  await expect(preview(page).locator("[data-cms-at]").first()).toBeAttached({ timeout: 60_000 });
  const phone = settings.fields
    .find((f) => f.name === "contact")!
    .fields!.find((f) => f.name === "phone")!
    .fields!.find((f) => f.name === "display")!;
  await page.getByRole("textbox", { name: new RegExp(`^${phone.label}`) }).click();
  // Every place that shows it is outlined: the call button and the footer at least, each showing the number.
  const outlined = preview(page).locator("[data-cms-shown]");
  await expect.poll(() => outlined.count()).toBeGreaterThan(1);
  for (const text of await outlined.allTextContents()) expect(text).toContain(site.contact.phone.display);
});

test("words typed on the page are saved as typing in the field would: a one-line change after Publish", async ({
  admin: page,
}) => {
  // A section heading of a shipped page written on one line of its file, shown once in the preview.
  const candidates = pages().flatMap((file) =>
    file.sections.flatMap((s) => (s.heading !== undefined && isPlain(s.heading) ? [{ file, heading: s.heading }] : [])),
  );
  const lines = (file: string) => readFileSync(join(contentDir, file), "utf8").split("\n");
  const chosen = candidates.find(
    ({ file, heading }) =>
      file.file !== `pages/${scaffolded}.yaml` && lines(file.file).includes(`    heading: ${heading}`),
  );
  test.skip(!chosen, "no section heading written on one line");
  const { file, heading } = chosen!;
  const typed = `${heading} today`;
  await openPage(page, file);
  const shown = preview(page).locator("[data-cms-at]").filter({ hasText: heading }).first();
  await shown.dblclick();
  const typing = preview(page).locator("[contenteditable]");
  await expect(typing).toHaveText(heading);
  await typing.press("Control+End");
  await typing.pressSequentially(" today");
  await typing.press("Enter");
  await expect(preview(page).locator("[contenteditable]")).toHaveCount(0);
  // The field holds the words (its section may be folded in the form).
  const inputs = page.locator("input[type=text]");
  await expect.poll(() => inputs.evaluateAll((all) => all.map((e) => (e as HTMLInputElement).value))).toContain(typed);

  const before = snapshot();
  const old = lines(file.file);
  await publishAndWait(page);
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [file.file] });
  const now = lines(file.file);
  const differ = now.map((line, i) => (line === old[i] ? undefined : [old[i], line])).filter(Boolean);
  expect(now.length).toBe(old.length);
  expect(differ).toEqual([[`    heading: ${heading}`, `    heading: ${typed}`]]);
  expectContentCheckPasses();
});

test("keyboard only: Tab reaches the preview's texts, Enter goes to the field, F2 types on the page, Escape leaves it unchanged", async ({
  admin: page,
}) => {
  const id = idsIn("collections/faq")[0]!;
  const entry = read<{ question: string }>(`collections/faq/${id}.yaml`);
  await openAdmin(page, `collections/faq/entries/${id}`);
  const question = page.getByRole("textbox", { name: new RegExp(`^${label("faq", "question")}`) });
  await expect(question).toHaveValue(entry.question);
  const shown = preview(page).locator("[data-cms-at]").filter({ hasText: entry.question }).first();
  await expect(shown).toBeAttached({ timeout: 60_000 });
  // From the form's first field, Tab until the question in the preview has the focus.
  await question.focus();
  const focusedInPreview = () =>
    shown.evaluate((element) => element.ownerDocument.activeElement === element).catch(() => false);
  for (let presses = 0; presses < 80 && !(await focusedInPreview()); presses++) await page.keyboard.press("Tab");
  expect(await focusedInPreview(), "Tab reaches the question in the preview").toBe(true);
  await expect(preview(page).locator("#cms-field-tag")).toContainText(label("faq", "question"));

  await page.keyboard.press("Enter");
  await expect(question).toBeFocused();

  // F2 types on the page; Escape puts the words back; F2 again, Enter keeps them.
  await shown.focus();
  await page.keyboard.press("F2");
  const typing = preview(page).locator("[contenteditable]");
  await expect(typing).toBeFocused();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Really?");
  await page.keyboard.press("Escape");
  await expect(question).toHaveValue(entry.question);
  await expect(shown).toHaveText(entry.question);
  await shown.focus();
  await page.keyboard.press("F2");
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Really?");
  await page.keyboard.press("Enter");
  await expect(question).toHaveValue(`${entry.question} Really?`);
  await expect(shown).toHaveText(`${entry.question} Really?`);

  const axe = await new AxeBuilder({ page }).include("#preview-pane").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);
});

// One opening of a page's editor for two clicks in its preview where both find what they look for on
// the same page (a long page takes Decap seconds to show): a picture, then another entry's value.
test("a click on a picture puts the cursor in its picture control, its section opened; a value of another entry offers to open it: a page's FAQ question opens that question at its field", async ({
  admin: page,
}) => {
  // A section's own picture on a shipped page (its alt text is how the preview finds it).
  const found = pages()
    .flatMap((file) =>
      file.sections.map((section, i) => ({ file, i, image: section.image as { alt?: string } | undefined })),
    )
    .find(({ image }) => typeof image?.alt === "string" && image.alt.length > 0);
  // A page that lists FAQ entries.
  const faqs = idsIn("collections/faq").map((id) => ({
    id,
    ...read<{ question: string }>(`collections/faq/${id}.yaml`),
  }));
  const listing = pages().find((p) =>
    p.sections.some((s) => Object.values(s).some((v) => Array.isArray(v) && faqs.some((f) => v.includes(f.id)))),
  );
  test.skip(!found && !listing, "no section of the pages has a picture of its own, and no page lists FAQ entries");

  if (found) {
    const { file, image } = found;
    await openPage(page, file);
    const picture = preview(page)
      .locator(`img[data-cms-at][alt="${image!.alt!.replace(/"/g, '\\"')}"]`)
      .first();
    await picture.click();
    // The cursor is in the picture's field: the box whose label is the picture control's.
    const sectionFields = collection("pages").fields!.find((f) => f.name === "sections")!.types!;
    const pictureLabel = sectionFields
      .flatMap((t) => t.fields ?? [])
      .find((f) => f.name === "image")!
      .fields!.find((f) => f.widget === "image")!.label;
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.activeElement?.closest('[aria-label$=" field"]')?.querySelector("label")?.textContent ?? "",
          ),
        { message: "a click on the picture puts the cursor in its picture control" },
      )
      .toMatch(new RegExp(`^${pictureLabel}`));
  } else
    test.info().annotations.push({ type: "skip", description: "no section of the pages has a picture of its own" });

  if (listing) {
    if (listing.file !== found?.file.file) await openPage(page, listing);
    const faq = faqs.filter((f) => JSON.stringify(listing.sections).includes(`"${f.id}"`))[0]!;
    const shown: Locator = preview(page).locator("[data-cms-at]").filter({ hasText: faq.question }).first();
    await shown.click();
    const offer = preview(page).getByRole("dialog");
    await expect(offer, "a click on the question offers to open its entry").toContainText(faq.question);
    page.once("dialog", (dialog) => void dialog.accept());
    await offer.getByRole("button", { name: /^Edit this / }).click();
    await expect(page).toHaveURL(new RegExp(`#/collections/faq/entries/${faq.id}$`));
    await expect(
      page.getByRole("textbox", { name: new RegExp(`^${label("faq", "question")}`) }),
      "the question's entry opens with the cursor in its field",
    ).toBeFocused();
  } else test.info().annotations.push({ type: "skip", description: "no page lists FAQ entries" });
});
