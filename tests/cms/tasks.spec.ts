/**
 * Issue 22's everyday tasks done through /admin/ as a marketer does them (on the copy): the phone
 * number, a new service shown on the home page, a price, a new page linked from the footer. The other
 * three (a new FAQ entry shown on the home page, a team member's photo uploaded, the home page's
 * sections reordered) are the tests of editing.spec.ts and marketer-lists.spec.ts that do the same,
 * recorded the same way, so each task is done once a run. Each ends with the content check passing;
 * the time each took and the diff it made are printed and kept in the copy's
 * test-results/cms-tasks.md (task-record.ts).
 */
import {
  addChosen,
  pages,
  collection,
  field,
  idsIn,
  itemsOf,
  toggleOf,
  openAdmin,
  openEntry,
  read,
  proxyAnswers,
  publishAndWait,
  expectContentCheckPasses,
} from "./helpers.ts";
import { expect, test } from "./shared-admin.ts";
import { task, textOf as text } from "./task-record.ts";

const home = () => pages().find((p) => p.route === "/")!;

// A task saves two or three entries on a busy machine.
test.setTimeout(300_000);

test.beforeAll(async ({ request }) => {
  await proxyAnswers(request);
});

test("1. the phone number", async ({ admin: page }) => {
  await task("The phone number", async () => {
    await openAdmin(page, `collections/settings/entries/${collection("settings").files![0]!.name}`);
    await page.getByRole("textbox", { name: "Number shown" }).fill("1-800-555-0177");
    await page.getByRole("textbox", { name: "Number dialled" }).fill("+18005550177");
    await publishAndWait(page);
    await expect
      .poll(() => read<{ contact: { phone: { e164: string } } }>("site.yaml").contact.phone.e164)
      .toBe("+18005550177");
  });
  expectContentCheckPasses();
});

test("3. a new service, shown on the home page", async ({ admin: page }) => {
  const services = home().sections.findIndex((s) => s.type === "services");
  test.skip(services < 0, "the home page has no services section");
  const title = "Smart Home Devices";
  await task("A new service shown on the home page", async () => {
    await openAdmin(page);
    await page.getByRole("link", { name: collection("services").label, exact: true }).click();
    await page.getByRole("link", { name: new RegExp(`${collection("services").label_singular}$`) }).click();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await field(page, "markdown", "Summary").getByRole("textbox").click();
    await page.keyboard.insertText("Doorbells, cameras, speakers and thermostats set up and kept working.");
    await page.getByRole("radio").first().check({ force: true });
    await publishAndWait(page);
    await openEntry(page, "pages", `${home().title} (${home().route})`);
    const section = itemsOf(field(page, "list", "Sections")).nth(services);
    await toggleOf(section).click();
    await addChosen(field(section, "list", "Services"), "services", title);
    await publishAndWait(page);
    await expect.poll(() => JSON.stringify(read(home().file))).toContain("smart-home-devices");
  });
  expectContentCheckPasses();
});

test("4. a price", async ({ admin: page }) => {
  const id = idsIn("collections/plans")[0];
  test.skip(!id, "no plans");
  const plan = read<{ name: string; price: number }>(`collections/plans/${id}.yaml`);
  await task("A price", async () => {
    await openEntry(page, "plans", plan.name);
    await page.getByRole("spinbutton", { name: "Price" }).fill(String(plan.price + 4));
    await publishAndWait(page);
    await expect.poll(() => read<typeof plan>(`collections/plans/${id}.yaml`).price).toBe(plan.price + 4);
  });
  expectContentCheckPasses();
});

test("5. a new page, linked from the footer", async ({ admin: page }) => {
  // A name no page has yet, on whatever content this runs on (a "Careers" page may already exist).
  const taken = (slug: string) => idsIn("pages").includes(slug) || pages().some((p) => p.route === `/${slug}`);
  let n = 1;
  while (taken(n === 1 ? "careers" : `careers-${n}`)) n++;
  const title = n === 1 ? "Careers" : `Careers ${n}`;
  const slug = n === 1 ? "careers" : `careers-${n}`;
  await task("A new page linked from the footer", async () => {
    await openAdmin(page);
    await page.getByRole("link", { name: collection("pages").label, exact: true }).click();
    await page.getByRole("link", { name: new RegExp(`${collection("pages").label_singular}$`) }).click();
    await page.getByRole("textbox", { name: "Route" }).fill(`/${slug}`);
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("textbox", { name: "Description" }).fill("Work with us: remote technicians wanted.");
    await field(page, "list", "Sections").getByRole("button", { name: /^Add / }).click();
    await page.getByRole("menuitem", { name: /^Text/ }).click();
    await page.getByRole("textbox", { name: "Heading" }).fill(title);
    await field(page, "markdown", "Body").getByRole("textbox").click();
    await page.keyboard.insertText("We are hiring remote technicians.");
    await publishAndWait(page);
    await expect.poll(() => idsIn("pages")).toContain(slug);

    await openAdmin(page, "collections/settings");
    await page
      .getByRole("main")
      .getByRole("link", { name: collection("settings").files![0]!.label })
      .click();
    const footer = field(field(page, "object", "Navigation"), "list", "Footer");
    await footer.getByRole("button", { name: /^Add / }).click();
    await itemsOf(footer).last().getByRole("textbox", { name: "Label" }).fill(title);
    await itemsOf(footer).last().getByRole("textbox", { name: "To" }).fill(`/${slug}`);
    await publishAndWait(page);
    await expect.poll(() => text("site.yaml")).toContain(`/${slug}`);
  });
  expectContentCheckPasses();
});
