/**
 * GitHub's lists of commits as the history reads them (admin/history/sources/github-source.ts): the
 * fields of a commit it reads, a list read as it is needed (following GitHub's `Link` headers), a
 * commit's answer with all its files (GitHub pages a commit's `files` at 300, by `Link` too), and the
 * cursor: the mainline commit a page goes on from, by its SHA, and the file's name there.
 */
import type { GitHub } from "../../../scripts/github/client.ts";

interface GitPerson {
  name: string;
  email: string;
  date: string;
}

/** A commit as GitHub lists it (the fields read here). */
export interface ListedCommit {
  sha: string;
  commit: { author: GitPerson; committer: GitPerson; message: string };
  parents: { sha: string }[];
}

/** A commit as GitHub answers it alone: with its files (every page of them). */
export interface CommitDetail extends ListedCommit {
  files?: { filename: string; status: string; previous_filename?: string }[];
}

/** Where a page goes on: at this commit of the site's branch (its SHA, never a page number), the file then named `path`. */
export interface ListState {
  from: string;
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
  if (typeof state?.from !== "string" || !/^[0-9a-f]{40}$/i.test(state.from) || typeof state.path !== "string")
    throw new Error(`Not a cursor of this history: ${cursor}`);
  return state as ListState;
}

/** A list at `first`, its items read a page at a time when asked: `more()` reads one page (false at the end). */
export function lazyList(client: GitHub, first: string) {
  const items: ListedCommit[] = [];
  let next: string | undefined = first;
  return {
    items,
    get ended() {
      return next === undefined;
    },
    async more(): Promise<boolean> {
      if (next === undefined) return false;
      const page: { data: ListedCommit[]; next?: string } = await client.page<ListedCommit[]>(next);
      items.push(...page.data);
      next = page.next;
      return true;
    },
  };
}

/** Each commit's answer by its name, every page of its files, asked once (a commit never changes); at most `size` kept. */
export function commitCache(client: GitHub, repo: string, size = 1000) {
  const commits = new Map<string, Promise<CommitDetail>>();
  const read = async (sha: string) => {
    let whole: CommitDetail | undefined;
    for await (const part of client.eachPage<CommitDetail>(`/repos/${repo}/commits/${sha}`)) {
      if (!whole) whole = { ...part, files: [...(part.files ?? [])] };
      else whole.files!.push(...(part.files ?? []));
    }
    return whole!;
  };
  return (sha: string) => {
    let known = commits.get(sha);
    if (!known) {
      known = read(sha);
      known.catch(() => commits.delete(sha));
      commits.set(sha, known);
      if (commits.size > size) commits.delete(commits.keys().next().value!);
    }
    return known;
  };
}
