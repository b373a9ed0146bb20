/**
 * Two marketers on one entry (issue 61, item 1), with `npm run cms`: the other one's publish writes
 * the file, as theirs does in the folder /admin/ edits. A save made on an older view of the file is
 * merged (their field and mine both kept), or, where both changed a field, refused in words with
 * both values and the choice; a change they publish while the entry is open is announced, with
 * "Load their change". The plan is the copy's last, read from its file; its text is put back after.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { commitAs } from "../helpers/commit-as.ts";
import { contentDir, copy, idsIn, newHistory, openAdmin, openEntry, publish, publishAndWait, read } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

/** A content file of the copy, its text as it is now, put back after the file's tests. */
function keptAsItWas(rel: string | undefined) {
  const file = rel && join(contentDir, rel);
  const text = file ? readFileSync(file, "utf8") : "";
  test.afterAll(() => {
    if (file) writeFileSync(file, text);
  });
  return { file: file || "", text };
}

/** A time as /admin/ writes it: the site's time zone (UTC without one), "Nov 2, 2026, 3:42 PM". */
const zone = read<{ timeZone?: string }>("site.yaml").timeZone ?? "UTC";
const written = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

const id = idsIn("collections/plans").at(-1);
const rel = `collections/plans/${id}.yaml`;
const { file } = keptAsItWas(id && rel);
/** The other marketer's publish: `field` set to `value` in the file as it is now. */
const theirs = (field: string, value: unknown) => {
  const doc = parseDocument(readFileSync(file, "utf8"));
  doc.set(field, value);
  writeFileSync(file, doc.toString());
};
test("two marketers on one plan: one-sided changes merged, a clash refused in words with the choice, theirs announced", async ({
  admin: page,
}) => {
  test.skip(!id, "no plans");
  const plan = read<{ name: string; price: number; summary: string }>(rel);
  await openEntry(page, "plans", plan.name);
  const price = page.getByRole("spinbutton", { name: "Price" });

  // They publish a new summary; I change the price, on my older view: both are kept.
  theirs("summary", `${plan.summary} (theirs)`);
  await price.fill(String(plan.price + 1));
  await publishAndWait(page);
  await expect
    .poll(() => read<typeof plan>(rel))
    .toMatchObject({ summary: `${plan.summary} (theirs)`, price: plan.price + 1 });

  // Both change the price (theirs committed, so the history says who and when): refused, both values
  // said, with who published theirs and when, nothing written; "Keep mine", then publish.
  newHistory();
  commitAs(copy, { name: "The team", email: "team@example.com" }, "2026-11-01T09:00:00Z", "The content");
  theirs("price", plan.price + 2);
  const when = "2026-11-02T15:42:00Z";
  commitAs(copy, { name: "Sam Ortiz", email: "sam@example.com" }, when, "A new price");
  await price.fill(String(plan.price + 3));
  await publish(page);
  const clash = page.getByRole("alert").filter({ hasText: "Not saved" });
  await expect(clash).toContainText(
    `Price was changed to "${plan.price + 2}" by Sam Ortiz on ${written(when)} and published`,
  );
  await expect(clash).toContainText(`your "${plan.price + 3}" was not saved`);
  expect(read<typeof plan>(rel).price).toBe(plan.price + 2);
  await clash.getByRole("button", { name: "Keep mine" }).click();
  await publishAndWait(page);
  await expect.poll(() => read<typeof plan>(rel).price).toBe(plan.price + 3);

  // They publish while I edit: announced (on the window's focus, as every 20 s), and loaded on asking.
  theirs("summary", `${plan.summary} (theirs again)`);
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  const announced = page.getByRole("alert").filter({ hasText: "Someone published a change to this entry" });
  await announced.getByRole("button", { name: "Load their change" }).click();
  await expect(page.getByRole("textbox", { name: "Summary" })).toHaveValue(`${plan.summary} (theirs again)`);
  await expect(price).toHaveValue(String(plan.price + 3));
});

const guideId = idsIn("collections/guides", "md")[0];
const { file: guideFile, text: guideText } = keptAsItWas(guideId && `collections/guides/${guideId}.md`);

test("two marketers on one guide (a Markdown file): their description and my title both kept, the text as it was", async ({
  admin: page,
}) => {
  test.skip(!guideId, "no guides");
  const front = () =>
    parseDocument(readFileSync(guideFile, "utf8").split(/^---$/m)[1]!).toJS() as Record<string, string>;
  const { title, description } = front();
  await openAdmin(page, `collections/guides/entries/${guideId}`);
  // They publish a new description (their editor writes the front matter anew; the text stays).
  const [, yaml, ...text] = guideText.split(/^---$/m);
  const doc = parseDocument(yaml!);
  doc.set("description", `${description} (theirs)`);
  writeFileSync(guideFile, `---\n${doc.toString()}---${text.join("---")}`);
  await page.getByRole("textbox", { name: "Title" }).fill(`${title} (mine)`);
  await publishAndWait(page);
  await expect.poll(() => front()).toMatchObject({ title: `${title} (mine)`, description: `${description} (theirs)` });
  expect(readFileSync(guideFile, "utf8").split(/^---$/m).slice(2).join("---")).toBe(
    guideText.split(/^---$/m).slice(2).join("---"),
  );
});
