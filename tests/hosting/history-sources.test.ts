/**
 * /admin/'s two sources of history (issue 46, item 7) give the same answers on one fixture Git
 * repository: the local one (`npm run cms`: scripts/history/endpoint.ts over git, read by
 * admin/history/sources/local-source.ts) and GitHub's (admin/history/sources/github-source.ts through the one client,
 * against the stand-in GitHub reading the same repository). Edits by two people, a rename, a removal
 * and a change outside content/; then GitHub's refusals in words.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitHubHistory } from "../../admin/history/sources/github-source.ts";
import { localHistory } from "../../admin/history/sources/local-source.ts";
import type { HistoryPage, HistorySource } from "../../schemas/history.ts";
import { gitHub, GitHubError } from "../../scripts/github/client.ts";
import { historyHandler } from "../../scripts/history/endpoint.ts";
import { gitHistory } from "../../scripts/history/git-history.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";

const repo = "acme/site";
const maria = { name: "Maria Lopez", email: "maria@example.test" };
const sam = { name: "Sam Okafor", email: "sam@example.test" };
const plan = "content/collections/plans/professional.yaml";
const safe = "content/collections/faq/safe.yaml";
const renamed = "content/collections/faq/is-it-safe.yaml";
const backup = "content/collections/faq/backup.yaml";

let folder: string;
/** The fixture's commits by name; day(n): the time of its commits on day n. */
const sha: Record<string, string> = {};
const day = (n: number) => `2026-11-${String(n).padStart(2, "0")}T09:30:00Z`;
let github: StandIn;
let local: Server;
const sources: Record<string, HistorySource> = {};
let tokens = 0;
const newToken = () => {
  const token = `ghs_history${++tokens}0123456789abcdef`;
  github.grant(token);
  return token;
};
const githubSource = (token: string, options: Partial<Parameters<typeof gitHub>[0]> = {}) =>
  gitHubHistory({ client: gitHub({ api: github.url, token, ...options }), repo, branch: "main" });

type Step = {
  who: typeof maria;
  day: number;
  message: string;
  files?: Record<string, string | null>;
  rename?: [string, string];
};

/**
 * The fixture repository, made by one `git fast-import` (no working tree): each step a commit on
 * main, its files written (null: deleted) or one renamed; `sha` gets each commit's name.
 */
function makeRepository(steps: Record<string, Step>) {
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const stream = Object.values(steps)
    .map(({ who, day: n, message, files = {}, rename }) => {
      const time = `${Date.parse(day(n)) / 1000} +0000`;
      const changes = Object.entries(files).map(([path, text]) =>
        text === null ? `D ${path}\n` : `M 100644 inline ${path}\n${data(text)}`,
      );
      if (rename) changes.push(`R ${rename[0]} ${rename[1]}\n`);
      return `commit refs/heads/main\nauthor ${who.name} <${who.email}> ${time}\ncommitter Decap <cms@example.test> ${time}\n${data(message)}${changes.join("")}`;
    })
    .join("");
  execFileSync("git", ["init", "-q", "-b", "main", folder]);
  execFileSync("git", ["-C", folder, "fast-import", "--quiet"], { input: stream });
  const names = execFileSync("git", ["-C", folder, "log", "--reverse", "--format=%H", "main"]).toString().split("\n");
  Object.keys(steps).forEach((name, i) => (sha[name] = names[i]!));
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "history-"));
  const faq = (question: string) => `question: ${question}\nanswer: Yes, every night, off site.\n`;
  makeRepository({
    first: {
      who: maria,
      day: 1,
      message: "Add the plans and the questions\n\nThe launch content.\n",
      files: {
        [plan]: "name: Professional\nprice: 49\n",
        [safe]: faq("Is it safe?"),
        [backup]: faq("Do you back up?"),
        "README.md": "# The site\n",
      },
    },
    raise: {
      who: maria,
      day: 2,
      message: "Update Plans “professional”",
      files: { [plan]: "name: Professional\nprice: 59\n", [safe]: faq("Is it secure?"), "src/x.ts": "1\n" },
    },
    rename: { who: sam, day: 3, message: "Rename the safety question", rename: [safe, renamed] },
    again: {
      who: sam,
      day: 9,
      message: "Update Plans “professional”",
      files: { [plan]: "name: Professional\nprice: 69\n", [renamed]: faq("Is my data safe?") },
    },
    remove: { who: maria, day: 10, message: "Delete FAQ “backup”", files: { [backup]: null } },
    code: { who: sam, day: 11, message: "Only code", files: { "README.md": "# The site, again\n" } },
  });

  github = await startGitHubStandIn({ repo, git: folder, pageSize: 100 });
  sources.GitHub = githubSource(newToken());
  local = createServer(historyHandler(gitHistory(folder)));
  await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
  const { port } = local.address() as { port: number };
  sources.local = localHistory({ base: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await Promise.all([github?.close(), new Promise((resolve) => local?.close(resolve))]);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Every item of a list, page after page by its cursor. */
async function everything<T>(read: (cursor?: string) => Promise<HistoryPage<T>>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    pages.push(page.items);
    cursor = page.cursor;
  } while (cursor && pages.length < 10);
  return pages;
}

describe.each(["local", "GitHub"])("the %s history", (name) => {
  const source = () => sources[name]!;

  it("lists a file's versions newest first: when, who, the message and the path", async () => {
    const { items, cursor } = await source().versionsOf(plan);
    expect(cursor).toBeUndefined();
    expect(items).toEqual([
      {
        sha: sha.again,
        date: day(9),
        author: sam.name,
        email: sam.email,
        message: "Update Plans “professional”",
        path: plan,
      },
      {
        sha: sha.raise,
        date: day(2),
        author: maria.name,
        email: maria.email,
        message: "Update Plans “professional”",
        path: plan,
      },
      {
        sha: sha.first,
        date: day(1),
        author: maria.name,
        email: maria.email,
        message: "Add the plans and the questions\n\nThe launch content.",
        path: plan,
      },
    ]);
  });

  it("follows a file through its rename, page by page, each version with its name then", async () => {
    // Three a page: the third is the first under the earlier name, and the next page goes on there.
    const pages = await everything((cursor) => source().versionsOf(renamed, { limit: 3, cursor }));
    expect(pages.map((page) => page.map((v) => [v.sha, v.path]))).toEqual([
      [
        [sha.again, renamed],
        [sha.rename, renamed],
        [sha.raise, safe],
      ],
      [[sha.first, safe]],
    ]);
  });

  it("gives a file's text at a version, and null where the version has no such file", async () => {
    expect(await source().fileAt(sha.raise!, plan)).toBe("name: Professional\nprice: 59\n");
    expect(await source().fileAt(sha.first!, safe)).toContain("Is it safe?");
    expect(await source().fileAt(sha.raise!, safe)).toContain("Is it secure?");
    expect(await source().fileAt(sha.first!, renamed)).toBeNull();
    expect(await source().fileAt(sha.remove!, backup)).toBeNull();
  });

  it("lists the recent changes to content/ newest first, with their files and statuses, in pages", async () => {
    const pages = await everything((cursor) => source().recentChanges({ limit: 2, cursor }));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const changes = pages.flat();
    expect(changes.map((c) => [c.sha, c.author, c.date])).toEqual([
      [sha.remove, maria.name, day(10)],
      [sha.again, sam.name, day(9)],
      [sha.rename, sam.name, day(3)],
      [sha.raise, maria.name, day(2)],
      [sha.first, maria.name, day(1)],
    ]);
    expect(changes.map((c) => c.files)).toEqual([
      [{ path: backup, status: "removed" }],
      [
        { path: renamed, status: "modified" },
        { path: plan, status: "modified" },
      ],
      [{ path: renamed, status: "renamed", previousPath: safe }],
      [
        { path: safe, status: "modified" },
        { path: plan, status: "modified" },
      ],
      [
        { path: backup, status: "added" },
        { path: safe, status: "added" },
        { path: plan, status: "added" },
      ],
    ]);
    expect(changes[0]!.parent).toBe(sha.again);
  });

  it("filters the recent changes by entry (every content file of its commits listed) and by person", async () => {
    const ofPlan = await source().recentChanges({ path: plan });
    expect(ofPlan.items.map((c) => c.sha)).toEqual([sha.again, sha.raise, sha.first]);
    expect(ofPlan.items[0]!.files.map((f) => f.path)).toEqual([renamed, plan]);
    const bySam = await source().recentChanges({ author: sam.email });
    expect(bySam.items.map((c) => c.sha)).toEqual([sha.again, sha.rename]);
  });

  it("filters the recent changes by entry through its renames, by person too, in pages", async () => {
    // Under its earlier name too: Maria's edit and first version; by Maria, past Sam's rename.
    const pages = await everything((cursor) => source().recentChanges({ path: renamed, limit: 3, cursor }));
    expect(pages.map((page) => page.map((c) => c.sha))).toEqual([[sha.again, sha.rename, sha.raise], [sha.first]]);
    expect(pages[0]![2]!.files).toEqual([
      { path: safe, status: "modified" },
      { path: plan, status: "modified" },
    ]);
    expect(pages[0]![2]!.parent).toBe(sha.first);
    const byMaria = await everything((cursor) =>
      source().recentChanges({ path: renamed, author: maria.email.toUpperCase(), limit: 1, cursor }),
    );
    expect(byMaria.flat().map((c) => [c.sha, c.author])).toEqual([
      [sha.raise, maria.name],
      [sha.first, maria.name],
    ]);
  });

  it("finds a file deleted and not there since, with the commit that holds its last text", async () => {
    const deleted = await source().deletedFiles();
    expect(deleted.map((d) => [d.path, d.removedBy.sha, d.removedBy.author, d.lastSha])).toEqual([
      [backup, sha.remove, maria.name, sha.again],
    ]);
    expect(await source().fileAt(deleted[0]!.lastSha, backup)).toContain("Do you back up?");
  });
});

describe("the local history's endpoint", () => {
  it("refuses a path outside content/, in words", async () => {
    for (const path of ["README.md", "content/../README.md", "--output=/tmp/x"])
      await expect(sources.local!.versionsOf(path)).rejects.toThrow(/Not a file under content\//);
    await expect(sources.local!.fileAt("HEAD; rm -rf /", plan)).rejects.toThrow(/Not a commit's name/);
  });
});

describe("the GitHub history's requests", () => {
  const asked = (token: string) => github.requests.filter((r) => r.authorization === `Bearer ${token}`);

  it("resolves the branch once, reads its line and a name's list and, where it ends, that commit's files; again, only the lists, conditionally", async () => {
    const token = newToken();
    const source = githubSource(token);
    const first = await source.versionsOf(renamed);
    const head = Object.values(sha).at(-1)!;
    const lists = [
      `/repos/${repo}/branches/main`,
      `/repos/${repo}/commits?sha=${head}&per_page=100`,
      `/repos/${repo}/commits?sha=${head}&path=${renamed}&per_page=100`,
      `/repos/${repo}/commits?sha=${sha.raise}&path=${safe}&per_page=100`,
    ];
    expect(asked(token).map((r) => decodeURIComponent(r.path))).toEqual([
      ...lists.slice(0, 3),
      `/repos/${repo}/commits/${sha.rename}?per_page=100`,
      lists[3],
      `/repos/${repo}/commits/${sha.first}?per_page=100`,
    ]);
    const before = asked(token).length;
    expect(await source.versionsOf(renamed)).toEqual(first);
    const again = asked(token).slice(before);
    expect(again.map((r) => decodeURIComponent(r.path))).toEqual(lists);
    expect(again.every((r) => typeof r.headers["if-none-match"] === "string")).toBe(true);
  });
});

describe("the GitHub history's refusals, in words", () => {
  it("401: the editor's login is no longer accepted", async () => {
    const error = await githubSource("ghs_neverGiven0123456789")
      .versionsOf(plan)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubError);
    expect((error as GitHubError).message).toMatch(/401 .*wrong, has expired or was revoked/);
  });

  it("403: the token lacks the right", async () => {
    const token = newToken();
    github.answer = (request) =>
      request.path.includes("/contents/")
        ? { status: 403, body: { message: "Must have admin rights to Repository." } }
        : undefined;
    try {
      const error = (await githubSource(token)
        .fileAt(sha.first!, plan)
        .catch((e: unknown) => e)) as GitHubError;
      expect(error.status).toBe(403);
      expect(error.message).toMatch(/lacks the right/);
    } finally {
      github.answer = undefined;
    }
  });

  it("the rate limit used up, and when it resets", async () => {
    const token = newToken();
    const saved = github.rateLimit;
    const reset = Date.UTC(2026, 10, 28, 10, 0) / 1000;
    github.rateLimit = { limit: 1, reset };
    try {
      const source = githubSource(token, { now: () => reset * 1000 - 5 * 60_000 });
      const error = (await source.recentChanges().catch((e: unknown) => e)) as GitHubError;
      expect(error.rateLimited).toBe(true);
      expect(error.message).toMatch(
        /rate limit for this token is used up .*resets at 2026-11-28 10:00 UTC, in 5 minutes/,
      );
    } finally {
      github.rateLimit = saved;
    }
  });
});

/**
 * As published (issue 61, item 2): the editorial workflow's saves on cms/… branches, two pull requests
 * open at once and merged onto main the other way round, then a squash; the branch moves between two
 * pages; a commit's files come in pages (`filesPageSize`, as GitHub pages them at 300).
 */
describe("the history as it was published", () => {
  let merged: string;
  let stand: StandIn;
  const at: Record<string, string> = {};
  const editor = { name: "Ana Weber", email: "ana@example.test" };
  /** Day n's 09:30, or that plus an hour: published an hour after it was made. */
  const time = (n: number, later = 0) => `${Date.parse(day(n)) / 1000 + later} +0000`;
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const commit = (ref: string, mark: number, who: typeof maria, n: number, message: string, body: string) =>
    `commit ${ref}\nmark :${mark}\nauthor ${who.name} <${who.email}> ${time(n)}\ncommitter ${who.name} <${who.email}> ${time(n, 3600)}\n${data(message)}${body}`;
  const file = (path: string, text: string) => `M 100644 inline ${path}\n${data(text)}`;
  const local = () => gitHistory(merged);
  const remote = () =>
    gitHubHistory({ client: gitHub({ api: stand.url, token: "ghs_published0123456789" }), repo, branch: "main" });

  beforeAll(async () => {
    merged = mkdtempSync(join(tmpdir(), "history-merged-"));
    const stream = [
      commit("refs/heads/main", 1, maria, 1, "Launch", file(plan, "price: 1\n") + file(safe, "q: 1\n")),
      commit("refs/heads/cms/plan", 2, sam, 2, "Save 1", `from :1\n${file(plan, "price: 2\n")}`),
      commit("refs/heads/cms/plan", 3, sam, 3, "Save 2", `from :2\n${file(plan, "price: 3\n")}`),
      commit("refs/heads/cms/faq", 4, editor, 4, "Save faq", `from :1\n${file(safe, "q: 2\n")}`),
      commit("refs/heads/main", 5, editor, 5, "Merge faq", "from :1\nmerge :4\n" + file(safe, "q: 2\n")),
      commit("refs/heads/main", 6, maria, 6, "Merge plan", `from :5\nmerge :3\n${file(plan, "price: 3\n")}`),
      commit(
        "refs/heads/main",
        7,
        sam,
        7,
        "Squash",
        file(plan, "price: 4\n") + file(backup, "a\n") + file(renamed, "b\n"),
      ),
    ].join("");
    execFileSync("git", ["init", "-q", "-b", "main", merged]);
    execFileSync("git", ["-C", merged, "fast-import", "--quiet"], { input: stream });
    for (const [name, ref] of Object.entries({
      launch: "main~2^",
      mergeFaq: "main~1^",
      mergePlan: "main~1",
      squash: "main",
    }))
      at[name] = execFileSync("git", ["-C", merged, "rev-parse", ref]).toString().trim();
    stand = await startGitHubStandIn({ repo, git: merged, pageSize: 2, filesPageSize: 2 });
    stand.grant("ghs_published0123456789");
  });
  afterAll(async () => {
    await stand?.close();
    if (merged) rmSync(merged, { recursive: true, force: true });
  });

  it.each(["local", "GitHub"])(
    "%s: a version is a commit of main, dated when published, by who published, its saves summed up",
    async (name) => {
      const source = name === "local" ? local() : remote();
      const { items, cursor } = await source.versionsOf(plan);
      expect(cursor).toBeUndefined();
      expect(items.map((v) => [v.sha, v.date, v.author, v.saves?.count, v.saves?.authors])).toEqual([
        [at.squash, "2026-11-07T10:30:00Z", sam.name, undefined, undefined],
        [at.mergePlan, "2026-11-06T10:30:00Z", maria.name, 2, [sam.name]],
        [at.launch, "2026-11-01T10:30:00Z", maria.name, undefined, undefined],
      ]);
      const changes = await source.recentChanges();
      expect(changes.items.map((c) => [c.sha, c.files.map((f) => f.path).sort()])).toEqual([
        [at.squash, [plan, backup, renamed].sort()],
        [at.mergePlan, [plan]],
        [at.mergeFaq, [safe]],
        [at.launch, [plan, safe].sort()],
      ]);
    },
  );

  it.each(["local", "GitHub"])(
    "%s: the next page goes on from the commit kept in the cursor while main moves; the exact last page has no cursor",
    async (name) => {
      const source = name === "local" ? local() : remote();
      const before = (await source.versionsOf(plan)).items.map((v) => v.sha);
      const first = await source.versionsOf(plan, { limit: before.length - 1 });
      expect(first.items.map((v) => v.sha)).toEqual(before.slice(0, -1));
      expect(first.cursor).toBeDefined();
      // Someone publishes between the two pages.
      const tip = execFileSync("git", ["-C", merged, "rev-parse", "main"]).toString().trim();
      const message = `Publish again (${name})`;
      execFileSync("git", ["-C", merged, "fast-import", "--quiet"], {
        input: commit("refs/heads/main", 8, editor, 8, message, `from ${tip}\n${file(plan, `price: ${name}\n`)}`),
      });
      const second = await source.versionsOf(plan, { limit: 1, cursor: first.cursor });
      expect(second).toEqual({ items: [expect.objectContaining({ sha: before.at(-1) })] });
      expect((await source.versionsOf(plan, { limit: 2 })).items[0]!.message).toBe(message);
    },
  );
});
