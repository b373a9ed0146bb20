/**
 * The per-file cache (scripts/content/speed/cache.ts): used when the bytes and the code are the same,
 * ignored when either changed or when it cannot be read, and never hiding a problem another file
 * causes (a renamed, deleted or drafted entry that an unchanged, cached file refers to).
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ContentCache } from "../../scripts/content/speed/cache.ts";
import { runContent } from "../../scripts/content/pipeline.ts";
import { change, fixture, replace } from "./helpers.ts";
import { tempDir } from "../helpers/temp-dirs.ts";

const answer = "<p>Yes, it is <strong>only</strong> a test.</p>";
const firstAnswer = (result: ReturnType<typeof runContent>) => result.content?.collections.faq?.[0]?.answer;

/** A primed cache for a fresh copy of the valid fixture: its folder, the content folder, the cache file. */
function primed() {
  const dir = fixture();
  const cache = tempDir("content-cache-");
  expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
  const [name] = readdirSync(cache);
  return { dir, cache, file: join(cache, name!) };
}

/** Changes what the cache holds for the FAQ entry's answer: seen in the output only if the cache is used. */
function poison(file: string, edit: (stored: { version: string; entries: Record<string, { valid?: { value: { answer: string } } }> }) => void) {
  const stored = JSON.parse(readFileSync(file, "utf8"));
  stored.entries["collections/faq/first.yaml"].valid.value.answer = "<p>from the cache</p>";
  edit(stored);
  writeFileSync(file, JSON.stringify(stored));
}

describe("the per-file cache", () => {
  it("serves an unchanged file from the cache, and parses a changed one again", () => {
    const { dir, cache, file } = primed();
    poison(file, () => {});
    expect(firstAnswer(runContent({ contentDir: dir, cache }))).toBe("<p>from the cache</p>");
    change(dir, { "collections/faq/first.yaml": replace("**only**", "_only_") });
    expect(firstAnswer(runContent({ contentDir: dir, cache }))).toBe("<p>Yes, it is <em>only</em> a test.</p>");
  });

  it("is ignored when the schemas or the pipeline changed (another code version)", () => {
    const { dir, cache, file } = primed();
    poison(file, (stored) => (stored.version = "an older pipeline"));
    expect(firstAnswer(runContent({ contentDir: dir, cache }))).toBe(answer);
  });

  it("is ignored when it cannot be read", () => {
    const { dir, cache, file } = primed();
    for (const broken of ["{ not json", "null", '{"entries": 3}', JSON.stringify({ version: 1, entries: { x: null } })]) {
      writeFileSync(file, broken);
      const result = runContent({ contentDir: dir, cache });
      expect(result.problems).toEqual([]);
      expect(firstAnswer(result)).toBe(answer);
    }
    // And written afresh, usable again.
    expect(new ContentCache(dir, cache).get("collections/faq/first.yaml", "nope")).toBeUndefined();
    expect(JSON.parse(readFileSync(file, "utf8")).entries["collections/faq/first.yaml"].valid.value.answer).toBe(answer);
  });

  it("revalidates every file when a context changes: an entry renamed away from a cached page", () => {
    const { dir, cache } = primed();
    renameSync(join(dir, "collections/faq/first.yaml"), join(dir, "collections/faq/second.yaml"));
    const problems = runContent({ contentDir: dir, cache }).problems;
    expect(problems).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/pages\/home\.yaml$/), line: 24, field: "sections[2].questions[0]" }),
    ]);
    expect(problems[0]!.message).toContain('unknown question "first". Known: "second"');
    // Renamed back: valid again, and the cache still serves it.
    renameSync(join(dir, "collections/faq/second.yaml"), join(dir, "collections/faq/first.yaml"));
    expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
  });

  it("reports a dangling reference from a cached file when the entry it names is deleted", () => {
    const { dir, cache } = primed();
    const before = runContent({ contentDir: fixture({ "collections/faq/first.yaml": null }) }).problems;
    change(dir, { "collections/faq/first.yaml": null });
    const after = runContent({ contentDir: dir, cache }).problems;
    expect(after.length).toBeGreaterThan(0);
    expect(after.map(({ line, column, field, message }) => ({ line, column, field, message }))).toEqual(
      before.map(({ line, column, field, message }) => ({ line, column, field, message })),
    );
  });

  it("reports a published page showing an entry just made a draft, and leaves it out of the output", () => {
    const { dir, cache } = primed();
    change(dir, { "collections/faq/first.yaml": (text) => `${text}draft: true\n` });
    const problems = runContent({ contentDir: dir, cache }).problems;
    expect(problems.map((p) => [p.line, p.field])).toEqual([[24, "sections[2].questions[0]"]]);
    expect(problems[0]!.message).toContain("is a draft");
    change(dir, { "collections/faq/first.yaml": replace("draft: true\n", "") });
    expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
  });

  it("kept between runs (the dev server), checks each run against that run's facts: an entry removed, then put back", () => {
    const dir = fixture();
    const cache = new ContentCache(dir);
    const entry = readFileSync(join(dir, "collections/faq/first.yaml"), "utf8");
    expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
    change(dir, { "collections/faq/first.yaml": null });
    const missing = runContent({ contentDir: dir, cache }).problems;
    expect(missing.map((p) => p.message)).toEqual([expect.stringContaining('unknown question "first"')]);
    change(dir, { "collections/faq/first.yaml": entry });
    expect(runContent({ contentDir: dir, cache }).problems).toEqual([]);
    // The same, afresh, with no cache: the same answers.
    change(dir, { "collections/faq/first.yaml": null });
    expect(runContent({ contentDir: dir }).problems).toEqual(missing);
  });
});
