/**
 * "What changes when you publish" (admin/history/panel/to-publish.ts, useSettled.ts): the draft against the
 * live file in the history's words, nothing when they are alike, the short summary a screen reader
 * hears, and the pause after typing before it is said again (fake timers, no waiting). Fixture fields
 * and files written here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromFile } from "../../admin/editor/in-place.ts";
import type { Field } from "../../admin/editor/labels.ts";
import { liveFailed, liveOf, summaryOf, toPublish, type ToPublish } from "../../admin/history/panel/to-publish.ts";
import { settler } from "../../admin/history/panel/useSettled.ts";

const fields: Field[] = [
  { name: "name", label: "Name", widget: "string" },
  { name: "price", label: "Price", widget: "number" },
];
const path = "content/collections/plans/pro.yaml";
const liveText = "# The plan\nname: Pro\nprice: 59\n";

const sentences = (state: ToPublish) => (state.kind === "changes" ? state.changes.map((c) => c.sentence) : state.kind);

describe("what publishing changes", () => {
  const live = liveOf(path, liveText);

  it("is nothing while the editor holds the live file as /admin/ opened it (its hidden source aside)", () => {
    expect(toPublish(fields, live, fromFile(liveText))).toEqual({ kind: "nothing" });
    expect(toPublish(fields, live, undefined)).toEqual({ kind: "nothing" });
  });

  it("says each changed field by its label, before → after, as the history says a version's changes", () => {
    const draft = { ...fromFile(liveText), price: 54 };
    expect(sentences(toPublish(fields, live, draft))).toEqual(["Price: 59 → 54"]);
    expect(sentences(toPublish(fields, live, { ...draft, name: "Pro plus" }))).toEqual([
      "Name: 'Pro' → 'Pro plus'",
      "Price: 59 → 54",
    ]);
  });

  it("reads a Markdown page's front matter and text as the editor does", () => {
    const page = liveOf("content/pages/terms.md", "---\ntitle: Terms\n---\nThe text.\n");
    const pageFields: Field[] = [
      { name: "title", label: "Title", widget: "string" },
      { name: "body", label: "Text", widget: "markdown" },
    ];
    expect(toPublish(pageFields, page, { title: "Terms", body: "The text.\n" })).toEqual({ kind: "nothing" });
    expect(sentences(toPublish(pageFields, page, { title: "Terms of use", body: "The text.\n" }))).toEqual([
      "Title: 'Terms' → 'Terms of use'",
    ]);
  });

  it("says every field a new entry sets when it is not live yet (the backend gives no text)", () => {
    expect(sentences(toPublish(fields, liveOf(path, ""), { name: "Pro", price: 54 }))).toEqual([
      "Name: set to 'Pro'",
      "Price: set to 54",
    ]);
    expect(toPublish(fields, liveOf("content/pages/new.md", ""), { title: "New" }).kind).toBe("changes");
  });

  it("waits for the live version, and says in words when it cannot be read", () => {
    expect(toPublish(fields, undefined, { price: 54 })).toEqual({ kind: "reading" });
    for (const unreadable of [liveOf(path, undefined), liveOf(path, "price: [unclosed\n")])
      expect(toPublish(fields, unreadable, { price: 54 })).toEqual({
        kind: "unreadable",
        error: "The live version cannot be read.",
      });
    expect(liveFailed(new Error("the backend answered 500"))).toEqual({
      error: "The live version cannot be read: the backend answered 500",
    });
  });
});

describe("the summary a screen reader hears", () => {
  const live = liveOf(path, liveText);

  it("counts the changes, not their words: typing more into a changed field says nothing new", () => {
    const one = summaryOf(toPublish(fields, live, { name: "Pro", price: 5 }));
    expect(one).toBe("What changes when you publish: 1 change, not live until you publish.");
    expect(summaryOf(toPublish(fields, live, { name: "Pro", price: 54 }))).toBe(one);
    expect(summaryOf(toPublish(fields, live, { name: "Max", price: 54 }))).toBe(
      "What changes when you publish: 2 changes, not live until you publish.",
    );
  });

  it("is empty when nothing changes or the live version is being read; says why when it cannot be read", () => {
    expect(summaryOf({ kind: "nothing" })).toBe("");
    expect(summaryOf({ kind: "reading" })).toBe("");
    expect(summaryOf(toPublish(fields, liveOf(path, undefined), {}))).toBe(
      "What changes when you publish: The live version cannot be read.",
    );
  });
});

describe("the pause after typing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("takes the last value once none has come for the pause, once", () => {
    const taken: string[] = [];
    const later = settler<string>(300, (value) => taken.push(value));
    later.push("P");
    vi.advanceTimersByTime(200);
    later.push("Pr");
    vi.advanceTimersByTime(200);
    later.push("Pro");
    vi.advanceTimersByTime(299);
    expect(taken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(taken).toEqual(["Pro"]);
    vi.advanceTimersByTime(1000);
    expect(taken).toEqual(["Pro"]);
  });

  it("drops a value waiting when stopped (the entry left, or the value back to the one taken)", () => {
    const taken: string[] = [];
    const later = settler<string>(300, (value) => taken.push(value));
    later.push("Pro");
    later.stop();
    vi.advanceTimersByTime(1000);
    expect(taken).toEqual([]);
  });
});
