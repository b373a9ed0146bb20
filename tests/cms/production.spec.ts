/**
 * /admin/ as built for production (`vite build --mode admin`, as `npm run build` makes it), served
 * as static files by server/serve.ts: no development server behind it, no content/ folder to fetch
 * pictures from, no rebuilt modules. Decap's backend is the local proxy of `npm run cms` (which the
 * built /admin/ uses on 127.0.0.1): it stands in for GitHub, through the same Decap backend calls.
 * The production headers are not applied here: they let /admin/ connect to GitHub only, not to the
 * proxy. Checks that pictures in subfolders of content/images show, and that the check before saving
 * knows the content as it is now in the repository, not as it was when /admin/ was built.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync, writeFileSync, readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import {
  pages,
  changes,
  contentDir,
  copy,
  field,
  idsIn,
  itemsOf,
  toggleOf,
  read,
  proxyAnswers,
  snapshot,
  publish,
  expectPictureLoaded,
} from "./helpers.ts";
import { viteBuildAdmin } from "../helpers/admin-build.ts";
import { freePort } from "../helpers/free-port.ts";

const built = join(copy, "dist-admin");
let server: ChildProcess | undefined;
let site = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  await proxyAnswers(request);
  // /admin/ alone, as `npm run build` builds it, told where the proxy listens.
  viteBuildAdmin(copy, built, { VITE_CMS_PROXY_PORT: process.env.CMS_PROXY_PORT });
  mkdirSync(built, { recursive: true });
  writeFileSync(join(built, "_headers"), "");
  writeFileSync(join(built, "_redirects"), "");
  const port = await freePort();
  server = spawn(process.execPath, ["--import", "tsx", join(copy, "server", "serve.ts"), built], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), LEADS: "off" },
    stdio: "ignore",
  });
  site = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => (await request.get(`${site}/admin/`, { failOnStatusCode: false }).catch(() => undefined))?.status(),
      {
        timeout: 30_000,
      },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  rmSync(built, { recursive: true, force: true });
});

/** The built /admin/ at an entry, logged in as the local proxy allows (no password). */
async function openBuilt(page: Page, at: string) {
  // A fresh load each time (a change of the address's # alone would not load /admin/ again).
  await page.goto("about:blank");
  await page.goto(`${site}/admin/#/${at}`);
  const login = page.getByRole("button", { name: "Login" });
  // Logged in already (a second visit), Decap opens the entry straight away.
  const publishButton = page.getByRole("button", { name: /^Publish(ed)?$/ });
  // A new load of Decap, built, on a busy machine: seconds, not milliseconds.
  await expect(login.or(publishButton)).toBeVisible({ timeout: 60_000 });
  if (await login.isVisible()) await login.click();
  await expect(publishButton).toBeVisible({ timeout: 60_000 });
}

test("built /admin/: pictures in subfolders of content/images show in the field and in the preview", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r: Request) => fetched.push(r.url()));
  const id = idsIn("collections/team").find(
    (member) => read<{ photo: { src: string } }>(`collections/team/${member}.yaml`).photo.src.split("/").length > 2,
  );
  test.skip(!id, "no team photo lives in a subfolder");
  const member = read<{ name: string; photo: { src: string; alt: string } }>(`collections/team/${id}.yaml`);

  await openBuilt(page, `collections/team/entries/${id}`);
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(member.name);
  const thumbnail = field(page, "image", "Picture").locator("img").first();
  await expectPictureLoaded(thumbnail);
  const shown = page.frameLocator("iframe").getByRole("img", { name: member.photo.alt });
  await expectPictureLoaded(shown);

  // A page's gallery: its pictures, in their own subfolder, in the preview and in the form.
  const withGallery = pages().find((p) => p.sections.some((s) => s.type === "gallery"));
  if (withGallery) {
    const at = withGallery.sections.findIndex((s) => s.type === "gallery");
    const images = withGallery.sections[at]!.images as { image: { src: string; alt: string } }[];
    const first = images.find((i) => i.image.src.split("/").length > 2);
    if (first) {
      const slug = withGallery.file.replace(/^pages\/|\.yaml$/g, "");
      await openBuilt(page, `collections/pages/entries/${slug}`);
      const picture = page.frameLocator("iframe").getByRole("img", { name: first.image.alt }).first();
      await picture.scrollIntoViewIfNeeded();
      await expectPictureLoaded(picture);
      const section = itemsOf(field(page, "list", "Sections")).nth(at);
      await toggleOf(section).click();
      const row = itemsOf(field(section, "list", "Images")).nth(images.indexOf(first));
      await toggleOf(row).click();
      const inForm = field(row, "image", "Picture").locator("img").first();
      await inForm.scrollIntoViewIfNeeded();
      await expectPictureLoaded(inForm);
    }
  }
  // Through Decap's backend, not from a content/ folder on the site (production has none).
  expect(fetched.filter((url) => url.startsWith(`${site}/content/`))).toEqual([]);
});

test("built /admin/: the check before saving knows a page added to the repository after the build", async ({
  page,
}) => {
  const others = pages().filter((p) => p.route !== "/");
  test.skip(others.length < 2, "fewer than two pages besides the home page");
  const [model, edited] = others as [(typeof others)[0], (typeof others)[0]];
  // Another editor's page, published after this /admin/ was built: only the repository has it.
  const route = "/published-after-the-build";
  const file = "pages/published-after-the-build.yaml";
  const text = readFileSync(join(contentDir, model.file), "utf8").replace(/^route: .*$/m, `route: ${route}`);
  writeFileSync(join(contentDir, file), text);
  try {
    const before = snapshot();
    const saves: string[] = [];
    page.on("request", (r: Request) => {
      if (r.method() === "POST" && /"action":"persist/.test(r.postData() ?? "")) saves.push(r.url());
    });
    await openBuilt(page, `collections/pages/entries/${edited.file.replace(/^pages\/|\.yaml$/g, "")}`);
    const box = page.getByRole("textbox", { name: "Route" });
    await expect(box).toHaveValue(edited.route);
    await box.fill(route);
    await publish(page);

    await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
    await expect(field(page, "string", "Route")).toContainText(`content/${file}`);
    await expect(page.getByText("Changes saved", { exact: true })).toHaveCount(0);
    expect(saves).toEqual([]);
    expect(changes(before)).toEqual({ added: [], removed: [], changed: [] });
    // The editor says what the check was based on: the content as it is now.
    await expect(page.locator("#cms-check-basis")).toContainText("the content as it is now");
  } finally {
    rmSync(join(contentDir, file), { force: true });
  }
});
