/**
 * /admin/'s history (issue 46) through GitHub, in Chromium: the real /admin/ built for a repository
 * on the stand-in GitHub (tests/helpers/github-stand-in.ts), whose history is a fixture Git
 * repository (its `git` option: commits, a commit's files and contents for the history; the trees,
 * blobs and branch Decap's GitHub backend lists a collection and opens an entry with), served by
 * `npm run serve` at http://site.localhost:<port> (so /admin/ reads GitHub, not `npm run cms`'s local
 * Git), signed in with an editor's token as Decap keeps it, the stand-in's clock set after the
 * fixture's last commit. The fixture: this project's content as
 * launched, the popular plan's price raised by Maria on Nov 2 and again by Sam on Nov 9, and a FAQ
 * question deleted by Sam (taken off the page that listed it). The plan, its price and the question
 * are read from the content.
 * Proves: the plan's History lists its versions newest first, who made each and the price's change
 * in words; "Restore this version" puts Maria's price in the editor as an unsaved change and nothing
 * is written to GitHub until the marketer saves it: then Decap's editorial workflow through the
 * stand-in's writes (its Git repository: a branch cms/…, a pull request, labelled Ready, merged,
 * the branch deleted), after which main's plan differs from Sam's by the price's line alone and the
 * History lists the published version over Sam's and Maria's; Recent changes lists the commits, and
 * "Bring back" opens the deleted question in the new-entry editor, filled in, which saved and
 * published is on main again with its last text; a token GitHub refuses (401) and a used-up rate
 * limit (403) are said on the screen in the GitHub client's words. The stand-in's writes' edge cases
 * (a deleted path, a refused update, a squash, a conflict): tests/hosting/github-stand-in-writes.test.ts.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect as playwrightExpect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parse, parseDocument } from "yaml";
import type { Site } from "../../schemas/index.ts";
import { cmsConfig } from "../../scripts/cms/config.ts";
import { chromiumArgs, chromiumPath } from "../../tools/shared/chromium.ts";
import { sharedAdmin, sharedAdminBuild, standInHostRules } from "../helpers/admin-build.ts";
import { commitAs, type Person } from "../helpers/commit-as.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";
import { root } from "../../tools/shared/copy-project.ts";
import { commands, startServer, type ServerProcess } from "../helpers/server-process.ts";

const { repo } = sharedAdmin;
const work = mkdtempSync(join(tmpdir(), "history-github-"));
const folder = join(work, "repo");
const content = join(root, "content");
const see = playwrightExpect.configure({ timeout: 20_000 });

const read = <T>(file: string) => parse(readFileSync(join(content, file), "utf8")) as T;
const idsIn = (dir: string) =>
  readdirSync(join(content, dir))
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => name.slice(0, -".yaml".length))
    .sort();
const config = cmsConfig({ repo });
const collection = (name: string) => config.collections.find((c) => c.name === name)!;
const labelOf = (name: string, field: string) => collection(name).fields!.find((f) => f.name === field)!.label;
const zone = (JSON.parse(readFileSync(join(root, "src", "generated", "site.json"), "utf8")) as Site).timeZone ?? "UTC";

// The popular plan (else the first with a price), its price, Maria's and Sam's.
const plans = idsIn("collections/plans").map((id) => ({
  id,
  ...read<{ price?: unknown; popular?: boolean }>(`collections/plans/${id}.yaml`),
}));
const plan =
  plans.find((p) => p.popular && typeof p.price === "number") ?? plans.find((p) => typeof p.price === "number")!;
const planFile = `content/collections/plans/${plan.id}.yaml`;
const start = plan.price as number;
const prices = { maria: start + 5, sam: start + 15 };
const priceLabel = labelOf("plans", "price");
// The first FAQ question, deleted, and the page that listed it.
const faqId = idsIn("collections/faq")[0]!;
const faqFile = `content/collections/faq/${faqId}.yaml`;
const { question } = read<{ question: string }>(`collections/faq/${faqId}.yaml`);

const team: Person = { name: "Site Team", email: "team@example.test" };
const maria: Person = { name: "Maria Lopez", email: "maria@example.test" };
const sam: Person = { name: "Sam Okafor", email: "sam@example.test" };
const dates = {
  launch: "2026-10-26T12:00:00Z",
  maria: "2026-11-02T12:00:00Z",
  sam: "2026-11-09T12:00:00Z",
  deleted: "2026-11-20T12:00:00Z",
  /** When the stand-in GitHub makes the commits /admin/ asks for (its clock). */
  published: "2026-11-27T12:00:00Z",
};
/** A version's day as the History panel says it ("Nov 2, 2026"), and a change's time as Recent changes does. */
const day = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zone }).format(new Date(iso));
const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** Commits the files given (null: deleted) with the rest of content/ as it is, as `who` at `date`. */
function commit(who: Person, date: string, message: string, files: Record<string, string | null> = {}) {
  for (const [path, text] of Object.entries(files))
    if (text === null) rmSync(join(folder, path));
    else writeFileSync(join(folder, path), text);
  commitAs(folder, who, date, message);
}

/** The repository's text of `file` at `ref` (null: none there). */
const shown = (ref: string, file: string) => {
  try {
    return execFileSync("git", ["-C", folder, "show", `${ref}:${file}`], { encoding: "utf8", stdio: "pipe" });
  } catch {
    return null;
  }
};
const branches = () =>
  execFileSync("git", ["-C", folder, "for-each-ref", "--format=%(refname:short)", "refs/heads/"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
/** The plan's text as Sam left it, and the deleted question's last text. */
const texts = { sam: "", question: "" };

function makeRepository() {
  mkdirSync(folder);
  execFileSync("git", ["-C", folder, "init", "-q", "-b", "main"]);
  cpSync(content, join(folder, "content"), { recursive: true });
  commit(team, dates.launch, "The content as launched");
  const planText = readFileSync(join(folder, planFile), "utf8");
  const priceLine = /^price:[ \t]*\S+[ \t]*$/m;
  expect(priceLine.test(planText), `${planFile} has a "price: …" line`).toBe(true);
  commit(maria, dates.maria, `Update Plans “${plan.id}”`, {
    [planFile]: planText.replace(priceLine, `price: ${prices.maria}`),
  });
  texts.sam = planText.replace(priceLine, `price: ${prices.sam}`);
  commit(sam, dates.sam, `Update Plans “${plan.id}”`, { [planFile]: texts.sam });
  texts.question = readFileSync(join(folder, faqFile), "utf8");
  // The question taken off the page that lists it, if one does, as a marketer deletes one.
  const deletion: Record<string, string | null> = { [faqFile]: null };
  for (const name of idsIn("pages")) {
    const file = `content/pages/${name}.yaml`;
    const doc = parseDocument(readFileSync(join(folder, file), "utf8"));
    const sections = (doc.toJS() as { sections?: { questions?: string[] }[] }).sections ?? [];
    sections.forEach((section, at) => {
      const i = section.questions?.indexOf(faqId) ?? -1;
      if (i >= 0) doc.deleteIn(["sections", at, "questions", i]);
    });
    if (sections.some((s) => s.questions?.includes(faqId))) deletion[file] = doc.toString({ lineWidth: 0 });
  }
  commit(sam, dates.deleted, `Delete FAQ “${faqId}”`, deletion);
}

const token = "gho_historyEditor0123456789abcdef";
let standIn: StandIn;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let site = "";

/** Signed in as Decap keeps a GitHub login: its user, with the token, in localStorage. */
async function signedIn(login: string): Promise<BrowserContext> {
  const made = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await made.addInitScript((value) => {
    localStorage.setItem("decap-cms-user", JSON.stringify({ token: value, backendName: "github" }));
  }, login);
  return made;
}
/**
 * The editor's entry saved for review (Decap's editorial workflow: a branch cms/…, a pull request),
 * set Ready and published (the pull request merged), as a marketer does with the editor's buttons.
 */
async function saveAndPublish() {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const status = page.getByRole("button", { name: /^Status: / });
  await see(status).toHaveText(/Draft/, { timeout: 60_000 });
  await status.click();
  await page.getByRole("menuitem", { name: "Ready" }).click();
  await see(status).toHaveText(/Ready/, { timeout: 60_000 });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await see(page.getByRole("button", { name: "Published", exact: true })).toBeVisible({ timeout: 60_000 });
}
/** What was asked of GitHub that could change it: nothing but reads and CORS preflights. */
const writes = () => standIn.requests.filter((r) => r.method !== "GET" && r.method !== "OPTIONS");
/** Decap's field of a widget by its label (Decap names its fields' boxes "<widget> field"). */
const field = (widget: string, label: string) =>
  page
    .locator(`[aria-label="${widget} field"]`)
    .filter({
      has: page.locator(":scope > div > label", {
        hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`),
      }),
    })
    .first();

beforeAll(async () => {
  makeRepository();
  standIn = await startGitHubStandIn({ repo, git: folder, login: "marketer", now: () => new Date(dates.published) });
  standIn.grant(token, { login: "marketer" });
  // The run's /admin/ (tests/helpers/admin-build.ts), served as it is.
  const dist = await sharedAdminBuild();
  server = await startServer([...commands["npm run serve"], "--", dist], { LEADS: "off" });
  site = server.base.replace("127.0.0.1", "site.localhost");
  browser = await chromium.launch({
    executablePath: chromiumPath,
    // A name under .localhost is a secure context over http, as production's https is (Decap needs one).
    // The build's GitHub API is the stand-in, by name (tests/helpers/admin-build.ts).
    args: [...chromiumArgs, standInHostRules(standIn)],
  });
  context = await signedIn(token);
  page = await context.newPage();
  // Leaving an editor with a restored, unsaved version: Decap asks first; the person goes on.
  page.on("dialog", (dialog) => void dialog.accept());
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("/admin/'s history through the stand-in GitHub", { timeout: 180_000 }, () => {
  test("the plan's History: versions newest first, who and the price in words; Maria's restored into the editor, nothing written until it is saved and published: one line changed on main, listed over Sam's", async () => {
    await page.goto(`${site}/admin/#/collections/plans/entries/${plan.id}`, { timeout: 120_000 });
    // Decap opened the entry through GitHub: the price as Sam left it.
    const price = field("number", priceLabel).locator("input");
    await see(price).toHaveValue(String(prices.sam), { timeout: 180_000 });
    await page.getByRole("button", { name: "History", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "History" });
    const versions = panel.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4 }) });
    await see(versions).toHaveCount(3);
    const [samVersion, mariaVersion, launch] = [0, 1, 2].map((i) => versions.nth(i));
    await see(samVersion!).toContainText(`by ${sam.name}`);
    await see(samVersion!.getByRole("heading")).toContainText(day(dates.sam));
    await see(samVersion!).toContainText(`${priceLabel}: ${prices.maria} → ${prices.sam}`);
    await see(mariaVersion!).toContainText(`by ${maria.name}`);
    await see(mariaVersion!.getByRole("heading")).toContainText(day(dates.maria));
    await see(mariaVersion!).toContainText(`${priceLabel}: ${start} → ${prices.maria}`);
    await see(launch!).toContainText(`by ${team.name}`);
    // The live file, read through Decap's backend from GitHub, is what the editor holds.
    const publishing = panel.getByRole("region", { name: "What changes when you publish" });
    await see(publishing).toContainText("Nothing: the editor holds the live version.");

    await mariaVersion!.getByRole("button", { name: /^Restore this version/ }).click();
    await see(panel.getByRole("status")).toContainText("not published yet");
    await see(price).toHaveValue(String(prices.maria));
    await see(publishing).toContainText(`${priceLabel}: ${prices.sam} → ${prices.maria}`);
    expect(writes()).toEqual([]);
    // GitHub was asked for the plan's commits with the editor's own token only (the history's
    // client sends it as a bearer, Decap's backend as "token").
    const asked = standIn.requests.filter(
      (r) =>
        r.method === "GET" && /\/commits\?/.test(r.path) && decodeURIComponent(r.path).includes(`path=${planFile}`),
    );
    expect(asked.map((r) => r.authorization)).toContain(`Bearer ${token}`);
    expect(new Set(asked.map((r) => r.authorization?.split(" ")[1]))).toEqual(new Set([token]));

    await panel.getByRole("button", { name: /^Close/ }).click();
    await saveAndPublish();
    // Main's plan is Sam's but for one line: Maria's price.
    await see.poll(() => shown("main", planFile), { timeout: 60_000 }).not.toBe(texts.sam);
    const [live, before] = [shown("main", planFile)!.split("\n"), texts.sam.split("\n")];
    expect(live).toHaveLength(before.length);
    const changed = live.flatMap((line, i) => (line === before[i] ? [] : [[before[i], line]]));
    expect(changed).toEqual([[`price: ${prices.sam}`, `price: ${prices.maria}`]]);
    // Through a pull request from a branch of Decap's, merged, its branch gone.
    const [merged] = standIn.pulls;
    expect(merged).toMatchObject({ head: expect.stringMatching(/^cms\//), merged: expect.any(String) });
    expect(branches()).toEqual(["main"]);
    // The History: the published version first, then Sam's and Maria's as before.
    const published = execFileSync("git", ["-C", folder, "log", "-1", "--format=%an", "main", "--", planFile], {
      encoding: "utf8",
    }).trim();
    await page.getByRole("button", { name: "History", exact: true }).click();
    await see(versions).toHaveCount(4);
    await see(versions.first()).toContainText(`by ${published}`);
    await see(versions.first().getByRole("heading")).toContainText(day(dates.published));
    await see(versions.first()).toContainText(`${priceLabel}: ${prices.sam} → ${prices.maria}`);
    await see(versions.nth(1)).toContainText(`by ${sam.name}`);
    await see(versions.nth(2)).toContainText(`by ${maria.name}`);
    await see(publishing).toContainText("Nothing: the editor holds the live version.");
  });

  test('Recent changes: the commits newest first, in words; "Bring back" opens the deleted question in the new-entry editor, filled in; saved and published, it is on main again as it was', async () => {
    // From the editor, the screen by its address: the links beside Decap's screens are hidden while
    // an entry is edited.
    const written = writes().length;
    await page.goto(`${site}/admin/#/page/changes`);
    await see(page.getByRole("heading", { level: 1, name: "Recent changes" })).toBeVisible();
    const rows = page.getByRole("list", { name: "Changes, newest first" }).locator(":scope > li");
    await see(rows).toHaveCount(5, { timeout: 60_000 });
    const [restored, deleted, raised, first, launch] = [0, 1, 2, 3, 4].map((i) => rows.nth(i));
    await see(restored!.getByRole("heading", { level: 2 })).toContainText(when(dates.published));
    await see(restored!).toContainText(`${priceLabel}: ${prices.sam} → ${prices.maria}`);
    await see(deleted!.getByRole("heading", { level: 2 })).toContainText(`${when(dates.deleted)}, ${sam.name}`);
    await see(deleted!).toContainText(`${collection("faq").label_singular}: ${question} (deleted)`);
    await see(raised!.getByRole("heading", { level: 2 })).toContainText(`${when(dates.sam)}, ${sam.name}`);
    await see(raised!).toContainText(`${priceLabel}: ${prices.maria} → ${prices.sam}`);
    await see(first!.getByRole("heading", { level: 2 })).toContainText(`${when(dates.maria)}, ${maria.name}`);
    await see(first!).toContainText(`${priceLabel}: ${start} → ${prices.maria}`);
    await see(launch!.getByRole("heading", { level: 2 })).toContainText(`${when(dates.launch)}, ${team.name}`);

    await deleted!.getByRole("button", { name: `Bring back "${question}"` }).click();
    await see(page).toHaveURL(/#\/collections\/faq\/new$/);
    await see(field("string", labelOf("faq", "question")).locator("input")).toHaveValue(question);
    // Opened, not written: nothing asked of GitHub since the plan was published.
    expect(writes()).toHaveLength(written);

    await saveAndPublish();
    await see.poll(() => shown("main", faqFile), { timeout: 60_000 }).toBe(texts.question);
    expect(branches()).toEqual(["main"]);
  });

  test("a token GitHub refuses (401) and a used-up rate limit (403) are said on the screen in the client's words", async () => {
    const limited = "gho_historyLimited0123456789abcdef";
    standIn.grant(limited, { login: "marketer" });
    const saved = standIn.rateLimit;
    const cases = [
      {
        token: "gho_neverGiven0123456789abcdefgh",
        says: /GitHub did not accept the token: it is wrong, has expired or was revoked/,
      },
      { token: limited, limit: true, says: /GitHub's rate limit for this token is used up.*: it resets at .+, in / },
    ];
    for (const { token: given, limit, says } of cases) {
      const other = await signedIn(given);
      try {
        if (limit) standIn.rateLimit = { limit: 0, reset: Math.floor(Date.now() / 1000) + 30 * 60 };
        const tab = await other.newPage();
        await tab.goto(`${site}/admin/#/page/changes`, { timeout: 120_000 });
        const screen = tab.locator("#changes-root");
        await see(screen.getByRole("alert")).toContainText(says, { timeout: 60_000 });
        await see(screen.getByRole("list", { name: "Changes, newest first" })).toHaveCount(0);
      } finally {
        standIn.rateLimit = saved;
        await other.close();
      }
    }
  });
});
