/**
 * What the editing UI tests share: the copy of the project they edit (CMS_COPY, made by
 * tests/cms/run.ts), its content as files and as data, the content check run on it, and the few
 * steps of Decap's UI a person takes (log in, open an entry, publish, find a list and its items).
 * Expectations come from the copy's content files, never from literals.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, type APIRequestContext, type Dialog, type Locator, type Page } from "@playwright/test";
import { parse } from "yaml";
import { cmsConfig, type CmsCollection } from "../../scripts/cms/config.ts";

export const copy = process.env.CMS_COPY!;
export const contentDir = join(copy, "content");

/**
 * Makes the copy a new Git repository with nothing committed (tests/cms/run.ts copies no .git), for
 * a spec that writes the history it reads: each starts from its own, whichever spec ran before.
 */
export function newHistory(): void {
  rmSync(join(copy, ".git"), { recursive: true, force: true });
  const made = spawnSync("git", ["init", "-q", "-b", "main"], { cwd: copy, encoding: "utf8" });
  if (made.status !== 0) throw new Error(`git init in ${copy}: ${made.stderr}`);
}

/** The CMS configuration /admin/ runs with (labels of collections and buttons come from it). */
export const config = cmsConfig({ repo: "example/site" });
export function collection(name: string): CmsCollection {
  const found = config.collections.find((c) => c.name === name);
  if (!found) throw new Error(`no CMS collection "${name}"`);
  return found;
}

/** The name "Add section" gives a section type (the start of its label in the CMS). */
export function sectionLabel(type: string): string {
  const sections = collection("pages").fields!.find((f) => f.name === "sections")!;
  const label = sections.types!.find((t) => t.name === type)!.label;
  return label.split(":")[0]!;
}

/** A content file's data (YAML), by its path inside content/. */
export function read<T = Record<string, unknown>>(file: string): T {
  return parse(readFileSync(join(contentDir, file), "utf8")) as T;
}

/** The files of a folder of content/ with an extension, sorted: their names without it are ids. */
export function idsIn(folder: string, extension = "yaml"): string[] {
  return readdirSync(join(contentDir, folder))
    .filter((name) => name.endsWith(`.${extension}`))
    .map((name) => name.slice(0, -extension.length - 1))
    .sort();
}

export interface PageFile {
  file: string;
  route: string;
  title: string;
  sections: ({ type: string; heading?: string } & Record<string, unknown>)[];
}

/** Every YAML page of the copy, read from its file. */
export function pages(): PageFile[] {
  return idsIn("pages").map((name) => ({
    ...read<Omit<PageFile, "file">>(`pages/${name}.yaml`),
    file: `pages/${name}.yaml`,
  }));
}

/** The first page with a section of `type` listing `id` in `field` (e.g. a "faq" section's "questions"). */
export function pageShowing(type: string, field: string, id: string): PageFile | undefined {
  return pages().find((page) =>
    page.sections.some((s) => s.type === type && (s[field] as string[] | undefined)?.includes(id)),
  );
}

/** Every file under content/ with a digest of its bytes. */
export function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(contentDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(
      relative(contentDir, path).split("\\").join("/"),
      createHash("sha256").update(readFileSync(path)).digest("hex"),
    );
  }
  return files;
}

/** What changed in content/ between two snapshots. */
export function changes(before: Map<string, string>, after = snapshot()) {
  return {
    added: [...after.keys()].filter((file) => !before.has(file)).sort(),
    removed: [...before.keys()].filter((file) => !after.has(file)).sort(),
    changed: [...after.keys()].filter((file) => before.has(file) && before.get(file) !== after.get(file)).sort(),
  };
}

/** What `npm run content:check` runs (package.json's script: `node <script> <arguments>`), without npm's own start-up. */
const contentCheck = (() => {
  const script = (JSON.parse(readFileSync(join(copy, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts["content:check"];
  const [command, ...args] = script?.split(" ") ?? [];
  if (command !== "node" || args.some((arg) => /["'$&|;<>]/.test(arg)))
    throw new Error(`npm run content:check is no longer \`node <script> <arguments>\` (${script}): run it as npm does`);
  return args;
})();

/** `npm run content:check` on the copy: passes, or fails the test with its report. */
export function expectContentCheckPasses() {
  const check = spawnSync(process.execPath, contentCheck, { cwd: copy, encoding: "utf8" });
  expect(check.status, `npm run content:check on the edited copy:\n${check.stdout}${check.stderr}`).toBe(0);
}

/** Decap's question before it leaves an entry with unsaved changes (its English words). */
const leaveQuestion = "Are you sure you want to leave this page?";

/** True when `page` has /admin/ loaded and logged in (Decap keeps the user in localStorage). */
async function adminLoaded(page: Page): Promise<boolean> {
  if (new URL(page.url()).pathname !== "/admin/") return false;
  return page.evaluate(() => localStorage.getItem("decap-cms-user") !== null);
}

/** Decap's editor, once it has read its entry: the toolbar's Publish button ("Published" once saved). */
const editorShown = (page: Page) => page.getByRole("button", { name: /^Publish(ed)?$/ });

/**
 * Goes to a screen of the /admin/ loaded in `page` by its address ("collections/faq",
 * "collections/faq/entries/<id>", "collections/faq/new", or "" for the first collection), as Decap's own
 * links do: an entry through its collection, listed first. Decap opens an entry by its address alone
 * only from another screen (from another entry it keeps the one it shows), and an entry opened while
 * its collection is still being listed can stay at "Loading entry...". Unsaved changes are left, and
 * what /admin/ said about the last screen (a refusal, an offer of places) is taken down, as a new load
 * of /admin/ would.
 */
async function goInAdmin(page: Page, at: string) {
  const collection = /^collections\/[^/]+/.exec(at)?.[0];
  const leave = (dialog: Dialog) => void (dialog.message() === leaveQuestion ? dialog.accept() : dialog.dismiss());
  page.on("dialog", leave);
  try {
    await page.evaluate(
      (hash) => {
        for (const said of ["cms-notice", "cms-place"]) document.getElementById(said)?.remove();
        window.location.hash = hash;
      },
      `#/${collection ?? ""}`,
    );
    // Out of the editor (its preview pane gone), on the collection's list, with its entries listed.
    await expect(page.locator("#preview-pane")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Contents" })).toBeVisible();
    if (collection) await expect(page.locator(`a[href*="#/${collection}/entries/"]`).first()).toBeVisible();
  } finally {
    page.off("dialog", leave);
  }
  if (at && at !== collection) await page.evaluate((hash) => (window.location.hash = hash), `#/${at}`);
}

/**
 * Opens /admin/ (at an entry or collection, when given) and logs in as `npm run cms` allows, with no
 * password; a tab opened after logging in is logged in already. In a tab that has /admin/ loaded
 * (the tests' shared tab, shared-admin.ts), it goes there by Decap's addresses instead of loading it
 * again. At an entry, it waits for Decap's editor: a long page takes it a while on a busy machine.
 */
export async function openAdmin(page: Page, at = "") {
  if (await adminLoaded(page)) await goInAdmin(page, at);
  else {
    await page.goto(`/admin/${at ? `#/${at}` : ""}`);
    const login = page.getByRole("button", { name: "Login" });
    // Logged in already, Decap opens the screen at once.
    await expect(login.or(page.getByRole("link", { name: "Contents" })).or(editorShown(page))).toBeVisible({
      timeout: 60_000,
    });
    if (await login.isVisible()) await login.click();
  }
  if (/\/(entries\/[^/]+|new)$/.test(at)) await expect(editorShown(page)).toBeVisible({ timeout: 60_000 });
}

/**
 * Opens an entry as a person does: the collection in the sidebar, then the entry by its summary, and
 * waits for Decap's editor. Decap lists a collection once per load and does not list it again: an
 * entry it has not read since (written by another tab, or by a test's own set-up) is not in its list,
 * and /admin/ is loaded again.
 */
export async function openEntry(page: Page, collectionName: string, summary: string) {
  const { name, label } = collection(collectionName);
  await openAdmin(page);
  await page.getByRole("link", { name: label, exact: true }).click();
  await expect(page.locator(`a[href*="#/collections/${name}/entries/"]`).first()).toBeVisible();
  const entry = page.getByRole("link", { name: summary, exact: true });
  if ((await entry.count()) === 0) {
    await page.goto("about:blank");
    await openAdmin(page, `collections/${name}`);
  }
  await entry.click();
  await expect(editorShown(page)).toBeVisible({ timeout: 60_000 });
}

/** Decap's "Publish" menu, then "Publish now" (with npm run cms, publishing writes the file). */
export async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
}

/** Publishes, and waits until Decap says the changes are saved (it has written and moved on). */
export async function publishAndWait(page: Page) {
  await publish(page);
  // A large page takes Decap a while to write and read back on a busy machine.
  await expect(page.getByText("Changes saved", { exact: true })).toBeVisible({ timeout: 60_000 });
}

/** The development site (the same server as /admin/) in a tab of its own, at `route`. */
export async function openSite(page: Page, route: string): Promise<Page> {
  const site = await page.context().newPage();
  await site.goto(route);
  return site;
}

// Decap names its fields' boxes "<widget> field" and puts each field's <label> first; a list's items
// follow its header, each with a drag handle. Its markup gives lists and their items no other name.

/** A field of a widget (e.g. "list", "markdown") by its label, directly under `scope`'s fields. */
export function field(scope: Page | Locator, widget: string, label: string): Locator {
  return scope
    .locator(`[aria-label="${widget} field"]`)
    .filter({ has: pageOf(scope).locator(":scope > div > label", { hasText: new RegExp(`^${label}\\b`) }) })
    .first();
}

const pageOf = (scope: Page | Locator): Page => ("page" in scope ? scope.page() : scope);

/** The items of a list field, in order. */
export function itemsOf(list: Locator): Locator {
  return list
    .locator(":scope > div[id] > div:nth-child(2) > div")
    .filter({ has: list.page().locator(':scope > div > [aria-roledescription="sortable"]') });
}

/** An item's drag handle, and the button that opens or closes it. */
export const handleOf = (item: Locator) => item.locator(':scope > div > [aria-roledescription="sortable"]');
export const toggleOf = (item: Locator) => item.locator(":scope > div").first().getByRole("button").first();

/** Drags an item's handle onto another item's place, as a person does with the mouse. */
export async function drag(page: Page, from: Locator, to: Locator) {
  // In the middle of the editor, so that the drag does not scroll it.
  await from.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/**
 * A list of chosen entries (a FAQ section's questions, …) in /admin/: its rows, each named by the
 * entry's title, under the list field labelled `label` (e.g. "Questions") inside `scope`.
 */
export function chosenRows(scope: Locator, label: string): Locator {
  return scope.getByRole("list", { name: `${label}, in the order the page shows them` }).getByRole("listitem");
}

/** Adds an entry to such a list by its title, as a person does: the "Add a …" choice, then "Add". */
export async function addChosen(scope: Locator, collectionName: string, title: string) {
  const noun = collection(collectionName).label_singular!.toLowerCase();
  await scope.getByRole("combobox", { name: new RegExp(`Add an? ${noun}`) }).selectOption({ label: title });
  await scope.getByRole("button", { name: "Add", exact: true }).click();
}

/** The lists of chosen entries a section type has: field label, field name, collection, title field. */
export function chosenLists(type: string): { label: string; name: string; collection: string; display: string }[] {
  const sections = collection("pages").fields!.find((f) => f.name === "sections")!;
  const fields = sections.types!.find((t) => t.name === type)?.fields ?? [];
  return fields
    .filter((f) => f.widget === "list" && f.field?.widget === "relation")
    .map((f) => ({
      label: f.label,
      name: f.name,
      collection: f.field!.collection!,
      display: f.field!.display_fields![0]!,
    }));
}

/** Waits for Decap's local proxy (`npm run cms`) to answer: /admin/ falls back to GitHub until it does. */
export async function proxyAnswers(request: APIRequestContext): Promise<void> {
  const proxy = `http://127.0.0.1:${process.env.CMS_PROXY_PORT}/api/v1`;
  await expect
    .poll(async () => (await request.post(proxy, { data: { action: "info" }, failOnStatusCode: false })).status(), {
      timeout: 60_000,
    })
    .toBe(200);
}

/** Waits until a picture has loaded: complete, and with pixels (a broken one has none). */
export async function expectPictureLoaded(picture: Locator): Promise<void> {
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}
