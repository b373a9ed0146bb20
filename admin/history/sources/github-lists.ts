/**
 * GitHub's lists of commits as the history reads them (admin/history/sources/github-source.ts): the fields of
 * a commit it reads, and a list read a part at a time. A list is followed by the addresses GitHub
 * gives in its `Link` headers; where a part ends is a cursor: the address of the page GitHub gave,
 * how many of its items were shown, and the file's name in that list.
 */
import type { GitHub } from "../../../scripts/github/client.ts";

/** A commit as GitHub lists it (the fields read here). */
export interface ListedCommit {
  sha: string;
  commit: { author: { name: string; email: string; date: string }; message: string };
  parents: { sha: string }[];
}

/** A commit as GitHub answers it alone: with its files. */
export interface CommitDetail extends ListedCommit {
  files?: { filename: string; status: string; previous_filename?: string }[];
}

/** Where a list stopped: the page to read, how many of its items were shown, and the file's name in it. */
export interface ListState {
  next: string;
  skip: number;
  path: string;
}

export const cursorOf = (state: ListState | undefined) => (state ? JSON.stringify(state) : undefined);

export function stateOf(cursor: string): ListState {
  const state = (() => {
    try {
      return JSON.parse(cursor) as Partial<ListState>;
    } catch {
      return undefined;
    }
  })();
  if (typeof state?.next !== "string" || typeof state.skip !== "number" || typeof state.path !== "string")
    throw new Error(`Not a cursor of this history: ${cursor}`);
  return state as ListState;
}

/** Up to `limit` commits of the list from `state`, and where it stopped (undefined: at its end). */
export async function take(client: GitHub, state: ListState, limit: number) {
  const items: ListedCommit[] = [];
  let from: ListState | undefined = state;
  while (from && items.length < limit) {
    const { data, next }: { data: ListedCommit[]; next?: string } = await client.page<ListedCommit[]>(from.next);
    const rest: ListedCommit[] = data.slice(from.skip);
    const taken = rest.slice(0, limit - items.length);
    items.push(...taken);
    from =
      taken.length < rest.length
        ? { ...from, skip: from.skip + taken.length }
        : next
          ? { ...from, next, skip: 0 }
          : undefined;
  }
  return { items, after: from };
}

/** Each commit's answer by its name, asked once (a commit never changes); at most `size` kept. */
export function commitCache(client: GitHub, repo: string, size = 1000) {
  const commits = new Map<string, Promise<CommitDetail>>();
  return (sha: string) => {
    let known = commits.get(sha);
    if (!known) {
      known = client.get<CommitDetail>(`/repos/${repo}/commits/${sha}`);
      known.catch(() => commits.delete(sha));
      commits.set(sha, known);
      if (commits.size > size) commits.delete(commits.keys().next().value!);
    }
    return known;
  };
}
