/**
 * Decap's door (issue 61, item 3): the contract of each of Decap's internals that /admin/ relies on
 * (admin/decap/internals.ts lists them, admin/decap/contracts.ts checks each), run on the installed
 * Decap in the tests' shared /admin/ tab: logged in, at the editor of the page with the longest list
 * of sections, and at a new entry's editor. A failure names the internal and what no longer holds:
 * after an upgrade of Decap, this is what to mend (in admin/decap/ only).
 */
import type { Page } from "@playwright/test";
import { config, openAdmin, pages } from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";

import type * as Contracts from "../../admin/decap/contracts.ts";
import type * as Kit from "../../admin/decap/contract-kit.ts";

/** The contracts of `stage`, run in the page, with the instances of Decap the page has (`npm run cms` serves the module). */
const failing = (page: Page, stage: Contracts.Stage) =>
  page.evaluate(async (at) => {
    const url = "/admin/decap/contracts.ts";
    const contracts = (await import(/* @vite-ignore */ url)) as typeof Contracts;
    return contracts.check(at);
  }, stage);

test("every internal of Decap that /admin/ relies on holds, by its name", async ({ admin }) => {
  const longest = pages().sort((a, b) => b.sections.length - a.sections.length)[0]!;
  const slug = longest.file.replace(/^pages\/|\.yaml$/g, "");
  const creatable = config.collections.find((c) => c.folder && c.create)!;

  await openAdmin(admin, "collections/pages");
  await expect(admin.getByRole("link", { name: "Contents" })).toBeVisible();
  const listed = await admin.evaluate(async () => {
    const url = "/admin/decap/contracts.ts";
    return ((await import(/* @vite-ignore */ url)) as typeof Contracts).listed();
  });
  expect(listed.contracts.sort(), "each internal of admin/decap/internals.ts has a contract").toEqual(
    listed.internals.sort(),
  );
  expect(await failing(admin, "logged in"), "Decap's internals, logged in").toEqual([]);

  await openAdmin(admin, `collections/pages/entries/${slug}`);
  expect(await failing(admin, "entry"), `Decap's internals, at the editor of ${longest.file}`).toEqual([]);

  await openAdmin(admin, `collections/${creatable.name}/new`);
  // Going from one editor to another, the old one may still be on screen while Decap's store starts
  // the new entry's draft: the contracts run once the store holds it.
  await expect
    .poll(() =>
      admin.evaluate(async (name) => {
        const url = "/admin/decap/contract-kit.ts";
        const draft = ((await import(/* @vite-ignore */ url)) as typeof Kit).state().entryDraft?.get?.("entry");
        return draft?.get?.("newRecord") === true && draft?.get?.("collection") === name;
      }, creatable.name),
    )
    .toBe(true);
  expect(await failing(admin, "new entry"), `Decap's internals, at a new ${creatable.name} entry`).toEqual([]);
  // The new entry holds the probe's data, unsaved: the next test's openAdmin leaves it (Decap asks; it answers).
});
