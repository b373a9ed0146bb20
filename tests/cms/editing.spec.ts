/**
 * Editing the site in /admin/ (Decap CMS against `npm run cms`), as a marketer would, on a copy of
 * the project: each edit is saved with "Publish now", lands in exactly the files it should, passes
 * the content check, and shows on the development site. The tests run in order and each reads what
 * it expects from the copy's content as it finds it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request } from "@playwright/test";
import sharp from "sharp";
import {
  addChosen,
  pages,
  pageShowing,
  changes,
  chosenRows,
  collection,
  contentDir,
  drag,
  field,
  handleOf,
  idsIn,
  itemsOf,
  toggleOf,
  openAdmin,
  openEntry,
  openSite,
  read,
  proxyAnswers,
  sectionLabel,
  snapshot,
  publish,
  publishAndWait,
  expectContentCheckPasses,
  expectPictureLoaded,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";
import { task } from "./task-record.ts";

interface Question {
  question: string;
  answer: string;
  draft?: boolean;
}
interface TeamMember {
  name: string;
  photo: { src: string; alt: string };
}

const home = () => {
  const found = pages().find((page) => page.route === "/");
  if (!found) throw new Error('no page has the route "/"');
  return found;
};

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("change a FAQ question: exactly that file changes, the check passes, the site shows it", async ({
  admin: page,
}) => {
  const id = idsIn("collections/faq")[0];
  test.skip(!id, "the content has no FAQ entry");
  const file = `collections/faq/${id}.yaml`;
  const entry = read<Question>(file);
  const edited = `${entry.question.replace(/\?$/, "")}, in short?`;
  const before = snapshot();

  await openEntry(page, "faq", entry.question);
  await page.getByRole("textbox", { name: "Question" }).fill(edited);
  // The preview pane shows the entry as the site would, with the site's own renderers.
  await expect(page.frameLocator("iframe").getByText(edited, { exact: true })).toBeVisible();
  await publishAndWait(page);

  await expect.poll(() => read<Question>(file).question).toBe(edited);
  expect(read<Question>(file)).toEqual({ ...entry, question: edited });
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [file] });
  expectContentCheckPasses();

  const shownOn = pageShowing("faq", "questions", id!);
  test.skip(!shownOn, "no page lists this question");
  const site = await openSite(page, shownOn!.route);
  await expect(site.getByText(edited, { exact: true })).toBeVisible();
});

test("reorder two sections of the home page by dragging: the order in the file changes", async ({ admin: page }) => {
  const start = home();
  test.skip(start.sections.length < 2, "the home page has fewer than two sections");
  const original = read(start.file);
  const [first, second, ...rest] = start.sections;
  // At the top, a section's heading is the page's main heading: the content check refuses one without.
  test.skip(second?.heading === undefined, "the second section has no heading, so it may not be first");
  const before = snapshot();

  await openEntry(page, "pages", `${start.title} (${start.route})`);
  // A value the file leaves out shows as the site reads it (a page that search engines may list).
  const index = read(start.file).index;
  await expect(page.getByRole("switch", { name: /^Index/ })).toHaveAttribute("aria-checked", String(index ?? true));

  const sections = itemsOf(field(page, "list", "Sections"));
  const typeOf = (i: number) => sections.nth(i).locator(":scope > label");
  await expect(typeOf(0)).toContainText(sectionLabel(first!.type));
  await drag(page, handleOf(sections.nth(0)), sections.nth(1));
  await expect(typeOf(0)).toContainText(sectionLabel(second!.type));
  await expect(typeOf(1)).toContainText(sectionLabel(first!.type));
  await publishAndWait(page);

  await expect.poll(() => read<typeof start>(start.file).sections[0]?.heading).toBe(second!.heading);
  expect(read(start.file)).toEqual({ ...original, sections: [second, first, ...rest] });
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [start.file] });
  expectContentCheckPasses();

  // The first section's heading is the page's main heading.
  const site = await openSite(page, start.route);
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(second!.heading!);
});

test("add a FAQ entry, then list it on the home page: a new file, the page lists its id", async ({ admin: page }) => {
  // Two saves, on a busy machine.
  test.setTimeout(300_000);
  const start = home();
  const faqSection = start.sections.findIndex((s) => s.type === "faq");
  test.skip(faqSection < 0, "the home page has no FAQ section");
  const question = "Can you help with a café's Wi-Fi, smart TVs & more?";
  const answer = "Yes: anything that connects to your network.";
  // Decap names the file after the question, as an id: lower-case ASCII words joined by hyphens.
  const id = "can-you-help-with-a-cafes-wi-fi-smart-tvs-more";
  const file = `collections/faq/${id}.yaml`;
  let before = snapshot();

  // Issue 22's task "a new FAQ entry, shown on the home page", recorded with its time and diff.
  await task("A new FAQ entry shown on the home page", async () => {
    await openAdmin(page);
    await page.getByRole("link", { name: collection("faq").label, exact: true }).click();
    await page.getByRole("link", { name: new RegExp(`${collection("faq").label_singular}$`) }).click();
    await page.getByRole("textbox", { name: "Question" }).fill(question);
    await field(page, "markdown", "Answer").getByRole("textbox").click();
    await page.keyboard.insertText(answer);
    await publishAndWait(page);

    // Decap opens the new entry under its file name.
    await expect(page).toHaveURL(new RegExp(`/collections/faq/entries/${id}$`));
    await expect.poll(() => changes(before).added).toEqual([file]);
    expect(read<Question>(file)).toMatchObject({ question, answer });
    expect(changes(before)).toEqual({ added: [file], removed: [], changed: [] });
    expectContentCheckPasses();

    before = snapshot();
    const listed = start.sections[faqSection]!.questions as string[];
    // Then the home page.
    await openEntry(page, "pages", `${start.title} (${start.route})`);
    const section = itemsOf(field(page, "list", "Sections")).nth(faqSection);
    await toggleOf(section).click();
    // The list offers the new entry by its question, and shows it by its question once added.
    const questions = field(section, "list", "Questions");
    await addChosen(questions, "faq", question);
    await expect(chosenRows(questions, "Questions").last()).toContainText(question);
    await publishAndWait(page);

    const questionsInFile = () => (read<typeof start>(start.file).sections[faqSection]!.questions as string[]) ?? [];
    await expect.poll(questionsInFile).toEqual([...listed, id]);
    expect(changes(before)).toEqual({ added: [], removed: [], changed: [start.file] });
  });
  expectContentCheckPasses();

  const site = await openSite(page, start.route);
  await expect(site.getByText(question, { exact: true })).toBeVisible();
});

test("upload a team member's photo with alt text: the file lands with the team's pictures", async ({
  admin: page,
}, testInfo) => {
  const id = idsIn("collections/team")[0];
  test.skip(!id, "the content has no team member");
  const file = `collections/team/${id}.yaml`;
  const member = read<TeamMember>(file);
  // Large enough for a team photo's place (a circle, sharp on high-density screens).
  const upload = testInfo.outputPath("cms-upload-test.png");
  await sharp({ create: { width: 800, height: 800, channels: 3, background: "#c81e1e" } })
    .png()
    .toFile(upload);
  const alt = `A red square standing in for ${member.name}`;
  const before = snapshot();
  const folder = "images/team";
  expect(before.has(`${folder}/cms-upload-test.png`)).toBe(false);

  // Issue 22's task "a team member's photo uploaded", recorded with its time and diff.
  await task("A team member's photo uploaded", async () => {
    await openEntry(page, "team", member.name);
    await page.getByRole("button", { name: "Choose different image" }).click();
    const library = page.getByRole("dialog");
    await library.locator('input[type="file"]').setInputFiles(upload);
    await library.getByRole("button", { name: "Choose selected" }).click();
    await page.getByRole("textbox", { name: "Alt text" }).fill(alt);
    await publishAndWait(page);
    await expect.poll(() => read<TeamMember>(file).photo).toMatchObject({ src: `${folder}/cms-upload-test.png`, alt });
  });
  expect(readFileSync(join(contentDir, folder, "cms-upload-test.png"))).toEqual(readFileSync(upload));
  expect(changes(before)).toEqual({ added: [`${folder}/cms-upload-test.png`], removed: [], changed: [file] });
  expectContentCheckPasses();

  const shownOn = pageShowing("team", "members", id!);
  test.skip(!shownOn, "no page lists this team member");
  const site = await openSite(page, shownOn!.route);
  const photo = site.getByRole("img", { name: alt });
  await expect(photo).toBeVisible();
  // The page shows a version the image stage made from the upload (cut square, resized).
  await expectPictureLoaded(photo);
});

test("a required field left empty cannot be saved: the editor says so, once, and the file stays as it was", async ({
  admin: page,
}) => {
  const id = idsIn("collections/faq")[0];
  test.skip(!id, "the content has no FAQ entry");
  const entry = read<Question>(`collections/faq/${id}.yaml`);
  const before = snapshot();
  const saves: string[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && /"action":"persist/.test(request.postData() ?? "")) saves.push(request.url());
  });

  await openEntry(page, "faq", entry.question);
  await page.getByRole("textbox", { name: "Question" }).fill("");
  await publish(page);

  await expect(page.getByRole("alert").filter({ hasText: "Not saved: 1 problem, shown at its field." })).toBeVisible();
  await expect(field(page, "string", "Question")).toContainText("Question is required");
  expect(saves).toEqual([]);
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [] });
});
