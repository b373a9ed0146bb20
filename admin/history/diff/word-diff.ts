/**
 * What changed in a long text, word by word, said short: only the changed words, each with a few
 * words of context ("…fix your printer [-today-] [+within the hour+] from…"), never a line diff.
 * Words are the text split at whitespace, so a reflowed paragraph is no change. Myers' diff (the
 * shortest edit script, as `git diff` finds) after the common start and end are set aside, bounded: a
 * text rewritten past MAX_EDITS words is said as its middle removed and added, so a diff of texts of
 * a few thousand words stays in milliseconds.
 */
import { shortened } from "./values.ts";

export interface Piece {
  kind: "same" | "removed" | "added";
  text: string;
}

/** A run of the text with changes in it; `fromStart`/`toEnd`: it reaches the text's start or end (no "…"). */
export interface Snippet {
  fromStart: boolean;
  toEnd: boolean;
  pieces: Piece[];
}

/** Words of context either side of a change. */
const CONTEXT = 4;
/** Snippets said; the rest are counted. */
const SHOWN = 3;
/** The most words added and removed that Myers' diff looks for before it gives up. */
const MAX_EDITS = 400;

/** The steps of an edit script: a word kept, removed from the text before, or added to it. */
export const SAME = 0;
export const REMOVED = 1;
export const ADDED = 2;

/** Myers' edit script from `a` to `b` (SAME, REMOVED, ADDED per step), or undefined past `maxEdits`. */
function myers(a: Int32Array, b: Int32Array, maxEdits: number): number[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
    }
    trace.push(v.slice(offset - d, offset + d + 1));
    const end = n - m;
    if (end >= -d && end <= d && (end + d) % 2 === 0 && v[offset + end]! >= n) return backtrack(trace, n, m);
  }
  return undefined;
}

/** The steps of the shortest script, from the furthest points reached at each number of edits. */
function backtrack(trace: Int32Array[], n: number, m: number): number[] {
  const steps: number[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d - 1]!;
    const at = (k: number) => before[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = at(fromK);
    const fromY = fromX - fromK;
    for (; x > fromX && y > fromY; x--, y--) steps.push(SAME);
    steps.push(down ? ADDED : REMOVED);
    x = fromX;
    y = fromY;
  }
  for (; x > 0 && y > 0; x--, y--) steps.push(SAME);
  return steps.reverse();
}

/** The steps from `a` to `b`: common start and end set aside, Myers' diff between (bounded). */
export function editScript(a: string[], b: string[]): number[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const ids = new Map<string, number>();
  const id = (word: string) => ids.get(word) ?? ids.set(word, ids.size).get(word)!;
  const middle = (words: string[]) => Int32Array.from(words.slice(start, words.length - end), id);
  const [am, bm] = [middle(a), middle(b)];
  const steps = myers(am, bm, MAX_EDITS) ?? [
    ...Array<number>(am.length).fill(REMOVED),
    ...Array<number>(bm.length).fill(ADDED),
  ];
  return [...Array<number>(start).fill(SAME), ...steps, ...Array<number>(end).fill(SAME)];
}

/** A run of changed words: `a[a0, a1)` became `b[b0, b1)`. */
interface Hunk {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

function hunksOf(steps: number[]): Hunk[] {
  const hunks: Hunk[] = [];
  let [x, y] = [0, 0];
  let open: Hunk | undefined;
  for (const step of steps) {
    if (step === SAME) {
      open = undefined;
      x++;
      y++;
      continue;
    }
    if (!open) hunks.push((open = { a0: x, a1: x, b0: y, b1: y }));
    if (step === REMOVED) open.a1 = ++x;
    else open.b1 = ++y;
  }
  return hunks;
}

/** Hunks close together (their context would meet) said as one snippet. */
function grouped(hunks: Hunk[]): Hunk[][] {
  const groups: Hunk[][] = [];
  for (const hunk of hunks) {
    const last = groups.at(-1);
    if (last && hunk.a0 - last.at(-1)!.a1 <= 2 * CONTEXT) last.push(hunk);
    else groups.push([hunk]);
  }
  return groups;
}

function snippetOf(group: Hunk[], a: string[], b: string[]): Snippet {
  const words = (list: string[], from: number, to: number) => list.slice(from, to).join(" ");
  const first = group[0]!;
  const last = group.at(-1)!;
  const pieces: Piece[] = [];
  const same = (text: string) => text && pieces.push({ kind: "same", text });
  same(words(a, Math.max(0, first.a0 - CONTEXT), first.a0));
  group.forEach((hunk, i) => {
    if (hunk.a1 > hunk.a0) pieces.push({ kind: "removed", text: shortened(words(a, hunk.a0, hunk.a1)) });
    if (hunk.b1 > hunk.b0) pieces.push({ kind: "added", text: shortened(words(b, hunk.b0, hunk.b1)) });
    const next = group[i + 1];
    same(words(a, hunk.a1, next ? next.a0 : Math.min(a.length, hunk.a1 + CONTEXT)));
  });
  return { fromStart: first.a0 <= CONTEXT, toEnd: last.a1 + CONTEXT >= a.length, pieces };
}

/** The changed words of `before` → `after`: up to SHOWN snippets, and how many more there are. */
export function wordDiff(before: string, after: string): { snippets: Snippet[]; more: number } {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  const groups = grouped(hunksOf(editScript(a, b)));
  return {
    snippets: groups.slice(0, SHOWN).map((group) => snippetOf(group, a, b)),
    more: Math.max(0, groups.length - SHOWN),
  };
}
