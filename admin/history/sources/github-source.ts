/**
 * The history in production: GitHub's REST API with the editor's own login, through the one client
 * (scripts/github/client.ts: Link paging, ETag conditional requests, 401, 403 and rate limits in
 * words). A version is what reached the site's branch (docs/decisions/0048-history-as-published.md):
 * a commit of the branch's first-parent line (a merge or squash onto it, or a commit made on it),
 * dated when it was published (its committer date), by who published it (its author: GitHub writes
 * the merging editor there), with the saves a merge brought (its second parent's side) summed up.
 * As GitHub documents it:
 * - the branch is resolved to its commit once, on the first page (`GET …/branches/{branch}`); every
 *   next page goes on from a commit's SHA kept in the cursor, so a publish between two pages moves
 *   nothing;
 * - the line and its merges: `GET …/commits?sha=<that SHA>&per_page=100` (every commit reachable,
 *   newest first, with `parents`), read as far as needed; a merge's saves are its second parent's
 *   commits down to the line;
 * - which of them changed the file: `GET …/commits?sha=…&path=…` (the saves and commits that changed
 *   it; GitHub leaves out a merge that took the file from one parent): a commit of the line is a
 *   version when it is in that list, a merge when one of its saves is;
 * - GitHub does not follow a rename: where a name's list ends, the oldest version's files
 *   (`GET …/commits/{sha}`, every page of them: GitHub pages a commit's files at 300) say whether it
 *   renamed the file, and the versions go on under the previous name from its first parent;
 * - a file at a commit: `GET …/contents/{path}?ref={sha}` (its text in base64; 404: none then);
 * - recent changes: the same versions of `content`, each with its files (against its first parent,
 *   as GitHub lists a merge's), a few commits at once (`concurrency`), each commit's answer kept by
 *   its name; by one person: who published; one file's: its versions' commits, through its renames
 *   (scripts/history/changes-of-file.ts).
 */
import type { GitHub } from "../../../scripts/github/client.ts";
import { changesOfFile, limitOf } from "../../../scripts/history/changes-of-file.ts";
import { contentFiles, utcTime } from "../../../scripts/history/content-files.ts";
import type {
  Authorship,
  ContentCommit,
  ChangedFile,
  ChangeFilter,
  HistoryPage,
  HistorySource,
  PageOptions,
  Saves,
  Version,
} from "../../../schemas/history.ts";
import { deletedFiles } from "./deleted-files.ts";
import {
  commitCache,
  cursorOf,
  lazyList,
  stateOf,
  type CommitDetail,
  type ListedCommit,
  type ListState,
} from "./github-lists.ts";
import { inPool } from "./pool.ts";

export interface GitHubHistoryOptions {
  /** The one client, with the editor's token. */
  client: GitHub;
  /** owner/name */
  repo: string;
  /** The published branch. */
  branch: string;
  /** How many commits' files are asked at once; 8. */
  concurrency?: number;
}

const segments = (path: string) => path.split("/").map(encodeURIComponent).join("/");
const statusOf = (status: string): ChangedFile["status"] =>
  status === "added" || status === "copied"
    ? "added"
    : status === "removed" || status === "renamed"
      ? status
      : "modified";

/** A commit of the line as published: when it reached the branch (committer date), by whom (its author), its saves. */
const authorship = ({ sha, commit }: ListedCommit, saves: ListedCommit[] = []): Authorship => ({
  sha,
  date: utcTime(commit.committer.date),
  author: commit.author.name,
  email: commit.author.email,
  message: commit.message.trimEnd(),
  ...(saves.length > 0 ? { saves: savesOf(saves) } : {}),
});

/** The saves a merge brought, summed up: how many, by whom (each once, newest first), from when to when. */
const savesOf = (saves: ListedCommit[]): Saves => ({
  count: saves.length,
  authors: [...new Set(saves.map((s) => s.commit.author.name))],
  first: utcTime(saves.at(-1)!.commit.author.date),
  last: utcTime(saves[0]!.commit.author.date),
});

/** The text of a file GitHub's contents API gave in base64, as UTF-8. */
function textOf(base64: string): string {
  const bytes = Uint8Array.from(atob(base64.replace(/\s/g, "")), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function gitHubHistory({ client, repo, branch, concurrency = 8 }: GitHubHistoryOptions): HistorySource {
  const at = `/repos/${repo}`;
  const listAt = (ref: string, path?: string) =>
    `${at}/commits?sha=${encodeURIComponent(ref)}${path === undefined ? "" : `&path=${encodeURIComponent(path)}`}&per_page=100`;
  const commitOf = commitCache(client, repo);
  const changesOf = async (shas: readonly string[], saves = new Map<string, Saves>()) =>
    (await inPool(shas, concurrency, (sha) => commitOf(sha))).map((detail) => changeOf(detail, saves.get(detail.sha)));

  /** The branch's commit now. */
  const head = async () =>
    (await client.get<{ commit: { sha: string } }>(`${at}/branches/${segments(branch)}`)).commit.sha;

  /**
   * Up to `n` versions of `path` on the first-parent line from `from` (inclusive), newest first, those
   * `keep` keeps, and where the next page starts: the next version's commit and the file's name there.
   */
  async function published(
    state: ListState,
    n: number,
    keep: (commit: ListedCommit) => boolean = () => true,
  ): Promise<{ items: (Version & { saves?: Saves })[]; after?: ListState }> {
    const line = lazyList(client, listAt(state.from));
    const index = new Map<string, number>();
    const byName = (sha: string) => {
      const i = index.get(sha);
      return i === undefined ? undefined : line.items[i];
    };
    const load = async () => {
      const from = line.items.length;
      const more = await line.more();
      line.items.slice(from).forEach((c, i) => index.set(c.sha, from + i));
      return more;
    };
    /** The commit by its name, reading the line further as needed; undefined when it is not on it. */
    const commit = async (sha: string) => {
      while (!index.has(sha) && (await load()));
      return byName(sha);
    };

    let name = state.path;
    let changed = lazyList(client, listAt(state.from, name));
    let touched = new Set<string>();
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

    const items: (Version & { saves?: Saves })[] = [];
    const mainline = new Set<string>();
    let at: string | undefined = state.from;
    let lastOfName: ListedCommit | undefined;
    while (at) {
      const c = await commit(at);
      if (!c) break;
      mainline.add(c.sha);
      // Its saves: the second parent's side, down to the line (read further until the line is reached).
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
      saves.sort((x, y) => index.get(x.sha)! - index.get(y.sha)!);
      let isVersion = (await changes(c)) || false;
      for (const save of saves) if (!isVersion && (await changes(save))) isVersion = true;
      const next = c.parents[0]?.sha;
      if (isVersion) {
        lastOfName = c;
        if (keep(c)) {
          if (items.length === n) return { items, after: { from: c.sha, path: name } };
          items.push({ ...authorship(c, saves), path: name });
        }
      }
      // The name's list all read and passed: the oldest version under it renamed the file, or the versions end.
      if (changed.ended && [...touched].every((sha) => (index.get(sha) ?? Infinity) <= index.get(c.sha)!)) {
        const renamed = lastOfName && (await renameOf(lastOfName.sha, name));
        const parent = lastOfName?.parents[0]?.sha;
        if (!renamed || !parent) break;
        name = renamed;
        lastOfName = undefined;
        changed = lazyList(client, listAt(parent, name));
        touched = new Set();
        at = parent;
        continue;
      }
      at = next;
    }
    return { items };

    /** Whether a commit is on the first-parent line from `from`: the line read as far as it. */
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
  }

  /** The previous name, when the commit renamed `path`. */
  const renameOf = async (sha: string, path: string) => {
    const { files = [] } = await commitOf(sha);
    return files.find((f) => f.filename === path && f.status === "renamed" && f.previous_filename)?.previous_filename;
  };

  const source: HistorySource = {
    async versionsOf(path: string, { limit, cursor }: PageOptions = {}): Promise<HistoryPage<Version>> {
      const state = cursor ? stateOf(cursor) : { path, from: await head() };
      const { items, after } = await published(state, limitOf(limit));
      return { items, cursor: cursorOf(after) };
    },

    async fileAt(sha: string, path: string): Promise<string | null> {
      const file = await client
        .get<{ type?: string; encoding?: string; content?: string }>(
          `${at}/contents/${segments(path)}?ref=${encodeURIComponent(sha)}`,
        )
        .catch((error: unknown) => {
          if ((error as { status?: number }).status === 404) return undefined;
          throw error;
        });
      if (!file || Array.isArray(file) || file.type !== "file") return null;
      if (file.encoding !== "base64" || file.content === undefined)
        throw new Error(`${path} is too large for GitHub to give here (over 1 MB).`);
      return textOf(file.content);
    },

    async recentChanges({ limit, cursor, path, author }: ChangeFilter = {}): Promise<HistoryPage<ContentCommit>> {
      if (path !== undefined) return changesOfFile(source.versionsOf, changesOf, path, { limit, cursor, author });
      const by = author?.toLowerCase();
      const state = cursor ? stateOf(cursor) : { path: "content", from: await head() };
      const { items, after } = await published(state, limitOf(limit), (c) =>
        by === undefined ? true : c.commit.author.email.toLowerCase() === by,
      );
      const saves = new Map(items.flatMap((v) => (v.saves ? [[v.sha, v.saves] as const] : [])));
      return {
        items: await changesOf(
          items.map((v) => v.sha),
          saves,
        ),
        cursor: cursorOf(after),
      };
    },

    deletedFiles: (options) => deletedFiles(source.recentChanges, options),
  };
  return source;
}

/** A commit's answer as a change: who published it and when, its saves, and its files under content/. */
const changeOf = (detail: CommitDetail, saves?: Saves): ContentCommit => ({
  ...authorship(detail),
  ...(saves ? { saves } : {}),
  parent: detail.parents[0]?.sha,
  files: contentFiles(
    (detail.files ?? []).map((file) => ({
      path: file.filename,
      status: statusOf(file.status),
      ...(file.previous_filename ? { previousPath: file.previous_filename } : {}),
    })),
  ),
});
