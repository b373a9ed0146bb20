/**
 * /admin/'s Recent changes screen (issue 46, item 5) against `npm run cms`, whose history is the
 * copy's own Git history: the copy (tests/cms/run.ts copies no .git) is made a repository here, its
 * content committed as it is, then a plan's price raised by Maria, raised again by Sam, and a FAQ
 * question deleted by Sam last week (taken off the page that listed it, as a marketer would). Dates
 * are the copy's BUILD_TIME less some days; the plan and the question are the copy's first. Then:
 * the changes newest first with who, when and what in words, the filter by person used with the
 * keyboard alone, axe on the screen, 320 px wide, and "Bring back" opening the deleted question in
 * the new-entry editor, filled in, which publishing writes back. The files are put back afterwards.
 */
import AxeBuilder from "@axe-core/playwright";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import {
  collection,
  contentDir,
  copy,
  field,
  idsIn,
  newHistory,
  openAdmin,
  pages,
  publishAndWait,
  read,
} from "./helpers.ts";
import { commitAs, type Person } from "../helpers/commit-as.ts";
import { expect, test } from "./shared-admin.ts";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const buildTime = Date.parse(process.env.CMS_BUILD_TIME!);
const daysBefore = (n: number) => new Date(buildTime - n * 24 * 60 * 60 * 1000);
const zone = read<{ timeZone?: string }>("site.yaml").timeZone ?? "UTC";
/** When a change was made, as the screen says it: "2 Nov 2026, 12:00" in the site's time zone. */
const when = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(date);

const team: Person = { name: "Site Team", email: "team@example.test" };
const maria: Person = { name: "Maria Lopez", email: "maria@example.test" };
const sam: Person = { name: "Sam Okafor", email: "sam@example.test" };

const plan = `collections/plans/${idsIn("collections/plans")[0]}.yaml`;
const planText = readFileSync(join(contentDir, plan), "utf8");
const { name: planName, price } = read<{ name: string; price: number }>(plan);
const faqId = idsIn("collections/faq")[0]!;
const faq = `collections/faq/${faqId}.yaml`;
const faqText = readFileSync(join(contentDir, faq), "utf8");
const { question } = read<{ question: string }>(faq);
/** The page listing the question, if one does, and its text. */
const listing = pages().find((p) => p.sections.some((s) => (s.questions as string[] | undefined)?.includes(faqId)));
const listingText = listing && readFileSync(join(contentDir, listing.file), "utf8");
const priceLabel = collection("plans").fields!.find((f) => f.name === "price")!.label;
const faqNoun = collection("faq").label_singular!;

const commit = (who: Person, date: Date, message: string) => commitAs(copy, who, date.toISOString(), message);
const write = (file: string, text: string) => writeFileSync(join(contentDir, file), text);

test.beforeAll(() => {
  newHistory();
  commit(team, daysBefore(30), "The content as launched");
  write(plan, planText.replace(/^price: .*$/m, `price: ${price + 10}`));
  commit(maria, daysBefore(24), `Update Plans “${planName}”`);
  write(plan, planText.replace(/^price: .*$/m, `price: ${price + 20}`));
  commit(sam, daysBefore(17), `Update Plans “${planName}”`);
  if (listing) {
    const doc = parseDocument(listingText!);
    const at = listing.sections.findIndex((s) => (s.questions as string[] | undefined)?.includes(faqId));
    const questions = listing.sections[at]!.questions as string[];
    doc.deleteIn(["sections", at, "questions", questions.indexOf(faqId)]);
    write(listing.file, doc.toString({ lineWidth: 0 }));
  }
  rmSync(join(contentDir, faq));
  commit(sam, daysBefore(6), `Delete FAQ “${faqId}”`);
});

test.afterAll(() => {
  write(plan, planText);
  if (listing) write(listing.file, listingText!);
  write(faq, faqText);
});

test("Recent changes: who, when and what in words, newest first; by person; a deleted question brought back and published", async ({
  admin,
}) => {
  await openAdmin(admin);
  // Beside Decap's screens, with the Leads screen's link.
  const more = admin.getByRole("navigation", { name: "More of the content editor" });
  await expect(more.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  await more.getByRole("link", { name: "Recent changes" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Recent changes" })).toBeVisible();
  const rows = admin.getByRole("list", { name: "Changes, newest first" }).locator(":scope > li");
  await expect(rows).toHaveCount(4);
  const [deleted, raised, first, launch] = [0, 1, 2, 3].map((i) => rows.nth(i));
  await expect(deleted!.getByRole("heading", { level: 2 })).toContainText(`${when(daysBefore(6))}, ${sam.name}`);
  await expect(deleted!).toContainText(`${faqNoun}: ${question} (deleted)`);
  await expect(raised!.getByRole("heading", { level: 2 })).toContainText(`${when(daysBefore(17))}, ${sam.name}`);
  await expect(raised!).toContainText(`${priceLabel}: ${price + 10} → ${price + 20}`);
  await expect(raised!.getByRole("link", { name: planName })).toHaveAttribute(
    "href",
    /#\/collections\/plans\/entries\//,
  );
  await expect(first!.getByRole("heading", { level: 2 })).toContainText(`${when(daysBefore(24))}, ${maria.name}`);
  await expect(first!).toContainText(`${priceLabel}: ${price} → ${price + 10}`);
  await expect(launch!).toContainText(team.name);
  await expect(launch!).toContainText(`${planName} (created)`);

  // axe finds nothing on the screen; nothing is wider than 320 px.
  const axe = await new AxeBuilder({ page: admin }).include("#changes-root").withTags(wcag).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(" | ")})`)).toEqual([]);
  const size = admin.viewportSize()!;
  await admin.setViewportSize({ width: 320, height: 700 });
  await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await admin.setViewportSize(size);

  // By person, with the keyboard alone: Tab to the person, type the name's first letter, Tab to "Show changes".
  await admin.getByRole("link", { name: "← Back to the content" }).focus();
  await admin.keyboard.press("Tab");
  await expect(admin.getByLabel("Entry")).toBeFocused();
  await admin.keyboard.press("Tab");
  await expect(admin.getByLabel("Person")).toBeFocused();
  await admin.keyboard.type(maria.name.slice(0, 3));
  await expect(admin.getByLabel("Person")).toHaveValue(maria.email);
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${priceLabel}: ${price} → ${price + 10}`);
  await expect(admin.getByRole("status")).toHaveText("1 change.");
  await admin.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(4);

  // Bring back: Decap's new-entry editor with the question's last text, written when published.
  await deleted!.getByRole("button", { name: `Bring back "${question}"` }).click();
  await expect(admin).toHaveURL(/#\/collections\/faq\/new$/);
  await expect(
    field(admin, "string", collection("faq").fields!.find((f) => f.name === "question")!.label).locator("input"),
  ).toHaveValue(question);
  expect(existsSync(join(contentDir, faq))).toBe(false);
  await publishAndWait(admin);
  await expect.poll(() => existsSync(join(contentDir, faq))).toBe(true);
  expect(readFileSync(join(contentDir, faq), "utf8")).toBe(faqText);
});
