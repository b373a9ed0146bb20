/**
 * Where a field is in the entry: a path passed down through objects (a React context), its lists'
 * items counted only when the field asks, since items move.
 */
import { createContext } from "react";

export type Path = (string | number)[];

/**
 * A list's place in a path. Decap gives an item's fields no index, but each field's `parentIds`
 * holds the list's id followed by its item's key, and the list keeps its items' keys in order (its
 * `state.keys`).
 */
interface ListSlot {
  list: string;
  keys: () => string[] | undefined;
  /** A list of single values (a string per item): the item is the field itself. */
  single: boolean;
}
export type Place = (string | number | ListSlot)[];

/** Where a field is in the entry, its lists' items still to be counted. */
export const PathContext = createContext<Place | null>([]);

/** The path of a field at `place`, its lists' items counted from its `parentIds`; null when unknown. */
export function resolve(place: Place, parentIds: readonly string[] | undefined): Path | null {
  const path: Path = [];
  for (const part of place) {
    if (typeof part !== "object") {
      path.push(part);
      continue;
    }
    const at = parentIds?.indexOf(part.list) ?? -1;
    const index = at < 0 ? -1 : (part.keys()?.indexOf(parentIds![at + 1]!) ?? -1);
    if (index < 0) return null;
    path.push(index);
  }
  return path;
}
