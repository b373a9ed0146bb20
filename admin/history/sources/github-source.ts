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
  stateOf,
  type CommitDetail,
  type ListedCommit,
  type ListState,
} from "./github-lists.ts";
import { published as publishedOn } from "./github-published.ts";
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

  /** The previous name, when the commit renamed `path`. */
  const renameOf = async (sha: string, path: string) => {
    const { files = [] } = await commitOf(sha);
    return files.find((f) => f.filename === path && f.status === "renamed" && f.previous_filename)?.previous_filename;
  };

  const published = (state: ListState, n: number, keep?: (commit: ListedCommit) => boolean) =>
    publishedOn({ client, listAt, renameOf, authorship }, state, n, keep);

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
