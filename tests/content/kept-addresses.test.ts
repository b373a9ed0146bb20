/**
 * A published address never becomes a 404 (issue 59, item 8): the content check's comparison with
 * `main` (scripts/content/cli/base-addresses.ts), on a small repository of its own: a renamed entry, a
 * page's new route and a kind's new address pattern are refused until content/redirects.yaml keeps the
 * old address, with the lines to add; a draft is the editor's choice; without history the check says so.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkKeptAddresses, recordBuiltAddresses } from "../../scripts/content/cli/base-addresses.ts";
import { publishedAddresses } from "../../scripts/content/stages/published-addresses.ts";
import { droppedAddresses } from "../../scripts/content/stages/kept-addresses.ts";
import { contentKinds } from "../../schemas/kinds.ts";
import { entryAddress, listingAddress } from "../../schemas/addresses.ts";

const projectRoot = join(import.meta.dirname, "..", "..");
const guides = contentKinds.find((kind) => "address" in kind && kind.address !== undefined) as { folder: string; address: string };
const now = Date.parse("2026-06-15T12:00:00Z");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
// The bundled table of kinds needs zod: its cache is inside the project's node_modules, as the real one is.
mkdirSync(join(projectRoot, "node_modules", ".cache"), { recursive: true });
const cacheDir = mkdtempSync(join(projectRoot, "node_modules", ".cache", "kept-addresses-test-"));
made.push(cacheDir);

const entry = (title: string, extra = "") => `---\ntitle: ${title}\npublished: 2026-01-02\n${extra}---\nText.\n`;
const files: Record<string, string> = {
  "site.yaml": "timeZone: America/New_York\n",
  "pages/home.yaml": "route: /\ntitle: Home\n",
  "pages/pricing.yaml": "route: /pricing\ntitle: Prices\n",
  [`${guides.folder}/printer-offline.md`]: entry("Printer offline"),
  [`${guides.folder}/wifi-drops.md`]: entry("Wi-Fi drops"),
  [`${guides.folder}/coming-soon.md`]: entry("Coming soon", "publishDate: 2027-01-01T00:00\n"),
};

function write(root: string, rel: string, text: string) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}
const git = (root: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd: root, encoding: "utf8" });

/** A repository whose `main` has the files (and `schemas`, when given), and a work tree on a branch. */
function repository(schemas?: (text: string) => string): string {
  const root = mkdtempSync(join(tmpdir(), "kept-addresses-"));
  made.push(root);
  for (const [rel, text] of Object.entries(files)) write(root, `content/${rel}`, text);
  if (schemas) {
    for (const folder of ["schemas", "sections"]) cpSync(join(projectRoot, folder), join(root, folder), { recursive: true });
    write(root, "schemas/kinds.ts", schemas(readFileSync(join(projectRoot, "schemas", "kinds.ts"), "utf8")));
  }
  git(root, "init", "-q", "-b", "main");
  git(root, "add", "-A");
  git(root, "commit", "-qm", "launch");
  git(root, "checkout", "-qb", "change");
  return root;
}
const check = (root: string, env: NodeJS.ProcessEnv = {}) =>
  checkKeptAddresses(join(root, "content"), { now, cacheDir, root, env });

describe("the content check keeps published addresses", () => {
  it("refuses a renamed entry until its old address redirects, naming the lines to add", async () => {
    const root = repository();
    const folder = join(root, "content", guides.folder);
    renameSync(join(folder, "printer-offline.md"), join(folder, "printer-says-offline.md"));
    const { problems } = await check(root);
    const from = entryAddress(guides.address, "printer-offline");
    const to = entryAddress(guides.address, "printer-says-offline");
    expect(problems).toHaveLength(1);
    expect(problems[0]!.file).toMatch(/printer-says-offline\.md$/);
    expect(problems[0]!.severity).toBeUndefined();
    expect(problems[0]!.message).toContain(`"${from}" is published on main`);
    expect(problems[0]!.message).toContain(`  - from: ${from}\n    to: ${to}`);

    write(root, "content/redirects.yaml", `redirects:\n  - from: ${from}\n    to: ${to}\n`);
    expect((await check(root)).problems).toEqual([]);
  });

  it("refuses a page's new route, and takes a draft, a scheduled entry's removal, a broken file and an unchanged tree as they are", async () => {
    const root = repository();
    write(root, "content/pages/pricing.yaml", "route: /prices\ntitle: Prices\n");
    write(root, `content/${guides.folder}/wifi-drops.md`, entry("Wi-Fi drops", "draft: true\n"));
    rmSync(join(root, "content", guides.folder, "coming-soon.md"));
    const { problems } = await check(root);
    expect(problems.map((p) => p.message.split(" is published")[0])).toEqual(['"/pricing"']);
    expect(problems[0]!.message).toContain("  - from: /pricing\n    to: /prices");
    // A page that cannot be read is the content check's to report, not a lost address.
    write(root, "content/pages/pricing.yaml", "route: [/prices\n");
    expect((await check(root)).problems).toEqual([]);
    git(root, "checkout", "-q", "--", "content/pages/pricing.yaml");
    expect((await check(root)).problems).toEqual([]);
  });

  it("refuses deleted entries' addresses, and their kind's listing once none is shown, leading nowhere yet: the lines go in redirects.yaml", async () => {
    const root = repository();
    rmSync(join(root, "content", guides.folder, "wifi-drops.md"));
    rmSync(join(root, "content", guides.folder, "printer-offline.md"));
    const { problems } = await check(root);
    const dropped = problems.map((p) => /"([^"]+)" is published/.exec(p.message)![1]);
    expect(dropped).toEqual([listingAddress(guides.address), entryAddress(guides.address, "printer-offline"), entryAddress(guides.address, "wifi-drops")].sort());
    expect(problems.every((p) => p.file.endsWith("content/redirects.yaml"))).toBe(true);
    expect(problems[0]!.message).toContain("to: /the-page-that-replaced-it");
  });

  it("finds the addresses a kind's old pattern made, from main's own table of kinds", async () => {
    const old = guides.address.replace(/^\/[^/]+/, "/help");
    const root = repository((text) => text.replace(`address: "${guides.address}"`, `address: "${old}"`));
    // The work tree's schemas are today's: the kind's address changed in this branch.
    cpSync(join(projectRoot, "schemas"), join(root, "schemas"), { recursive: true });
    const { problems } = await check(root);
    const dropped = problems.map((p) => /"([^"]+)" is published/.exec(p.message)![1]).sort();
    expect(dropped).toEqual([listingAddress(old), entryAddress(old, "printer-offline"), entryAddress(old, "wifi-drops")]);
    const lines = problems.map((p) => p.message.split("\n").slice(1, 3).join("\n"));
    expect(lines).toContain(`  - from: ${listingAddress(old)}\n    to: ${listingAddress(guides.address)}`);
    expect(lines).toContain(`  - from: ${entryAddress(old, "printer-offline")}\n    to: ${entryAddress(guides.address, "printer-offline")}`);
  });

  it("without history says so, and compares with the last build's addresses as warnings only", async () => {
    const root = mkdtempSync(join(tmpdir(), "kept-addresses-copy-"));
    made.push(root);
    for (const [rel, text] of Object.entries(files)) write(root, `content/${rel}`, text);
    const first = await check(root);
    expect(first.problems).toEqual([]);
    expect(first.note).toMatch(/not compared with main: this copy of the project has no Git history/);
    await recordBuiltAddresses(join(root, "content"), { now, cacheDir, root });
    write(root, "content/pages/pricing.yaml", "route: /prices\ntitle: Prices\n");
    const later = await check(root);
    expect(later.note).toMatch(/compared with the last build/);
    expect(later.problems.map((p) => [p.severity, p.message.split(" is published")[0]])).toEqual([["warning", '"/pricing"']]);
  });

  it("a clone without main (a shallow one in CI) says which base it lacks", async () => {
    const root = repository();
    git(root, "branch", "-qD", "main");
    const { problems, note } = await check(root, { GITHUB_BASE_REF: "main" });
    expect(problems).toEqual([]);
    expect(note).toContain("origin/main and main are not in this clone's history");
  });

  it("what /admin/ asks on a rename: the dropped address and where it now leads, a redirect chain followed to its end", () => {
    const tree = (entries: Record<string, string>) => ({ files: Object.keys(entries), read: (f: string) => entries[f] });
    const before = publishedAddresses(tree({ [`${guides.folder}/a.md`]: entry("A") }), { now });
    const after = publishedAddresses(
      tree({ [`${guides.folder}/b.md`]: entry("A"), "redirects.yaml": `redirects:\n  - from: ${entryAddress(guides.address, "b")}\n    to: /pricing\n` }),
      { now },
    );
    expect(droppedAddresses(before, after, new Map([[`${guides.folder}/a.md`, `${guides.folder}/b.md`]]))).toEqual([
      { from: entryAddress(guides.address, "a"), file: `${guides.folder}/a.md`, to: "/pricing", toFile: `${guides.folder}/b.md` },
    ]);
  });
});
