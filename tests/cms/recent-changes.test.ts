/**
 * The Recent changes screen's logic, without a browser or git (admin/history/recent/entry-of-path.ts,
 * change-rows.ts, describe-change.ts): which entry a content file is, the rows of either list a
 * history source gives, renames paired, the files "Bring back" is offered for, and each row in words.
 * On fixture collections and commits written here, never the shipped content.
 */
import { describe, expect, it } from "vitest";
import { goneFiles, rowPage, rowsOfChanges, rowsOfVersions } from "../../admin/history/recent/change-rows.ts";
import { describeRow, keptReader, type DescribeOptions } from "../../admin/history/recent/describe-change.ts";
import { entryAddress } from "../../admin/decap/routes.ts";
import { dataOf, entryOfPath, titleOf } from "../../admin/history/recent/entry-of-path.ts";
import { changesReducer, filterQuery, initialState } from "../../admin/screens/changes/changes-state.ts";
import type { ContentCommit, Version } from "../../schemas/history.ts";

const collections = [
  {
    name: "settings",
    label: "Site settings",
    files: [{ name: "site", label: "Site settings", file: "content/site.yaml", fields: [] }],
  },
  {
    name: "faq",
    label: "FAQ",
    label_singular: "Question",
    folder: "content/collections/faq",
    extension: "yaml",
    identifier_field: "question",
  },
  {
    name: "pages",
    label: "Pages",
    label_singular: "Page",
    folder: "content/pages",
    extension: "yaml",
    summary: "{{title}} ({{route}})",
  },
  { name: "legal", label: "Legal pages", folder: "content/pages", extension: "md", summary: "{{title}}" },
];
const faq = (id: string) => `content/collections/faq/${id}.yaml`;
const who = (n: number, author = "Maria") => ({
  sha: `c${n}`,
  parent: `p${n}`,
  date: `2026-11-0${n}T09:30:00Z`,
  author,
  email: `${author.toLowerCase()}@example.test`,
  message: `change ${n}`,
});

describe("which entry a content file is", () => {
  it("names folders' entries by collection and slug, the settings by their file, nothing else", () => {
    expect(entryOfPath(collections, faq("is-it-safe"))).toMatchObject({
      collection: "faq",
      slug: "is-it-safe",
      noun: "Question",
      folder: true,
      summary: "{{question}}",
    });
    expect(entryOfPath(collections, "content/pages/privacy.md")).toMatchObject({
      collection: "legal",
      slug: "privacy",
    });
    expect(entryOfPath(collections, "content/pages/home.yaml")).toMatchObject({ collection: "pages", slug: "home" });
    expect(entryOfPath(collections, "content/site.yaml")).toMatchObject({ collection: "settings", folder: false });
    expect(entryOfPath(collections, "content/images/logo.svg")).toBeUndefined();
    expect(entryOfPath(collections, "content/collections/faq/deeper/x.yaml")).toBeUndefined();
  });

  it("titles an entry as the editor's list does, and links to its editor", () => {
    const page = entryOfPath(collections, "content/pages/about.yaml")!;
    expect(titleOf(page, { title: "About us", route: "/about" })).toBe("About us (/about)");
    expect(titleOf(page, undefined)).toBe("about");
    expect(titleOf(entryOfPath(collections, "content/site.yaml")!, {})).toBe("Site settings");
    expect(entryAddress(page)).toBe("#/collections/pages/entries/about");
  });

  it("reads a version's data from YAML or Markdown's front matter, and none for no file", () => {
    expect(dataOf(faq("a"), "question: Why?\n")).toEqual({ question: "Why?" });
    expect(dataOf("content/pages/terms.md", "---\ntitle: Terms\n---\nThe text.\n")).toEqual({
      title: "Terms",
      body: "The text.\n",
    });
    expect(dataOf(faq("a"), null)).toBeUndefined();
    expect(dataOf(faq("a"), "a: [unclosed")).toEqual({});
  });
});

describe("the rows", () => {
  it("compare each file of a commit before (at its parent, under its old name) and after", () => {
    const changes: ContentCommit[] = [
      {
        ...who(3),
        files: [
          { path: faq("b"), status: "renamed", previousPath: faq("a") },
          { path: faq("c"), status: "removed" },
          { path: faq("d"), status: "added" },
          { path: faq("e"), status: "modified" },
        ],
      },
      { ...who(1), parent: undefined, files: [{ path: faq("a"), status: "modified" }] },
    ];
    const [row, first] = rowsOfChanges(changes);
    expect(row!.files).toEqual([
      {
        path: faq("b"),
        status: "renamed",
        previousPath: faq("a"),
        before: { sha: "p3", path: faq("a") },
        after: { sha: "c3", path: faq("b") },
      },
      { path: faq("c"), status: "removed", before: { sha: "p3", path: faq("c") }, after: undefined },
      { path: faq("d"), status: "added", before: undefined, after: { sha: "c3", path: faq("d") } },
      {
        path: faq("e"),
        status: "modified",
        before: { sha: "p3", path: faq("e") },
        after: { sha: "c3", path: faq("e") },
      },
    ]);
    expect(row).not.toHaveProperty("parent");
    // The first commit has no parent: what it has, it added.
    expect(first!.files[0]).toMatchObject({ status: "added" });
    expect(first!.files[0]!.before).toBeUndefined();
  });

  it("of a file's versions compare each with the next older, through a rename, the oldest an addition", () => {
    const versions: Version[] = [
      { ...who(4), path: faq("b") },
      { ...who(3), path: faq("b") },
      { ...who(2), path: faq("a") },
    ];
    const rows = rowsOfVersions(versions, { ...who(1), path: faq("a") });
    expect(rows.map((r) => r.files[0])).toEqual([
      {
        path: faq("b"),
        status: "modified",
        before: { sha: "c3", path: faq("b") },
        after: { sha: "c4", path: faq("b") },
      },
      {
        path: faq("b"),
        status: "renamed",
        previousPath: faq("a"),
        before: { sha: "c2", path: faq("a") },
        after: { sha: "c3", path: faq("b") },
      },
      {
        path: faq("a"),
        status: "modified",
        before: { sha: "c1", path: faq("a") },
        after: { sha: "c2", path: faq("a") },
      },
    ]);
    const [oldest] = rowsOfVersions(versions.slice(2));
    expect(oldest!.files[0]).toMatchObject({ status: "added" });
    expect(oldest!.files[0]!.before).toBeUndefined();
  });

  it("offer to bring back a file whose newest change removed it, not one added again or renamed away", () => {
    const rows = rowsOfChanges([
      { ...who(5), files: [{ path: faq("x"), status: "added" }] },
      { ...who(4), files: [{ path: faq("x"), status: "removed" }] },
      { ...who(3), files: [{ path: faq("gone"), status: "removed" }] },
      { ...who(2), files: [{ path: faq("new"), status: "renamed", previousPath: faq("old") }] },
      { ...who(1), files: [{ path: faq("old"), status: "removed" }] },
    ]);
    const gone = goneFiles(rows);
    expect([...gone.keys()]).toEqual([faq("gone")]);
    expect(gone.get(faq("gone"))!.sha).toBe("c3");
  });
});

describe("a page of rows", () => {
  const versions: Version[] = [4, 3, 2, 1].map((n) => ({ ...who(n, n % 2 ? "Sam" : "Maria"), path: faq("a") }));
  const asked: unknown[] = [];
  const source = {
    versionsOf: async (_path: string, { limit = 30, cursor = "0" }: { limit?: number; cursor?: string } = {}) => {
      asked.push(["versions", limit, cursor]);
      const skip = Number(cursor);
      const items = versions.slice(skip, skip + limit);
      return { items, cursor: skip + limit < versions.length ? String(skip + limit) : undefined };
    },
    recentChanges: async (options: object = {}) => {
      asked.push(["changes", options]);
      return { items: [{ ...who(4), files: [{ path: faq("a"), status: "modified" as const }] }], cursor: "1" };
    },
    fileAt: async () => null,
  };

  it("of an entry reads one version more than it shows, compared with the last, and carries it to the next page", async () => {
    const page = await rowPage(source, { path: faq("a"), limit: 2 });
    expect(page.rows.map((r) => [r.sha, r.files[0]!.before?.sha])).toEqual([
      ["c4", "c3"],
      ["c3", "c2"],
    ]);
    expect(page.next).toMatchObject({ cursor: "3", carry: { sha: "c2" } });
    const last = await rowPage(source, { path: faq("a"), limit: 2, at: page.next });
    expect(last.rows.map((r) => [r.sha, r.files[0]!.status])).toEqual([
      ["c2", "modified"],
      ["c1", "added"],
    ]);
    expect(last.next).toBeUndefined();
    // Each version asked for once.
    expect(asked).toEqual([
      ["versions", 3, "0"],
      ["versions", 2, "3"],
    ]);
    const sams = await rowPage(source, { path: faq("a"), author: "SAM@example.test", limit: 2 });
    expect(sams.rows.map((r) => r.sha)).toEqual(["c3"]);
  });

  it("of every content file is the recent changes, by one person when asked", async () => {
    asked.length = 0;
    const page = await rowPage(source, { author: "sam@example.test", at: { cursor: "5" } });
    expect(asked).toEqual([["changes", { limit: 20, cursor: "5", author: "sam@example.test" }]]);
    expect(page).toMatchObject({ next: { cursor: "1" }, rows: [{ sha: "c4" }] });
  });
});

describe("a row in words", () => {
  const texts: Record<string, string | null> = {
    [`p3:${faq("a")}`]: "question: Is it safe?\nanswer: Yes.\n",
    [`c3:${faq("a")}`]: "question: Is it safe?\nanswer: Yes, always.\n",
    [`p3:${faq("gone")}`]: "question: Do you back up?\nanswer: Nightly.\n",
    [`p3:${faq("old")}`]: "question: Old name?\nanswer: Same.\n",
    [`c3:${faq("moved")}`]: "question: Old name?\nanswer: Same.\n",
    [`c3:${faq("fresh")}`]: "question: New one?\nanswer: Yes.\n",
  };
  const asked: string[] = [];
  const reader = () =>
    keptReader({
      fileAt: async (sha, path) => {
        asked.push(`${sha}:${path}`);
        return texts[`${sha}:${path}`] ?? null;
      },
    });
  const options: DescribeOptions = {
    collections,
    fieldsOf: (entry) =>
      entry.collection === "faq"
        ? [
            { name: "question", label: "Question", widget: "string" },
            { name: "answer", label: "Answer", widget: "markdown" },
          ]
        : undefined,
    read: reader(),
  };

  it("says each field that changed by its label, a creation, a deletion with its last text, a picture by its path", async () => {
    const [row] = rowsOfChanges([
      {
        ...who(3),
        files: [
          { path: faq("a"), status: "modified" },
          { path: faq("gone"), status: "removed" },
          { path: faq("fresh"), status: "added" },
          { path: "content/images/team/x.jpg", status: "added" },
        ],
      },
    ]);
    const { files } = await describeRow(row!, options);
    expect(files.map((f) => [f.title, f.status, f.said])).toEqual([
      ["Is it safe?", "modified", ["Answer: 'Yes.' → 'Yes, always.'"]],
      ["Do you back up?", "removed", ["Deleted."]],
      ["New one?", "added", ["Created."]],
      ["images/team/x.jpg", "added", ["Created."]],
    ]);
    expect(files[1]).toMatchObject({ last: { sha: "p3", path: faq("gone") }, lastText: texts[`p3:${faq("gone")}`] });
    // The picture is not read.
    expect(asked.some((a) => a.includes("images"))).toBe(false);
  });

  it("says a removal and an addition of the same text in one commit as one rename", async () => {
    const [row] = rowsOfChanges([
      {
        ...who(3),
        files: [
          { path: faq("old"), status: "removed" },
          { path: faq("moved"), status: "added" },
        ],
      },
    ]);
    const { files } = await describeRow(row!, options);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      path: faq("moved"),
      status: "renamed",
      previousPath: faq("old"),
      title: "Old name?",
      said: ["File renamed: old → moved."],
    });
  });

  it("says a version whose file is gone a deletion, and reads each version once", async () => {
    asked.length = 0;
    const rows = rowsOfVersions([
      { ...who(4), sha: "c9", path: faq("gone") },
      { ...who(3), sha: "p3", path: faq("gone") },
    ]);
    const fresh = { ...options, read: reader() };
    const [removal] = await Promise.all(rows.map((row) => describeRow(row, fresh)));
    expect(removal!.files[0]).toMatchObject({ status: "removed", said: ["Deleted."], last: { sha: "p3" } });
    expect(asked.filter((a) => a === `p3:${faq("gone")}`)).toHaveLength(1);
    // Made again after its removal: an addition.
    const [again] = rowsOfVersions([
      { ...who(5), sha: "p3", path: faq("gone") },
      { ...who(4), sha: "c9", path: faq("gone") },
    ]);
    expect((await describeRow(again!, fresh)).files[0]).toMatchObject({ status: "added", said: ["Created."] });
  });
});

describe("the screen's state", () => {
  const row = (n: number, author: string) => ({
    ...who(n, author),
    files: [
      {
        path: faq(`q${n}`),
        status: "modified" as const,
        title: `Question ${n}?`,
        said: [],
        entry: entryOfPath(collections, faq(`q${n}`))!,
      },
    ],
  });

  it("reads its filter from the address and writes back only what is chosen", () => {
    const state = initialState(new URLSearchParams(`entry=${faq("q1")}&person=sam@example.test`));
    expect(state.filter).toEqual({ entry: faq("q1"), person: "sam@example.test" });
    // Chosen before they are met: offered by their file and e-mail.
    expect([...state.entries.keys()]).toEqual([faq("q1")]);
    expect([...state.people]).toEqual([["sam@example.test", "sam@example.test"]]);
    expect(filterQuery({ entry: "", person: "sam@example.test" }).toString()).toBe("person=sam%40example.test");
  });

  it("adds a further page's rows after the first's, meets their entries and people, and starts over on a new filter", () => {
    let state = initialState(new URLSearchParams());
    state = changesReducer(state, { type: "loaded", rows: [row(2, "Sam")], next: { cursor: "1" } });
    state = changesReducer(state, { type: "more" });
    expect(state.at).toEqual({ cursor: "1" });
    state = changesReducer(state, { type: "loaded", rows: [row(1, "Maria")], next: undefined });
    expect(state.rows.map((r) => r.sha)).toEqual(["c2", "c1"]);
    expect(changesReducer(state, { type: "more" })).toBe(state);
    expect([...state.people]).toEqual([
      ["sam@example.test", "Sam"],
      ["maria@example.test", "Maria"],
    ]);
    expect(state.entries.get(faq("q1"))).toBe("Question 1? (Question)");
    state = changesReducer(state, { type: "show", filter: { entry: "", person: "maria@example.test" } });
    expect(state.at).toBeUndefined();
    state = changesReducer(state, { type: "loaded", rows: [row(1, "Maria")], next: undefined });
    expect(state.rows.map((r) => r.sha)).toEqual(["c1"]);
  });
});
