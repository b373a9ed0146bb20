/**
 * A three-way merge of an entry's data: the file as the editor read it, the file as it is now (someone
 * else published since), and the editor's edit. A field changed on one side only takes that side's
 * value; one changed on both sides to the same value takes it; one changed on both sides to different
 * values is a conflict, and the merge keeps the file's value there (nothing of the edit is written
 * over a colleague's). Objects are merged field by field, at any depth; a list is one value (a
 * page's sections reordered on one side and edited on the other are a conflict, said in words, never
 * a mix). Pure: admin/editor/no-edit-lost.ts applies it at each save and at "Load their change".
 */
import { isRecord } from "../../scripts/content/stages/unchecked.ts";

export type Data = Record<string, unknown>;

/** A field both sides changed, to different values: its path, and each side's value (undefined: left out). */
export interface Conflict {
  path: (string | number)[];
  read: unknown;
  theirs: unknown;
  mine: unknown;
}

export interface Merged {
  /** The data to write: every one-sided change, and the file's value where the two conflict. */
  data: Data;
  conflicts: Conflict[];
  /** The paths whose value came from the file as it is now (changed there only). */
  taken: (string | number)[][];
}

/** Equal as data: the same scalars, lists item by item, objects field by field (a field left out = undefined). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same(a[key], b[key]));
  }
  return false;
}

function mergeAt(read: unknown, theirs: unknown, mine: unknown, path: (string | number)[], out: Merged): unknown {
  if (same(theirs, read) || same(mine, theirs)) return mine;
  if (same(mine, read)) {
    out.taken.push(path);
    return theirs;
  }
  if (isRecord(read) && isRecord(theirs) && isRecord(mine)) {
    const merged: Data = {};
    for (const key of new Set([...Object.keys(read), ...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeAt(read[key], theirs[key], mine[key], [...path, key], out);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  out.conflicts.push({ path, read, theirs, mine });
  return theirs;
}

/** Merges `mine` (the edit of `read`) with `theirs` (the file as it is now). */
export function threeWay(read: Data, theirs: Data, mine: Data): Merged {
  const out: Merged = { data: {}, conflicts: [], taken: [] };
  out.data = mergeAt(read, theirs, mine, [], out) as Data;
  return out;
}

/**
 * The data for the editor once its person chose, field by field: the merge, with each conflict's
 * value theirs ("Take theirs") or the edit's ("Keep mine").
 */
export function resolved(merged: Merged, keep: "theirs" | "mine"): Data {
  const data = structuredClone(merged.data);
  for (const conflict of merged.conflicts) {
    const value = keep === "theirs" ? conflict.theirs : conflict.mine;
    let parent: Data = data;
    for (const key of conflict.path.slice(0, -1)) {
      if (!isRecord(parent[key])) parent[key] = {};
      parent = parent[key] as Data;
    }
    const last = conflict.path.at(-1)!;
    if (value === undefined) delete parent[last];
    else parent[last] = structuredClone(value);
  }
  return data;
}
