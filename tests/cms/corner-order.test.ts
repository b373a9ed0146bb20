/**
 * The order of /admin/'s bottom-right corner (admin/screens/corner-order.ts): each part goes in at its place
 * whichever came first, so the notes stand above the History button and the links, in the keyboard's
 * order too.
 */
import { describe, expect, it } from "vitest";
import { cornerParts, placeInCorner, type CornerPart } from "../../admin/screens/corner-order.ts";

/** The corner after putting `parts` in, one after another, each at the index placeInCorner gives. */
const putIn = (parts: readonly CornerPart[]) =>
  parts.reduce<CornerPart[]>((corner, part) => {
    corner.splice(placeInCorner(corner, part), 0, part);
    return corner;
  }, []);

describe("the corner's order", () => {
  it("is the same whichever part comes first", () => {
    const backwards = [...cornerParts].reverse();
    const shuffled = [cornerParts[2], cornerParts[0], cornerParts[4], cornerParts[3], cornerParts[1]];
    expect(putIn(backwards)).toEqual(cornerParts);
    expect(putIn(shuffled)).toEqual(cornerParts);
    expect(putIn(cornerParts)).toEqual(cornerParts);
  });

  it("puts the new entry's place above what publishing changes, both above the History button", () => {
    expect(putIn(["history", "publish-changes", "place"])).toEqual(["place", "publish-changes", "history"]);
    expect(placeInCorner(["publish-changes", "history"], "place")).toBe(0);
    expect(placeInCorner(["place", "history"], "publish-changes")).toBe(1);
  });

  it("puts a part after its own kind and everything before it", () => {
    expect(placeInCorner([], "own-pages")).toBe(0);
    expect(placeInCorner(["place", "history"], "own-pages")).toBe(2);
  });
});
