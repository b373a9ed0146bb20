/**
 * "Change address" in /admin/ (issue 59, items 8 and 10) with `npm run cms`: a published guide gets a
 * new address by keyboard alone; its file is moved on disk (its text unchanged), content/redirects.yaml
 * gets the redirect from the old address, the notice says so in words, the editor is at the entry's
 * new address with the focus back on the button, and the content check passes. A new address another
 * guide has is refused in words, and nothing is written. The guides and addresses come from the copy's
 * content; the files the rename changed are put back after it. The dialog is axe-clean (WCAG 2.2 AA).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "yaml";
import { contentKinds } from "../../schemas/kinds.ts";
import { contentDir, expectContentCheckPasses, idsIn, openAdmin, snapshot } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const kind = contentKinds.find((k) => k.name === "guides") as { folder: string; address: string; noun: string };
const at = (id: string) => kind.address.replace(":id", id);
const fileOf = (id: string) => join(contentDir, kind.folder, `${id}.md`);
const textOf = (id: string) => readFileSync(fileOf(id), "utf8");
const frontMatter = (id: string) =>
  parse(textOf(id).split(/^---$/m)[1] ?? "") as { draft?: boolean; published?: string | Date };

const ids = idsIn(kind.folder, "md");
// A guide published now, whose address no other content file mentions: renaming it leaves no link to
// redirect through (the content check's own business).
const others = (id: string) =>
  [...snapshot().keys()]
    .filter((rel) => rel !== `${kind.folder}/${id}.md` && /\.(md|yaml)$/.test(rel))
    .map((rel) => readFileSync(join(contentDir, rel), "utf8"));
const live = ids.filter(
  (id) => frontMatter(id).draft !== true && new Date(frontMatter(id).published ?? 0) < new Date(),
);
const id = live.find((candidate) => !others(candidate).some((text) => text.includes(at(candidate)))) ?? live[0];
const newId = `${id}-moved`;
const redirectsFile = join(contentDir, "redirects.yaml");
const redirectsBefore = existsSync(redirectsFile) ? readFileSync(redirectsFile, "utf8") : undefined;
const entryBefore = id ? textOf(id) : "";

test.afterEach(async ({ admin }) => {
  // The copy's content as it was, and a new load of /admin/ for the next test (Decap listed the renamed guide).
  if (id && existsSync(fileOf(newId))) {
    writeFileSync(fileOf(id), entryBefore);
    rmSync(fileOf(newId));
  }
  if (redirectsBefore === undefined) rmSync(redirectsFile, { force: true });
  else writeFileSync(redirectsFile, redirectsBefore);
  await admin.goto("about:blank");
});

test("a new address another guide has is refused in words, and nothing is written", async ({ admin: page }) => {
  const other = ids.find((candidate) => candidate !== id);
  test.skip(!id || !other, "the content has fewer than two guides");
  const before = snapshot();
  await openAdmin(page, `collections/guides/entries/${id}`);
  const button = page.getByRole("button", { name: "Change address", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Change this ${kind.noun}'s address` });
  const input = dialog.getByRole("textbox", { name: "New address" });
  await expect(input).toBeFocused();
  await page.keyboard.type(other!);
  await expect(dialog.getByText(`Not possible: another ${kind.noun} is called "${other}"`)).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const axe = await new AxeBuilder({ page }).include("#change-address").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);
  await page.keyboard.press("Enter");
  // The dialog looks at the content again before it refuses, the field read-only meanwhile: keys typed
  // before it is editable again are not taken (a run typed the next address into it and lost it).
  await expect(input).toBeEditable();
  await expect(dialog.getByText(`Not possible: another ${kind.noun} is called "${other}"`)).toBeVisible();
  await expect(input).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Not An Id");
  await expect(dialog.getByText(/^Not possible: use lower-case letters, digits and hyphens only/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect([...snapshot()], "nothing in content/ changed").toEqual([...before]);
});

test("a guide renamed by keyboard: its file moved, the redirect recorded and said, the editor at its new address", async ({
  admin: page,
}) => {
  test.skip(!id, "the content has no published guide");
  await openAdmin(page, `collections/guides/entries/${id}`);
  const button = page.getByRole("button", { name: "Change address", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Change this ${kind.noun}'s address` });
  await expect(dialog.getByText(`Now at: ${at(id!)}`)).toBeVisible();
  const input = dialog.getByRole("textbox", { name: "New address" });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(id!);
  await page.keyboard.press("End");
  await page.keyboard.type("-moved");
  // The redirect it will add, before anything is written.
  await expect(dialog.locator("pre")).toHaveText(`- from: ${at(id!)}\n  to: ${at(newId)}`);
  await page.keyboard.press("Enter");

  const said = `Renamed: ${at(id!)} → ${at(newId)}; the old address now redirects there`;
  await expect(page.locator("#cms-notice")).toHaveText(said, { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`#/collections/guides/entries/${newId}$`));
  await expect(button).toBeFocused();
  // The editor shows the entry read from its new file.
  await expect(page.getByRole("button", { name: /^Publish(ed)?$/ })).toBeVisible();
  expect(await page.evaluate(() => window.location.hash)).toBe(`#/collections/guides/entries/${newId}`);

  expect(existsSync(fileOf(id!)), "the old file is gone").toBe(false);
  expect(textOf(newId), "the file moved with its text unchanged").toBe(entryBefore);
  const redirects = (parse(readFileSync(redirectsFile, "utf8")) as { redirects: { from: string; to: string }[] })
    .redirects;
  expect(redirects).toContainEqual({ from: at(id!), to: at(newId) });
  for (const kept of (parse(redirectsBefore ?? "redirects: []\n") as { redirects: unknown[] }).redirects)
    expect(redirects, "the redirects there before are kept").toContainEqual(kept);
  expectContentCheckPasses();
});
