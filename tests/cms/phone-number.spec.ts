/**
 * /admin/ refuses a phone number that cannot be called (issue 27): the number shown and the number
 * dialled changed together to a number a digit short, as a marketer would, is refused before
 * saving, at the Number dialled field, in the content check's own words (no code, no field path),
 * and nothing is written. The number comes from the copy's content, one digit shorter.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkEntry, type StoredFile } from "../../admin/editor/check.ts";
import { changes, collection, contentDir, field, openAdmin, proxyAnswers, publish, read, snapshot } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

const text = (file: string) => readFileSync(join(contentDir, file), "utf8");
const stored = (): StoredFile[] =>
  (readdirSync(contentDir, { recursive: true }) as string[])
    .filter((rel) => /\.(yaml|md)$/.test(rel) && !rel.startsWith("images"))
    .map((rel) => ({ rel: rel.split("\\").join("/"), text: text(rel) }));

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("a number a digit short, shown and dialled alike: refused at Number dialled, in words, nothing written", async ({
  admin: page,
}) => {
  const { display, e164 } = read<{ contact: { phone: { display: string; e164: string } } }>("site.yaml").contact.phone;
  // The last digit of each dropped: the two still agree, and neither can ring.
  const shorter = { display: display.replace(/\d(?=\D*$)/, ""), e164: e164.slice(0, -1) };
  const edited = text("site.yaml").replace(display, shorter.display).replace(e164, shorter.e164);
  const expected = checkEntry({ rel: "site.yaml", text: edited }, stored());
  expect(
    expected.map((p) => p.field),
    "the content check refuses it at the number dialled",
  ).toEqual(["contact.phone.e164"]);
  const before = snapshot();

  await openAdmin(page, `collections/settings/entries/${collection("settings").files![0]!.name}`);
  await page.getByRole("textbox", { name: "Number shown" }).fill(shorter.display);
  await page.getByRole("textbox", { name: "Number dialled" }).fill(shorter.e164);
  await publish(page);

  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  const dialled = field(page, "string", "Number dialled");
  await expect(dialled).toContainText(expected[0]!.message.slice(0, 60));
  await expect(dialled).toContainText(/this number has \d+ digits; a number in .+ has \d+/);
  await expect(dialled).not.toContainText(/TOO_SHORT|E\.164|e164|contact\.phone/);
  // What was typed stays in the fields, to be corrected.
  await expect(page.getByRole("textbox", { name: "Number dialled" })).toHaveValue(shorter.e164);
  await expect(page.getByText("Changes saved", { exact: true })).toHaveCount(0);
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [] });
});
