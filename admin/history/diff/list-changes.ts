/**
 * What changed in a list, item by item: which items were added, removed or moved, and which are
 * the same item changed. Items are paired in three passes, each linear: the same item unchanged
 * (equal as data), the same item changed (its type and name, item-names.ts' `identityOf`), then what
 * is left in order, type by type, when it is alike (`alike`).
 * Of the paired items, those outside the longest run kept in order moved (O(n log n)).
 */
import { said, type FieldChange } from "./change.ts";
import { identityOf, itemName } from "./item-names.ts";
import { placeOf, type TitleOf } from "./values.ts";
import type { Field } from "../../editor/labels.ts";
import { isRecord } from "../../../scripts/content/stages/unchecked.ts";

/** The changes within a pair of items found to be one: `path` is the item's (objects) or the list's (texts). */
export type CompareItems = (before: unknown, after: unknown, path: string[]) => FieldChange[];

/** Each item's data as text, so equal items are found by a map, not by comparing every pair. */
const keyOf = (item: unknown): string => JSON.stringify(item) ?? "";

/** A typed list's item's type ("pricing"); "" for the items of any other list. */
function typeKeyOf(list: Field | undefined, item: unknown): string {
  const key = list?.types ? (list.typeKey ?? "type") : undefined;
  return key && isRecord(item) ? String(item[key]) : "";
}

/**
 * Whether two items left unpaired, the k-th of their type on each side, are one item changed: a
 * section of the same type (a page's sections are its structure); an object with half its fields or
 * more unchanged; a text at the same place.
 */
function alike(list: Field | undefined, [b, a]: [unknown, unknown], [i, j]: [number, number]): boolean {
  if (!isRecord(b) || !isRecord(a)) return i === j;
  if (list?.types) return true;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  let same = 0;
  for (const k of keys) if (keyOf(b[k]) === keyOf(a[k])) same++;
  return same * 2 >= keys.size;
}

/**
 * Pairs the unpaired items by their keys: each item after with the first unpaired item before of the
 * same key. `from[i]` is the item after paired with item `i` before (-1: none yet), `to[j]` the reverse.
 */
function pairBy(
  [keysBefore, keysAfter]: [(string | undefined)[], (string | undefined)[]],
  from: number[],
  to: (number | undefined)[],
): void {
  const waiting = new Map<string, number[]>();
  for (let i = keysBefore.length - 1; i >= 0; i--) {
    const k = from[i] === -1 ? keysBefore[i] : undefined;
    if (k !== undefined) (waiting.get(k) ?? waiting.set(k, []).get(k)!).push(i);
  }
  keysAfter.forEach((k, j) => {
    const found = k === undefined || to[j] !== undefined ? undefined : waiting.get(k)?.pop();
    if (found === undefined) return;
    to[j] = found;
    from[found] = j;
  });
}

/**
 * For each item after, the index of the same item before (undefined for an added item). `keys`: each
 * item's `keyOf`, before and after.
 */
export function pairItems(
  list: Field | undefined,
  [before, after]: [unknown[], unknown[]],
  keys: [string[], string[]],
): (number | undefined)[] {
  const from = before.map(() => -1);
  const to: (number | undefined)[] = after.map(() => undefined);
  pairBy(keys, from, to);
  const identities = (items: unknown[]) => items.map((item) => identityOf(list, item));
  pairBy([identities(before), identities(after)], from, to);
  // What is left, by type: the k-th unpaired item of a type before with the k-th of that type after.
  const left = new Map<string, number[]>();
  for (let i = before.length - 1; i >= 0; i--) {
    const type = typeKeyOf(list, before[i]);
    if (from[i] === -1) (left.get(type) ?? left.set(type, []).get(type)!).push(i);
  }
  after.forEach((item, j) => {
    const waiting = to[j] === undefined ? left.get(typeKeyOf(list, item)) : undefined;
    const i = waiting?.at(-1);
    if (i === undefined || !alike(list, [before[i], item], [i, j])) return;
    to[j] = waiting!.pop();
  });
  return to;
}

/** The items after that keep their order (the longest increasing run of their places before). */
function keptInOrder(pairs: (number | undefined)[]): Set<number> {
  const tails: number[] = [];
  const previous = new Map<number, number | undefined>();
  pairs.forEach((i, j) => {
    if (i === undefined) return;
    let [lo, hi] = [0, tails.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]! < i) lo = mid + 1;
      else hi = mid;
    }
    previous.set(j, lo > 0 ? tails[lo - 1] : undefined);
    tails[lo] = j;
  });
  const kept = new Set<number>();
  for (let j = tails.at(-1); j !== undefined; j = previous.get(j)) kept.add(j);
  return kept;
}

/** The changes of a list at `path`, in order: items removed, then each item after as it now stands. */
export function listChanges(
  list: Field | undefined,
  path: string[],
  [before, after]: [unknown[], unknown[]],
  compare: CompareItems,
  titleOf?: TitleOf,
): FieldChange[] {
  const keys: [string[], string[]] = [before.map(keyOf), after.map(keyOf)];
  const pairs = pairItems(list, [before, after], keys);
  const kept = keptInOrder(pairs);
  const paired = new Set(pairs);
  const changes: FieldChange[] = [];
  before.forEach((item, i) => {
    if (!paired.has(i)) changes.push(said({ kind: "removed", path, item: itemName(list, item, i, titleOf) }));
  });
  after.forEach((item, j) => {
    const i = pairs[j];
    if (i === undefined)
      return void changes.push(said({ kind: "added", path, item: itemName(list, item, j, titleOf) }));
    const name = itemName(list, before[i], i, titleOf);
    if (!kept.has(j)) changes.push(said({ kind: "moved", path, item: name, to: placeOf(j, after.length) }));
    if (keys[0][i] !== keys[1][j]) changes.push(...compare(before[i], item, isRecord(item) ? [...path, name] : path));
  });
  return changes;
}
