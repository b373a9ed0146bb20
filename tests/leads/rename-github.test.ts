/**
 * "Change address" through GitHub with the editorial workflow (issue 59, item 8), in Chromium: the
 * real /admin/ built for a repository on the stand-in GitHub (tests/helpers/github-stand-in.ts, its
 * Git repository this project's content as launched), served by `npm run serve`, signed in with an
 * editor's token as Decap keeps it. A published guide is renamed: one commit on a new branch
 * `cms/guides/<new id>` and its pull request (the file moved with its text, content/redirects.yaml
 * given the redirect), main untouched, the notice in words, the editor at the entry in review at its
 * new address; then set Ready and published as a marketer does: main has the file at its new name,
 * the old one gone and the redirect, and the branch is gone. The guide comes from the content (the
 * tests' own guide, tests/helpers/fixture-guide.ts, when the content has none).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect as playwrightExpect, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse } from "yaml";
import { contentKinds } from "../../schemas/kinds.ts";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { sharedAdmin, sharedAdminBuild, standInHostRules } from "../helpers/admin-build.ts";
import { commitAs, type Person } from "../helpers/commit-as.ts";
import { addGuideIfNone } from "../helpers/fixture-guide.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { commands, startServer, type ServerProcess } from "../helpers/server-process.ts";

const { repo } = sharedAdmin;
const work = mkdtempSync(join(tmpdir(), "rename-github-"));
const folder = join(work, "repo");
const see = playwrightExpect.configure({ timeout: 30_000 });

const kind = contentKinds.find((k) => k.name === "guides") as { folder: string; address: string; noun: string };
const at = (id: string) => kind.address.replace(":id", id);
const guideFile = (id: string) => `content/${kind.folder}/${id}.md`;
// The repository's content: this project's, with the tests' own guide when it has none.
mkdirSync(folder, { recursive: true });
cpSync(join(root, "content"), join(folder, "content"), { recursive: true });
addGuideIfNone(join(folder, "content"));
const textIn = (file: string) => readFileSync(join(folder, file), "utf8");
// A guide published now, whose address no other content file mentions.
const ids = readdirSync(join(folder, "content", kind.folder))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.slice(0, -".md".length))
  .sort();
const isLive = (id: string) => {
  const data = parse(textIn(guideFile(id)).split(/^---$/m)[1] ?? "") as { draft?: boolean; published?: string };
  return data.draft !== true && new Date(data.published ?? 0) < new Date();
};
const id = ids.filter(isLive)[0];
const newId = `${id}-moved`;
const team: Person = { name: "Site Team", email: "team@example.test" };

/** The repository's text of `file` at `ref` (null: none there). */
const shown = (ref: string, file: string) => {
  try {
    return execFileSync("git", ["-C", folder, "show", `${ref}:${file}`], { encoding: "utf8", stdio: "pipe" });
  } catch {
    return null;
  }
};
const git = (...args: string[]) => execFileSync("git", ["-C", folder, ...args], { encoding: "utf8" }).trim();
const branches = () => git("for-each-ref", "--format=%(refname:short)", "refs/heads/").split("\n").filter(Boolean);

const token = "gho_renameEditor0123456789abcdefg";
let standIn: StandIn;
let server: ServerProcess;
let browser: Browser;
let page: Page;
let site = "";
let mainBefore = "";

beforeAll(async () => {
  execFileSync("git", ["-C", folder, "init", "-q", "-b", "main"]);
  commitAs(folder, team, "2026-11-26T12:00:00Z", "The content as launched");
  mainBefore = git("rev-parse", "main");
  standIn = await startGitHubStandIn({ repo, git: folder, login: "marketer", now: () => new Date() });
  standIn.grant(token, { login: "marketer" });
  const dist = await sharedAdminBuild();
  server = await startServer([...commands["npm run serve"], "--", dist], { LEADS: "off" });
  site = server.base.replace("127.0.0.1", "site.localhost");
  browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, standInHostRules(standIn)] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript((value) => {
    localStorage.setItem("decap-cms-user", JSON.stringify({ token: value, backendName: "github" }));
  }, token);
  page = await context.newPage();
  // Decap asks before publishing; the marketer says yes.
  page.on("dialog", (dialog) => void dialog.accept());
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("Change address through the stand-in GitHub, editorial workflow", { timeout: 240_000 }, () => {
  test("a guide renamed: one commit on cms/guides/<new id> and its pull request, main untouched until it is published; published, main has the file at its new name and the redirect", async () => {
    expect(id, "the content has a published guide").toBeDefined();
    const text = textIn(guideFile(id!));
    await page.goto(`${site}/admin/#/collections/guides/entries/${id}`, { timeout: 120_000 });
    const button = page.getByRole("button", { name: "Change address", exact: true });
    await see(button).toBeVisible({ timeout: 180_000 });
    await button.click();
    const dialog = page.getByRole("dialog", { name: `Change this ${kind.noun}'s address` });
    const input = dialog.getByRole("textbox", { name: "New address" });
    await see(input).toBeFocused();
    await page.keyboard.press("End");
    await page.keyboard.type("-moved");
    await see(dialog.locator("pre")).toHaveText(`- from: ${at(id!)}\n  to: ${at(newId)}`);
    await page.keyboard.press("Enter");

    await see(page.locator("#cms-notice")).toHaveText(
      `Saved for review: ${at(id!)} → ${at(newId)}; once published, the old address redirects there`,
      { timeout: 60_000 },
    );
    await see(page).toHaveURL(new RegExp(`#/collections/guides/entries/${newId}$`));
    await see(page.getByRole("button", { name: /^Status: / })).toHaveText(/Draft/, { timeout: 60_000 });
    // Main has no file of the new name yet: that is no change published by someone else. The look
    // no-edit-lost.ts makes when the window gets the focus back (main's folder of the kind, read) answered,
    // and what followed it has run (the page's next task): no notice.
    const looked = page.waitForResponse(
      (response) =>
        response.request().method() === "GET" &&
        decodeURIComponent(response.url()).includes(`/git/trees/main:content/${kind.folder}`),
    );
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await (await looked).finished();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await see(page.locator("#cms-notice")).not.toContainText("published a change");

    // One commit on the entry's branch: the file moved with its text, the redirect added; main as it was.
    const branch = `cms/guides/${newId}`;
    expect(branches().sort()).toEqual([branch, "main"].sort());
    expect(git("rev-parse", "main")).toBe(mainBefore);
    expect(git("rev-list", "--count", `main..${branch}`)).toBe("1");
    expect(shown(branch, guideFile(id!))).toBeNull();
    expect(shown(branch, guideFile(newId))).toBe(text);
    const redirects = (parse(shown(branch, "content/redirects.yaml")!) as { redirects: { from: string; to: string }[] })
      .redirects;
    expect(redirects).toContainEqual({ from: at(id!), to: at(newId) });
    expect(standIn.pulls).toHaveLength(1);
    expect(standIn.pulls[0]).toMatchObject({ head: branch });

    // Ready, then published: the pull request merged.
    const status = page.getByRole("button", { name: /^Status: / });
    await status.click();
    await page.getByRole("menuitem", { name: "Ready" }).click();
    await see(status).toHaveText(/Ready/, { timeout: 60_000 });
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();
    await see(page.getByRole("button", { name: "Published", exact: true })).toBeVisible({ timeout: 60_000 });
    await see.poll(() => shown("main", guideFile(newId)), { timeout: 60_000 }).toBe(text);
    expect(shown("main", guideFile(id!))).toBeNull();
    expect((parse(shown("main", "content/redirects.yaml")!) as { redirects: unknown[] }).redirects).toContainEqual({
      from: at(id!),
      to: at(newId),
    });
    expect(branches()).toEqual(["main"]);
  });
});
