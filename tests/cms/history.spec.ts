/**
 * An entry's History in /admin/ (issue 46, items 1–4 and 6) with `npm run cms`: the copy is made a
 * Git repository whose history has Maria raising the popular plan's price on Nov 2 and Sam raising it
 * again on Nov 9. The marketer opens the plan, reads both versions in words, previews Maria's,
 * restores it, sees what publishing changes (in the panel, then over the editor with History closed),
 * and publishes it as a one-line change with Sam's still listed; by keyboard, axe-clean, at 320 px
 * wide. The plan and its price come from the content. Then the same for a help guide (issue 59, item
 * 10: a kind with pages, a Markdown file), whose title Maria revised on Nov 12: its versions, the older
 * restored, what publishing changes, and its page in the preview, a click away from its field.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { parseDocument } from "yaml";
import { collection, contentDir, copy, field, idsIn, newHistory, openAdmin, publishAndWait, read } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

// The popular plan (else the first with a price), its file and its price's label in the editor.
const plans = idsIn("collections/plans").map((id) => ({
  id,
  ...read<{ price?: unknown; popular?: boolean }>(`collections/plans/${id}.yaml`),
}));
const plan =
  plans.find((p) => p.popular && typeof p.price === "number") ?? plans.find((p) => typeof p.price === "number")!;
const file = join(contentDir, "collections", "plans", `${plan.id}.yaml`);
const priceLabel = collection("plans").fields!.find((f) => f.name === "price")!.label;
const start = plan.price as number;
const maria = start + 5;
const sam = maria + 10;

function git(args: string[], env: Record<string, string> = {}, input?: string): string {
  return execFileSync("git", args, { cwd: copy, env: { ...process.env, ...env }, input, encoding: "utf8" }).trim();
}

const original = readFileSync(file, "utf8");
const rel = relative(copy, file).split("\\").join("/");

/**
 * Commits `text` as the file `rel` (of the copy), as `author` at `date` (its author's and committer's
 * time), through Git's index alone: the development server sees no file half-written.
 */
function commitText(rel: string, text: string, message: string, author: string, date: string) {
  const blob = git(["hash-object", "-w", "--stdin"], {}, text);
  git(["update-index", "--cacheinfo", `100644,${blob},${rel}`]);
  const email = `${author.toLowerCase().replace(/\W/g, "")}@example.com`;
  git(["commit", "-q", "-m", message], {
    GIT_AUTHOR_NAME: author,
    GIT_AUTHOR_EMAIL: email,
    GIT_COMMITTER_NAME: author,
    GIT_COMMITTER_EMAIL: email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  });
}

/** Commits the plan's file with its price line made `line`; returns the file's text. */
function commitPrice(line: string, author: string, date: string) {
  const priceLine = /^price:[ \t]*\S+[ \t]*$/m;
  expect(priceLine.test(original), `the plan's file has a "price: …" line`).toBe(true);
  const text = original.replace(priceLine, line);
  commitText(rel, text, `The plan's ${line}`, author, date);
  return text;
}

// A help guide (a kind with pages, a Markdown file): Maria revised its title on Nov 12.
const guideId = idsIn("collections/guides", "md")[0];
const guideRel = `content/collections/guides/${guideId}.md`;
const guideFile = join(copy, guideRel);
const guideOriginal = guideId ? readFileSync(guideFile, "utf8") : "";
const [, guideFront = "", ...guideText] = guideOriginal.split(/^---$/m);
const guideTitle = guideId ? (parseDocument(guideFront).get("title") as string) : "";
const revisedTitle = `${guideTitle.slice(0, 60)} (revised)`;
const revisedFront = parseDocument(guideFront);
revisedFront.set("title", revisedTitle);
const revised = ["", `\n${revisedFront.toString({ lineWidth: 0 })}`, ...guideText].join("---");
const titleLabel = collection("guides").fields!.find((f) => f.name === "title")!.label;

test.beforeAll(() => {
  // tests/cms/run.ts copies the project without .git: the copy's history is made here. Its first
  // version of the plan has its price under a name today's rules refuse ("cost").
  newHistory();
  git(["add", "content"]);
  commitPrice(`cost: ${start}`, "Set-up", "2026-10-20T12:00:00Z");
  commitPrice(`price: ${start}`, "Set-up", "2026-10-25T12:00:00Z");
  commitPrice(`price: ${maria}`, "Maria", "2026-11-02T12:00:00Z");
  const latest = commitPrice(`price: ${sam}`, "Sam", "2026-11-09T12:00:00Z");
  // The file as Sam left it, written whole at once.
  writeFileSync(`${file}.new`, latest);
  renameSync(`${file}.new`, file);
  if (guideId) {
    commitText(guideRel, revised, "The guide's title revised", "Maria", "2026-11-12T12:00:00Z");
    writeFileSync(`${guideFile}.new`, revised);
    renameSync(`${guideFile}.new`, guideFile);
  }
});

// The guide's file as the other specs read it when they were loaded.
test.afterAll(() => {
  if (guideId) writeFileSync(guideFile, guideOriginal);
});

test("an entry's history: versions in words, one previewed, restored and published as a one-line change", async ({
  admin: page,
}) => {
  await openAdmin(page, `collections/plans/entries/${plan.id}`);
  const history = page.getByRole("button", { name: "History", exact: true });
  const panel = page.getByRole("dialog", { name: "History" });
  const heading = panel.getByRole("heading", { name: "History", level: 2 });
  // By keyboard: Enter opens it with the focus on its heading, Tab reaches its buttons, Escape closes
  // it and gives the focus back.
  await history.focus();
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: /^Close/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(history).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(heading).toBeFocused();

  // Newest first: Sam's, then Maria's, each with what it changed in words.
  const versions = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4 }) });
  const samsVersion = versions.filter({ hasText: "by Sam" });
  const mariasVersion = versions.filter({ hasText: "by Maria" });
  await expect(samsVersion).toContainText(`${priceLabel}: ${maria} → ${sam}`);
  await expect(mariasVersion).toContainText(`${priceLabel}: ${start} → ${maria}`);
  await expect(samsVersion.getByRole("heading")).toContainText("Nov 9, 2026");
  await expect(mariasVersion.getByRole("heading")).toContainText("Nov 2, 2026");
  await expect(versions.first()).toContainText("by Sam");
  await expect(panel.getByRole("region", { name: "What changes when you publish" })).toContainText(
    "Nothing: the editor holds the live version.",
  );
  const axe = await new AxeBuilder({ page }).include("#history-panel").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);

  // Maria's version in the preview pane, by the site's own sections, marked; then the draft again.
  const preview = page.frameLocator("#preview-pane");
  await mariasVersion.getByRole("button", { name: /^Preview/ }).click();
  const marked = preview.getByRole("region", { name: "Version shown" });
  await expect(marked).toContainText(/Version of Nov 2, 2026.* by Maria/);
  await expect(preview.locator("body")).toContainText(String(maria));
  await preview.getByRole("button", { name: "Back to the current draft" }).click();
  await expect(marked).toHaveCount(0);

  // A version today's rules refuse says what no longer fits; restored, its field is marked.
  const before = readFileSync(file, "utf8");
  const refused = versions.filter({ hasText: "Oct 20, 2026" });
  await expect(refused).toContainText("Today's rules refuse this version");
  await expect(refused.getByRole("listitem").filter({ hasText: `${priceLabel}: ` })).toHaveCount(1);
  await refused.getByRole("button", { name: /^Restore this version/ }).click();
  await expect(panel.getByRole("status")).toContainText(/Today's rules refuse .* marked in the editor/);
  await expect(page.locator('[aria-label="number field"]').first()).toContainText(`${priceLabel} is required`);

  // Restored into the editor, not written: what publishing changes says so, in the same words. The
  // editor holds the refused version's edits now, so the restore asks first, its first answer focused.
  await mariasVersion.getByRole("button", { name: /^Restore this version/ }).click();
  const ask = panel.getByRole("alertdialog", { name: /Restoring this version replaces them/ });
  await expect(ask.getByRole("button", { name: "Replace my edits" })).toBeFocused();
  await ask.getByRole("button", { name: "Replace my edits" }).click();
  await expect(ask).toHaveCount(0);
  await expect(panel.getByRole("status")).toContainText("not published yet");
  await expect(page.locator('[aria-label="number field"] input').first()).toHaveValue(String(maria));
  await expect(panel.getByRole("region", { name: "What changes when you publish" })).toContainText(
    `${priceLabel}: ${sam} → ${maria}`,
  );
  expect(readFileSync(file, "utf8")).toBe(before);

  // History closed, the editor says it by itself, in the same words; nothing once published.
  await panel.getByRole("button", { name: /^Close/ }).click();
  const toPublish = page.getByRole("region", { name: "What changes when you publish" });
  await expect(toPublish).toContainText(`${priceLabel}: ${sam} → ${maria}`);
  const axeToPublish = await new AxeBuilder({ page }).include(".publish-changes").withTags(wcag).analyze();
  expect(axeToPublish.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Published: one line of the file changed; both versions still listed.
  await publishAndWait(page);
  const after = readFileSync(file, "utf8");
  const [a, b] = [before.split("\n"), after.split("\n")];
  expect(b.length).toBe(a.length);
  expect(b.filter((line, i) => line !== a[i])).toEqual([`price: ${maria}`]);
  await expect(toPublish).toHaveCount(0);
  await history.click();
  await expect(panel.getByRole("region", { name: "What changes when you publish" })).toContainText("Nothing");
  await expect(samsVersion).toHaveCount(1);
  await expect(mariasVersion).toHaveCount(1);

  // 320 px wide: the panel fills the width and nothing runs off its side.
  await page.setViewportSize({ width: 320, height: 800 });
  try {
    await expect(samsVersion.getByRole("button", { name: /^Restore this version/ })).toBeVisible();
    expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(320);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  } finally {
    await page.setViewportSize({ width: 1400, height: 1100 });
  }
  await panel.getByRole("button", { name: /^Close/ }).click();
  await expect(panel).toHaveCount(0);
});

test("a guide's history: its versions in words, the older restored, what publishing changes said, its page in the preview clickable", async ({
  admin: page,
}) => {
  test.skip(!guideId, "the content has no help guide");
  await openAdmin(page, `collections/guides/entries/${guideId}`);
  const panel = page.getByRole("dialog", { name: "History" });
  await page.getByRole("button", { name: "History", exact: true }).click();
  const versions = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4 }) });
  const marias = versions.filter({ hasText: "by Maria" });
  await expect(marias).toContainText(`${titleLabel}:`);
  await expect(marias).toContainText("(revised)");
  await expect(marias.getByRole("heading")).toContainText("Nov 12, 2026");
  await expect(panel.getByRole("region", { name: "What changes when you publish" })).toContainText(
    "Nothing: the editor holds the live version.",
  );

  // The version before Maria's, restored into the editor: the title as it was, said as what publishing changes.
  const earlier = versions.filter({ hasNotText: "by Maria" }).first();
  await earlier.getByRole("button", { name: /^Restore this version/ }).click();
  await expect(panel.getByRole("status")).toContainText("not published yet");
  await expect(field(page, "string", titleLabel).locator("input")).toHaveValue(guideTitle);
  await expect(panel.getByRole("region", { name: "What changes when you publish" })).toContainText(`${titleLabel}:`);
  await panel.getByRole("button", { name: /^Close/ }).click();
  const toPublish = page.getByRole("region", { name: "What changes when you publish" });
  await expect(toPublish).toContainText("(revised)");

  // The preview draws the restored draft's page; a click on its heading puts the cursor in its field.
  const preview = page.frameLocator("#preview-pane");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(guideTitle);
  await field(page, "string", titleLabel).locator("input").blur();
  await preview.getByRole("heading", { level: 1 }).click();
  await expect(field(page, "string", titleLabel).locator("input")).toBeFocused();
  expect(readFileSync(guideFile, "utf8"), "restored, not written").toBe(revised);
  // Left unsaved: the next test's openAdmin leaves it (Decap asks; it answers).
});
