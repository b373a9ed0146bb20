/**
 * The three-way merge of an entry's data at a save (admin/editor/three-way.ts): one-sided changes kept
 * from both sides, at any depth; a field both changed refused, the file's value kept; the two choices.
 */
import { describe, expect, it } from "vitest";
import { resolved, threeWay } from "../../admin/editor/three-way.ts";

const read = { name: "Pro", price: 59, summary: "Old", seo: { title: "T", description: "D" }, items: ["a", "b"] };

describe("the three-way merge of an entry", () => {
  it("keeps every field changed on one side only, theirs and mine, at any depth and when left out", () => {
    const theirs = { ...read, summary: "Theirs", seo: { title: "T2", description: "D" }, items: ["a", "b", "c"] };
    const mine = { ...read, price: undefined, name: "Mine", seo: { title: "T", description: "D2" } };
    const merged = threeWay(read, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(merged.data).toEqual({
      name: "Mine",
      summary: "Theirs",
      seo: { title: "T2", description: "D2" },
      items: ["a", "b", "c"],
    });
    expect(merged.taken).toEqual([["summary"], ["seo", "title"], ["items"]]);
  });

  it("takes a change both made alike once, and refuses one they made differently, keeping the file's value", () => {
    const theirs = { ...read, price: 69, name: "Same", items: ["b", "a"] };
    const mine = { ...read, price: 79, name: "Same", items: ["a", "b", "x"] };
    const merged = threeWay(read, theirs, mine);
    expect(merged.conflicts).toEqual([
      { path: ["price"], read: 59, theirs: 69, mine: 79 },
      { path: ["items"], read: ["a", "b"], theirs: ["b", "a"], mine: ["a", "b", "x"] },
    ]);
    expect(merged.data).toMatchObject({ price: 69, name: "Same", items: ["b", "a"] });
    expect(resolved(merged, "theirs")).toMatchObject({ price: 69, items: ["b", "a"] });
    expect(resolved(merged, "mine")).toMatchObject({ price: 79, items: ["a", "b", "x"], name: "Same" });
  });

  it("a field one side left out and the other changed is a conflict; keeping the side that left it out leaves it out", () => {
    const theirs = { ...read, summary: undefined };
    const merged = threeWay(read, theirs, { ...read, summary: "Mine" });
    expect(merged.conflicts).toEqual([{ path: ["summary"], read: "Old", theirs: undefined, mine: "Mine" }]);
    expect(resolved(merged, "theirs")).not.toHaveProperty("summary");
    expect(resolved(merged, "mine")).toMatchObject({ summary: "Mine" });
  });
});
