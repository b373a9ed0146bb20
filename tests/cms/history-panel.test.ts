/**
 * The entry's History panel's logic (admin/history/): versions paired with what each changed, a
 * version's file read as the editor reads it, a restore's values (a one-field restore is a one-line
 * change), dates in the site's time zone, and what today's rules refuse in a version. Fixture
 * fields, files and versions written here; the refusal is checked among the shipped content as
 * stored, on a version made from one of its plans.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Version } from "../../schemas/history.ts";
import type { StoredFile } from "../../admin/editor/check.ts";
import { writtenTime } from "../../admin/history/dates.ts";
import { restoredData, withChanges, type ReadVersion } from "../../admin/history/panel/entry-history.ts";
import { whatNoLongerFits } from "../../admin/history/panel/refusals.ts";
import { versionData } from "../../admin/history/panel/version-data.ts";
import { editInPlace, fromFile, SOURCE, withoutHidden } from "../../admin/editor/in-place.ts";
import type { Field } from "../../admin/editor/labels.ts";
import { cmsConfig } from "../../scripts/cms/config.ts";

const fields: Field[] = [
  { name: "name", label: "Name", widget: "string" },
  { name: "price", label: "Price", widget: "number" },
];

const version = (sha: string, author: string, date: string): Version => ({
  sha,
  author,
  date,
  email: `${author.toLowerCase()}@example.com`,
  message: `by ${author}`,
  path: "content/collections/plans/pro.yaml",
});
const read = (v: Version, data: Record<string, unknown> | undefined): ReadVersion => ({
  version: v,
  text: data && JSON.stringify(data),
  data,
});

describe("an entry's versions, each with what it changed", () => {
  const sam = read(version("c", "Sam", "2026-11-09T12:00:00Z"), { name: "Pro", price: 59 });
  const maria = read(version("b", "Maria", "2026-11-02T12:00:00Z"), { name: "Pro", price: 54 });
  const first = read(version("a", "Set-up", "2026-10-20T12:00:00Z"), { name: "Pro", price: 49 });

  it("says each version's changes against the one before it, newest first, the last one the first", () => {
    const listed = withChanges(fields, [sam, maria, first], undefined);
    expect(listed.map((l) => l.changes.map((c) => c.sentence))).toEqual([["Price: 54 → 59"], ["Price: 49 → 54"], []]);
    expect(listed.map((l) => l.first)).toEqual([false, false, true]);
  });

  it("says the last version of a page against the next page's first", () => {
    const listed = withChanges(fields, [sam, maria], first);
    expect(listed.at(-1)!.changes.map((c) => c.sentence)).toEqual(["Price: 49 → 54"]);
    expect(listed.at(-1)!.first).toBe(false);
  });

  it("says nothing changed for a version whose file cannot be read, nor for the one after it", () => {
    const unreadable = read(version("b", "Maria", "2026-11-02T12:00:00Z"), undefined);
    const listed = withChanges(fields, [sam, unreadable, first], undefined);
    expect(listed.map((l) => l.changes.length)).toEqual([0, 0, 0]);
    expect(listed[1]!.first).toBe(false);
  });
});

describe("a version's file as the editor reads it", () => {
  it("reads YAML fields, dates as text", () => {
    expect(versionData("a.yaml", "name: Pro\nprice: 49\npublishDate: 2026-11-02\n")).toEqual({
      name: "Pro",
      price: 49,
      publishDate: "2026-11-02",
    });
  });

  it("reads a Markdown page's front matter and its text as `body`", () => {
    expect(versionData("terms.md", "---\ntitle: Terms\n---\nThe text.\n")).toEqual({
      title: "Terms",
      body: "The text.\n",
    });
  });

  it("gives nothing for a file that cannot be read", () => {
    expect(versionData("a.yaml", "name: [unclosed\n")).toBeUndefined();
    expect(versionData("a.md", "no front matter")).toBeUndefined();
  });
});

describe("a restore", () => {
  const live = "# The plan\nname: Pro # as shown\nprice: 59\nfeatures:\n  - Backup\n  - Support\n";
  const maria = "name: Pro\nprice: 54\nfeatures: [Backup, Support]\n";

  it("puts the version's values in the editor with the live file kept, so a one-field restore is a one-line change", () => {
    const draft = fromFile(live);
    const restored = restoredData(draft, versionData("pro.yaml", maria)!);
    expect(withoutHidden(restored)).toEqual({ name: "Pro", price: 54, features: ["Backup", "Support"] });
    expect(restored[SOURCE]).toBe(live);
    const written = editInPlace(live, withoutHidden(restored));
    const [a, b] = [live.split("\n"), written.split("\n")];
    expect(b.length).toBe(a.length);
    expect(b.filter((line, i) => line !== a[i])).toEqual(["price: 54"]);
  });

  it("leaves out the fields the version did not have", () => {
    const restored = restoredData({ name: "Pro", badge: "New" }, { name: "Old" });
    expect(restored).toEqual({ name: "Old" });
  });
});

describe("a version's date", () => {
  it("is said in the site's time zone", () => {
    expect(writtenTime("2026-11-02T12:00:00Z", "America/Chicago")).toBe("Nov 2, 2026, 6:00 AM");
    expect(writtenTime("2026-11-02T23:30:00Z", "Europe/Berlin")).toBe("Nov 3, 2026, 12:30 AM");
    // No zone set: UTC, the same on every screen.
    expect(writtenTime("2026-11-02T23:30:00Z", undefined)).toBe("Nov 2, 2026, 11:30 PM");
  });
});

describe("a version today's rules refuse", () => {
  const contentDir = join(import.meta.dirname, "..", "..", "content");
  const stored: StoredFile[] = (readdirSync(contentDir, { recursive: true }) as string[])
    .map((rel) => rel.split("\\").join("/"))
    .filter((rel) => /\.(yaml|md)$/.test(rel) && !rel.startsWith("images/") && rel !== "README.md")
    .map((rel) => ({ rel, text: readFileSync(join(contentDir, rel), "utf8") }));
  const plan = stored.find((f) => f.rel.startsWith("collections/plans/"))!;
  const slug = plan.rel.replace(/^.*\/|\.yaml$/g, "");
  const config = cmsConfig({ repo: "example/site" });
  const entry = { collection: "plans", slug, rel: plan.rel };
  const priceLabel = config.collections.find((c) => c.name === "plans")!.fields!.find((f) => f.name === "price")!.label;

  it("accepts a version that fits", () => {
    expect(whatNoLongerFits(config, entry, plan.text, stored)).toEqual([]);
  });

  it("says in words, at the field's label, what no longer fits: a field since made required, one renamed", () => {
    const data = parse(plan.text) as Record<string, unknown>;
    const old: Record<string, unknown> = { ...data, cost: data.price };
    delete old.price;
    const words = whatNoLongerFits(config, entry, editInPlace(plan.text, old), stored);
    expect(words.some((w) => w.startsWith(`${priceLabel}: `))).toBe(true);
    expect(words.length).toBeGreaterThanOrEqual(1);
  });
});
