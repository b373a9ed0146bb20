/**
 * The versions of a file as published on GitHub (admin/history/sources/github-source.ts): the
 * branch's first-parent line read as far as needed, the file's list of changing commits beside it,
 * a merge's saves (its second parent's side, down to the line), and the file's renames followed.
 */
import type { GitHub } from "../../../scripts/github/client.ts";
import type { Authorship, Saves, Version } from "../../../schemas/history.ts";
import { lazyList, type ListedCommit, type ListState } from "./github-lists.ts";

export interface PublishedOptions {
  client: GitHub;
  /** The URL of the list of commits from `ref` (that changed `path`, when given). */
  listAt: (ref: string, path?: string) => string;
  /** The previous name, when the commit renamed `path`. */
  renameOf: (sha: string, path: string) => Promise<string | undefined>;
  /** A commit of the line as a version's authorship, with the saves it brought. */
  authorship: (commit: ListedCommit, saves: ListedCommit[]) => Authorship;
}

export type Published = { items: (Version & { saves?: Saves })[]; after?: ListState };

/** The commit list from `from`, read as needed, with each commit's position on it. */
function lineFrom(client: GitHub, url: string) {
  const line = lazyList(client, url);
  const index = new Map<string, number>();
  const load = async () => {
    const from = line.items.length;
    const more = await line.more();
    line.items.slice(from).forEach((c, i) => index.set(c.sha, from + i));
    return more;
  };
  /** The commit by its name, reading the line further as needed; undefined when it is not on it. */
  const commit = async (sha: string) => {
    while (!index.has(sha) && (await load()));
    const i = index.get(sha);
    return i === undefined ? undefined : line.items[i];
  };
  return { index, commit };
}

type Line = ReturnType<typeof lineFrom>;

/** The commits that changed one name of the file, read as far as the line is. */
function changesOfName(client: GitHub, url: string, index: Map<string, number>) {
  const changed = lazyList(client, url);
  const touched = new Set<string>();
  /** Whether `c` (read on the line) changed the file: its list read at least as far as `c` on the line. */
  const changes = async (c: ListedCommit) => {
    const position = index.get(c.sha)!;
    for (;;) {
      const last = changed.items.at(-1);
      const lastAt = last && index.get(last.sha);
      if (changed.ended || (last && (lastAt === undefined || lastAt >= position))) break;
      await changed.more();
      changed.items.forEach((item) => touched.add(item.sha));
    }
    return touched.has(c.sha);
  };
  /** The name's list all read and passed at `c`. */
  const passed = (c: ListedCommit) =>
    changed.ended && [...touched].every((sha) => (index.get(sha) ?? Infinity) <= index.get(c.sha)!);
  return { changes, passed };
}

/** Whether a commit is on the first-parent line from `from`: the line read as far as it. */
function mainlineOf({ index, commit }: Line) {
  const mainline = new Set<string>();
  async function onLine(sha: string): Promise<boolean> {
    if (mainline.has(sha)) return true;
    // The line below the commit being read: follow first parents from the oldest known one.
    let last = [...mainline].at(-1);
    while (last) {
      const c = await commit(last);
      const parent = c?.parents[0]?.sha;
      if (!parent) return false;
      if (parent === sha) return (mainline.add(parent), true);
      if (index.has(sha) && (index.get(parent) ?? Infinity) > index.get(sha)!) {
        // The line has gone past it (older on the list): it is not on the line.
        mainline.add(parent);
        return false;
      }
      mainline.add(parent);
      last = parent;
    }
    return false;
  }
  return { add: (sha: string) => mainline.add(sha), onLine };
}

/** A merge's saves: the second parent's side, down to the line (read further until the line is reached), newest first. */
async function savesOfMerge(c: ListedCommit, { index, commit }: Line, onLine: (sha: string) => Promise<boolean>) {
  const saves: ListedCommit[] = [];
  const seen = new Set<string>();
  const side = c.parents.slice(1).map((p) => p.sha);
  while (side.length > 0) {
    const sha = side.shift()!;
    if (seen.has(sha)) continue;
    seen.add(sha);
    const save = await commit(sha);
    if (!save || (await onLine(save.sha))) continue;
    saves.push(save);
    side.push(...save.parents.map((p) => p.sha));
  }
  return saves.sort((x, y) => index.get(x.sha)! - index.get(y.sha)!);
}

/**
 * Up to `n` versions of `path` on the first-parent line from `from` (inclusive), newest first, those
 * `keep` keeps, and where the next page starts: the next version's commit and the file's name there.
 */
export async function published(
  { client, listAt, renameOf, authorship }: PublishedOptions,
  state: ListState,
  n: number,
  keep: (commit: ListedCommit) => boolean = () => true,
): Promise<Published> {
  const line = lineFrom(client, listAt(state.from));
  const mainline = mainlineOf(line);
  let name = state.path;
  let file = changesOfName(client, listAt(state.from, name), line.index);
  const items: (Version & { saves?: Saves })[] = [];
  let at: string | undefined = state.from;
  let lastOfName: ListedCommit | undefined;
  while (at) {
    const c = await line.commit(at);
    if (!c) break;
    mainline.add(c.sha);
    const saves = await savesOfMerge(c, line, mainline.onLine);
    let isVersion = (await file.changes(c)) || false;
    for (const save of saves) if (!isVersion && (await file.changes(save))) isVersion = true;
    if (isVersion) {
      lastOfName = c;
      if (keep(c)) {
        if (items.length === n) return { items, after: { from: c.sha, path: name } };
        items.push({ ...authorship(c, saves), path: name });
      }
    }
    // The name's list all read and passed: the oldest version under it renamed the file, or the versions end.
    if (file.passed(c)) {
      const renamed = lastOfName && (await renameOf(lastOfName.sha, name));
      const parent = lastOfName?.parents[0]?.sha;
      if (!renamed || !parent) break;
      name = renamed;
      lastOfName = undefined;
      file = changesOfName(client, listAt(parent, name), line.index);
      at = parent;
      continue;
    }
    at = c.parents[0]?.sha;
  }
  return { items };
}
