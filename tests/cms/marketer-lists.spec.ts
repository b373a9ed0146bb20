/**
 * /admin/'s lists as a marketer meets them (issue 22), on the copy of the project: sections and chosen
 * entries reordered and added without dragging, a diff of those lines only; rows and labels speak of
 * the content. The rest of what a marketer meets is in marketer.spec.ts. Each test reads what it
 * expects from the copy's content, never from literals.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  pages,
  chosenLists,
  chosenRows,
  collection,
  contentDir,
  field,
  idsIn,
  itemsOf,
  toggleOf,
  openEntry,
  read,
  proxyAnswers,
  sectionLabel,
  publishAndWait,
  expectContentCheckPasses,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";
import { task } from "./task-record.ts";

const text = (file: string) => readFileSync(join(contentDir, file), "utf8");

/** The lists of plain items a section type has, with the field each row is summarised by. */
function objectListsOf(type: string): { label: string; name: string; summary: string }[] {
  const sections = collection("pages").fields!.find((f) => f.name === "sections")!;
  const fields = sections.types!.find((t) => t.name === type)?.fields ?? [];
  return fields
    .filter((f) => f.widget === "list" && f.fields && typeof f.summary === "string")
    .map((f) => ({ label: f.label, name: f.name, summary: /\{\{fields\.(\w+)\}\}/.exec(f.summary!)?.[1] ?? "" }))
    .filter((f) => f.summary);
}

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("home sections reordered with buttons and the keyboard: the file's blocks move, nothing else", async ({
  admin: page,
}) => {
  const home = pages().find((p) => p.route === "/")!;
  test.skip(home.sections.length < 3, "the home page has fewer than three sections");
  const before = text(home.file);
  const [, second, third] = home.sections;

  // Issue 22's task "the home page's sections reordered", recorded with its time and diff.
  await task("The home page's sections reordered (move down, with the keyboard)", async () => {
    await openEntry(page, "pages", `${home.title} (${home.route})`);
    await page.getByText("Change the order of sections").click();
    // Each row is named by its section's type and heading, as Decap's list names it (its type alone without one).
    const words =
      second!.heading === undefined ? sectionLabel(second!.type) : `${sectionLabel(second!.type)}: ${second!.heading}`;
    const rows = page.getByRole("list", { name: "Order of sections" }).getByRole("listitem");
    await expect(rows.nth(1)).toContainText(words);
    const down = rows.nth(1).getByRole("button", { name: `Move “${words}” down`, exact: true });
    await down.focus();
    await page.keyboard.press("Enter");
    await publishAndWait(page);
    await expect.poll(() => read<typeof home>(home.file).sections[1]).toEqual(third);
  });
  expect(read<typeof home>(home.file).sections[2]).toEqual(second);
  // The same lines, in another order: comments, blank lines and styles kept.
  expect(text(home.file).split("\n").sort()).toEqual(before.split("\n").sort());
  expectContentCheckPasses();
});

// One opening of the home page's editor for two things (a long page takes Decap seconds to show):
// what its rows and labels say, then a list of chosen entries moved and added to.
test("rows say what they are, labels and hints are for people, sections say what they are for; a page's list of chosen entries: moved and added with the keyboard, a diff of those lines only", async ({
  admin: page,
}) => {
  // Two tests' worth of work and a save: at load 11 it took more than the config's 120 s.
  test.setTimeout(300_000);
  const home = pages().find((p) => p.route === "/")!;
  const before = text(home.file);
  await openEntry(page, "pages", `${home.title} (${home.route})`);

  const sections = itemsOf(field(page, "list", "Sections"));
  let listsSeen = 0;
  for (const [index, section] of home.sections.entries()) {
    const lists = chosenLists(section.type).filter((list) => (section[list.name] as string[] | undefined)?.length);
    const objectLists = objectListsOf(section.type).filter((list) =>
      (section[list.name] as Record<string, unknown>[] | undefined)?.some(
        (item) => typeof item[list.summary] === "string",
      ),
    );
    if (!lists.length && !objectLists.length) continue;
    const item = sections.nth(index);
    await toggleOf(item).click();
    // A list of chosen entries: each row is the entry's title (the question, the plan's name, …), read
    // from its file by the field the configuration shows it by; never its id.
    for (const list of lists) {
      const ids = section[list.name] as string[];
      const rows = chosenRows(field(item, "list", list.label), list.label);
      await expect(rows).toHaveCount(ids.length);
      for (const [i, id] of ids.entries()) {
        const title = String(read(`collections/${list.collection}/${id}.yaml`)[list.display]);
        await expect(rows.nth(i), `row ${i + 1} of ${list.label} shows the entry's title`).toContainText(title);
        if (!title.includes(id))
          await expect(rows.nth(i), `row ${i + 1} of ${list.label} does not show the id`).not.toContainText(id);
        listsSeen++;
      }
    }
    // A list of plain items (a features section's items, …): each row says what it holds.
    for (const list of objectLists) {
      const values = section[list.name] as Record<string, unknown>[];
      const rows = itemsOf(field(item, "list", list.label));
      await expect(rows).toHaveCount(values.length);
      for (const [i, value] of values.entries()) {
        if (typeof value[list.summary] === "string")
          await expect(rows.nth(i), `row ${i + 1} of ${list.label} says what it holds`).toContainText(
            value[list.summary] as string,
          );
      }
    }
    await toggleOf(item).click();
  }
  test.skip(listsSeen === 0, "the home page lists no collection entries");

  const words = await page.locator("body").innerText();
  expect(words, "no file paths, commands or codes in the editor's words").not.toMatch(
    /content\/|\.yaml|npm run|Invalid input|E164/,
  );
  // "Add section": Decap names the button by one item of the list (its label_singular).
  const one = collection("pages").fields!.find((f) => f.name === "sections")!.label_singular!;
  await page.getByRole("button", { name: `Add ${one.toLowerCase()}`, exact: true }).click();
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  const offered = await page.getByRole("menuitem").allInnerTexts();
  expect(offered.length).toBeGreaterThan(0);
  for (const option of offered) expect(option, "a section type says what it is for").toMatch(/\S: \S/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menuitem")).toHaveCount(0);

  // A list of chosen entries with two at least: moved and added to with the keyboard, then published.
  const at = home.sections.findIndex((s) =>
    chosenLists(s.type).some((list) => ((s[list.name] as string[] | undefined) ?? []).length >= 2),
  );
  test.skip(at < 0, "no section of the home page lists two entries");
  const section = home.sections[at]!;
  const list = chosenLists(section.type).find((l) => (section[l.name] as string[]).length >= 2)!;
  const ids = section[list.name] as string[];
  const titleOf = (id: string) => String(read(`collections/${list.collection}/${id}.yaml`)[list.display]);
  const extra = idsIn(`collections/${list.collection}`).find((id) => !ids.includes(id));

  const item = sections.nth(at);
  await toggleOf(item).click();
  const box = field(item, "list", list.label);
  // The first entry moves down, by the keyboard: the focus stays on the button that moved it.
  const down = box.getByRole("button", { name: `Move “${titleOf(ids[0]!)}” down` });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(chosenRows(box, list.label).nth(1)).toContainText(titleOf(ids[0]!));
  await expect(box.getByRole("button", { name: `Move “${titleOf(ids[0]!)}” down` })).toBeFocused();
  await expect(box.getByRole("status")).toContainText("moved down");
  if (extra) {
    // Another entry, offered by its title, added by the keyboard.
    const noun = collection(list.collection).label_singular!.toLowerCase();
    const choose = box.getByRole("combobox", { name: new RegExp(`Add an? ${noun}`) });
    await expect(choose.getByRole("option", { name: titleOf(extra), exact: true })).toHaveCount(1);
    await choose.selectOption({ label: titleOf(extra) });
    await choose.focus();
    await page.keyboard.press("Tab");
    await expect(box.getByRole("button", { name: "Add", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(chosenRows(box, list.label).last()).toContainText(titleOf(extra));
  }
  // The list and its buttons meet WCAG 2.2 AA as axe checks it.
  const axe = await new AxeBuilder({ page })
    .include("[data-chosen-entries]")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await publishAndWait(page);

  const expected = [ids[1], ids[0], ...ids.slice(2), ...(extra ? [extra] : [])];
  await expect.poll(() => read<typeof home>(home.file).sections[at]![list.name]).toEqual(expected);
  // Only the list's lines changed: two swapped, one added (the same lines, in another order, and one more).
  const after = text(home.file).split("\n");
  if (extra)
    after.splice(
      after.findIndex((line) => line.trim() === `- ${extra}`),
      1,
    );
  expect(after.sort()).toEqual(before.split("\n").sort());
  expectContentCheckPasses();
});
