/**
 * What stands in /admin/'s bottom-right corner (corner.ts), top to bottom, which is also the order the
 * keyboard meets them in: first the notes that come and go (where a new entry shows, what publishing
 * changes), then the controls that stay (Change address and the History button on an entry, the links
 * to /admin/'s own screens elsewhere), at the corner's foot where the hand finds them.
 */
export const cornerParts = ["place", "publish-changes", "change-address", "history", "own-pages"] as const;
export type CornerPart = (typeof cornerParts)[number];

/** Where `part` goes among the parts in the corner now (in the corner's order): before the first that comes after it. */
export function placeInCorner(present: readonly CornerPart[], part: CornerPart): number {
  const rank = cornerParts.indexOf(part);
  const after = present.findIndex((p) => cornerParts.indexOf(p) > rank);
  return after === -1 ? present.length : after;
}
