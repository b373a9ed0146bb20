/**
 * /admin/ as a marketer meets it (issue 22), on the copy of the project: the editor refuses what the
 * site would refuse before saving, pictures show from any folder, saves change only what was edited
 * (lists and rows: marketer-lists.spec.ts). Each test reads what it expects from the copy's content
 * (and the content check's own words), never from literals.
 * Last, the Leads screen of `npm run cms`: the copy's own lead store, no sign-in (admin/screens/leads/).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Request } from "@playwright/test";
import { parse } from "yaml";
import type { z } from "zod";
import { collectionSchemas, withoutContext, type Site } from "../../schemas/index.ts";
import { honeypotField } from "../../schemas/lead-limits.ts";
import { checkEntry, type StoredFile } from "../../admin/editor/check.ts";
import { editInPlace } from "../../admin/editor/in-place.ts";
import {
  pages,
  changes,
  collection,
  contentDir,
  field,
  idsIn,
  openAdmin,
  openEntry,
  read,
  proxyAnswers,
  snapshot,
  publish,
  publishAndWait,
  expectContentCheckPasses,
  expectPictureLoaded,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";
import { visitorPhone } from "../content-facts.ts";

const text = (file: string) => readFileSync(join(contentDir, file), "utf8");
const stored = (): StoredFile[] =>
  (readdirSync(contentDir, { recursive: true }) as string[])
    .filter((rel) => /\.(yaml|md)$/.test(rel) && !rel.startsWith("images"))
    .map((rel) => ({ rel: rel.split("\\").join("/"), text: text(rel) }));
/** The lines of `after` that are not in `before`, and the other way round (a line diff, roughly). */
function lineDiff(before: string, after: string) {
  const a = before.split("\n");
  const b = after.split("\n");
  return { added: b.filter((line) => !a.includes(line)), removed: a.filter((line) => !b.includes(line)) };
}

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("the phone number shown changed alone: refused at the field in the check's words, nothing written", async ({
  admin: page,
}) => {
  const site = read<{ contact: { phone: { display: string; e164: string } } }>("site.yaml");
  const display = site.contact.phone.display.replace(/\d(?=\D*$)/, (d) => String((Number(d) + 1) % 10));
  // What the content check says about the file with only that change.
  const edited = text("site.yaml").replace(site.contact.phone.display, display);
  const expected = checkEntry({ rel: "site.yaml", text: edited }, stored());
  expect(expected.length, "the content check refuses a number shown that is not the number dialled").toBeGreaterThan(0);
  const before = snapshot();
  const saves: string[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && /"action":"persist/.test(request.postData() ?? "")) saves.push(request.url());
  });

  await openAdmin(page, `collections/settings/entries/${collection("settings").files![0]!.name}`);
  await page.getByRole("textbox", { name: "Number shown" }).fill(display);
  await publish(page);

  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  // The message sits at the field it is about, in the content check's words.
  const at = expected[0]!.field.split(".").pop();
  const label = at === "e164" ? "Number dialled" : "Number shown";
  await expect(field(page, "string", label)).toContainText(expected[0]!.message.slice(0, 40));
  await expect(page.getByText("Changes saved", { exact: true })).toHaveCount(0);
  expect(saves).toEqual([]);
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [] });
});

test("a one-field edit is a one-line diff: comments, blank lines and key order kept", async ({ admin: page }) => {
  const before = text("site.yaml");
  const site = read<{ company: { tagline?: string } }>("site.yaml");
  test.skip(!site.company.tagline, "the site has no tagline");
  const tagline = `${site.company.tagline} (edited)`;

  await openAdmin(page, `collections/settings/entries/${collection("settings").files![0]!.name}`);
  await page.getByRole("textbox", { name: "Tagline" }).fill(tagline);
  await publishAndWait(page);

  await expect.poll(() => read<typeof site>("site.yaml").company.tagline).toBe(tagline);
  const diff = lineDiff(before, text("site.yaml"));
  expect(diff.removed).toHaveLength(1);
  expect(diff.added).toHaveLength(1);
  expect(diff.added[0]).toContain(tagline);
  expect(text("site.yaml").split("\n")).toHaveLength(before.split("\n").length);
  expectContentCheckPasses();
});

test("pictures in a subfolder of content/images show in the field and in the preview", async ({ admin: page }) => {
  const member = idsIn("collections/team")
    .map((id) => read<{ name: string; photo: { src: string; alt: string } }>(`collections/team/${id}.yaml`))
    .find((m) => m.photo.src.split("/").length > 2);
  test.skip(!member, "no team photo lives in a subfolder");

  await openEntry(page, "team", member!.name);
  const thumbnail = field(page, "image", "Picture").locator("img").first();
  await expectPictureLoaded(thumbnail);
  const shown = page.frameLocator("iframe").getByRole("img", { name: member!.photo.alt });
  await expectPictureLoaded(shown);
});

test("the focus point is chosen on the picture: a click writes it, nothing else changes", async ({ admin: page }) => {
  const id = idsIn("collections/team")[0];
  test.skip(!id, "the content has no team member");
  const file = `collections/team/${id}.yaml`;
  const member = read<{ name: string; photo: { focus?: unknown } }>(file);
  const before = snapshot();

  await openEntry(page, "team", member.name);
  const picture = page.getByRole("img", { name: "Click the part of the picture that must stay in view" });
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.3, y: box.height * 0.2 } });
  await expect(page.getByText(/^Across: 3\d%/)).toBeVisible();
  await publishAndWait(page);

  await expect
    .poll(() => read<typeof member>(file).photo.focus)
    .toEqual({ x: expect.any(Number), y: expect.any(Number) });
  expect(changes(before)).toEqual({ added: [], removed: [], changed: [file] });
  expectContentCheckPasses();
});

test("icons are chosen by their pictures: each choice shows its icon, the entry's own is chosen", async ({
  admin: page,
}) => {
  const id = idsIn("collections/services")[0];
  test.skip(!id, "the content has no service");
  const service = read(`collections/services/${id}.yaml`);
  // The services' icon field: the one whose choices are all icons of the site's sprite (however the
  // editor shows it).
  const sprite = readFileSync(join(import.meta.dirname, "..", "..", "ui", "components", "icons.svg"), "utf8");
  const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
  const shape = (collectionSchemas(withoutContext).services as unknown as { shape: Record<string, z.ZodType> }).shape;
  const name = Object.keys(shape).find((key) => {
    const names = iconNamesOf(shape[key]!);
    return names.length > 0 && names.every((n) => symbols.has(n));
  });
  test.skip(!name, "services have no icon");
  const iconField = collection("services").fields!.find((f) => f.name === name);
  const options = iconNamesOf(shape[name!]!);

  await openEntry(page, "services", String(service[collection("services").identifier_field!]));
  const group = page.getByRole("radiogroup", { name: iconField!.label });
  const choices = group.getByRole("radio");
  await expect(choices).toHaveCount(options.length);
  // Each choice is a picture of the icon (an SVG drawn from the site's icons) and its name.
  for (const label of await group.locator("label").all()) {
    await expect(label.locator("svg use")).toHaveAttribute("href", /#[\w-]+$/);
  }
  const own = service[name!];
  if (typeof own === "string") await expect(group.getByRole("radio", { name: own, exact: true })).toBeChecked();
});

test("a new FAQ entry is written without defaults the site assumes", async ({ admin: page }) => {
  const question = "Do you work on weekends and holidays?";
  const before = snapshot();
  await openAdmin(page);
  await page.getByRole("link", { name: collection("faq").label, exact: true }).click();
  await page.getByRole("link", { name: new RegExp(`${collection("faq").label_singular}$`) }).click();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await field(page, "markdown", "Answer").getByRole("textbox").click();
  await page.keyboard.insertText("Yes, every day of the year.");
  await publishAndWait(page);

  await expect.poll(() => changes(before).added).toHaveLength(1);
  const [file] = changes(before).added;
  const written = parse(text(file!)) as Record<string, unknown>;
  expect(written).toEqual({ question, answer: "Yes, every day of the year." });
  expectContentCheckPasses();
});

test("the development site renders its pages without a hydration error", async ({ page }) => {
  // React's production build (`npm run cms` serves it) names a hydration error by its number (react.dev/errors/418 …).
  const hydration = /hydrat|react\.dev\/errors\/4(18|19|2[0-5])\b/i;
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && hydration.test(message.text())) errors.push(message.text());
  });
  for (const { route } of pages()) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(errors.filter((e) => hydration.test(e))).toEqual([]);
});

/** A field's definition, through optional or default wrappers. */
function innerDef(schema: z.ZodType): { entries?: Record<string, string>; innerType?: z.ZodType } {
  return schema._zod.def as unknown as { entries?: Record<string, string>; innerType?: z.ZodType };
}
/** The names an icon field offers (its enum's values, through wrappers). */
function iconNamesOf(schema: z.ZodType): string[] {
  const def = innerDef(schema);
  return def.entries ? Object.values(def.entries) : def.innerType ? iconNamesOf(def.innerType) : [];
}

export { editInPlace };

test("npm run cms: the Leads link shows the local lead store with no sign-in, a lead sent on the development site included", async ({
  admin: page,
  request,
  baseURL,
}) => {
  // The lead server starts beside Vite and opens its store in the background: ready once the inbox answers.
  await expect.poll(async () => (await request.get("/api/leads/inbox")).status(), { timeout: 60_000 }).toBe(200);
  // A visitor's lead, sent to the development site's own /api/leads (npm run cms passes it to its lead server).
  const id = idsIn("forms")[0]!;
  const form = read<{ fields: { name: string; type?: string }[] }>(`forms/${id}.yaml`);
  const email = `local-lead-${Date.now()}@example.com`;
  const values: Record<string, string> = { form: id, page: "/", [honeypotField]: "", elapsed: "5000" };
  for (const f of form.fields)
    values[f.name] =
      f.type === "email" ? email : f.type === "tel" ? visitorPhone(read<Site>("site.yaml")) : "Pat Local";
  const sent = await request.post("/api/leads", {
    form: values,
    headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin", Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(sent.status(), await sent.text()).toBe(303);

  await openAdmin(page);
  await page.getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Leads, newest first" })).toContainText(email);
  // The local pass is for this machine's own pages: another site's page in the same browser is refused.
  const foreign = await request.get("/api/leads/inbox", { headers: { Origin: "https://elsewhere.example" } });
  expect(foreign.status()).toBe(401);
  expect(await foreign.text()).not.toContain(email);
});
