/**
 * The history in production: GitHub's REST API with the editor's own login, through the one client
 * (scripts/github/client.ts: Link paging, ETag conditional requests, 401, 403 and rate limits in
 * words). As GitHub documents it:
 * - a file's versions: `GET /repos/{owner}/{repo}/commits?path=…&sha=<branch>&per_page=…`, the list
 *   of the commits that changed that path, newest first, paged by `Link`. GitHub does not follow a
 *   rename: where a name's list ends, its oldest commit's files (`GET …/commits/{sha}`) say whether it
 *   renamed the file (`status: "renamed"`, `previous_filename`), and the list goes on under the
 *   previous name from that commit's parent;
 * - a file at a commit: `GET …/contents/{path}?ref={sha}` (its text in base64; 404: none then);
 * - recent changes: the list for `path=content`, then each commit's files, a few commits at once
 *   (`concurrency`), each commit's answer kept by its name (a commit never changes); one file's: its
 *   versions' commits, through its renames (scripts/history/changes-of-file.ts), with their files.
 * The lists are read a part at a time by admin/history/sources/github-lists.ts.
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
  Version,
} from "../../../schemas/history.ts";
import { deletedFiles } from "./deleted-files.ts";
import {
  commitCache,
  cursorOf,
  stateOf,
  take,
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

const authorship = ({ sha, commit }: ListedCommit): Authorship => ({
  sha,
  date: utcTime(commit.author.date),
  author: commit.author.name,
  email: commit.author.email,
  message: commit.message.trimEnd(),
});

/** A commit's answer as a change: who, when, and its files under content/. */
const changeOf = (detail: CommitDetail): ContentCommit => ({
  ...authorship(detail),
  parent: detail.parents[0]?.sha,
  files: contentFiles(
    (detail.files ?? []).map((file) => ({
      path: file.filename,
      status: statusOf(file.status),
      ...(file.previous_filename ? { previousPath: file.previous_filename } : {}),
    })),
  ),
});

/** The text of a file GitHub's contents API gave in base64, as UTF-8. */
function textOf(base64: string): string {
  const bytes = Uint8Array.from(atob(base64.replace(/\s/g, "")), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function gitHubHistory({ client, repo, branch, concurrency = 8 }: GitHubHistoryOptions): HistorySource {
  const at = `/repos/${repo}`;
  const listAt = (path: string, ref: string, perPage: number, more = "") =>
    `${at}/commits?path=${encodeURIComponent(path)}&sha=${encodeURIComponent(ref)}&per_page=${perPage}${more}`;
  const commitOf = commitCache(client, repo);
  const changesOf = async (shas: readonly string[]) =>
    (await inPool(shas, concurrency, (sha) => commitOf(sha))).map(changeOf);

  /** Where the versions go on before the oldest commit of `path`'s list: its previous name, if it renamed the file. */
  const beforeRename = async (oldest: ListedCommit, path: string, perPage: number): Promise<ListState | undefined> => {
    const { files = [], parents } = await commitOf(oldest.sha);
    const file = files.find((f) => f.filename === path && f.status === "renamed" && f.previous_filename);
    const parent = parents[0]?.sha;
    if (!file || !parent) return undefined;
    return { path: file.previous_filename!, next: listAt(file.previous_filename!, parent, perPage), skip: 0 };
  };

  const source: HistorySource = {
    async versionsOf(path: string, { limit, cursor }: PageOptions = {}): Promise<HistoryPage<Version>> {
      const n = limitOf(limit);
      let state: ListState | undefined = cursor ? stateOf(cursor) : { path, next: listAt(path, branch, n), skip: 0 };
      const versions: Version[] = [];
      while (state && versions.length < n) {
        const name: string = state.path;
        const { items, after }: { items: ListedCommit[]; after?: ListState } = await take(
          client,
          state,
          n - versions.length,
        );
        versions.push(...items.map((commit) => ({ ...authorship(commit), path: name })));
        state = after ?? (items.length > 0 ? await beforeRename(items.at(-1)!, name, n) : undefined);
      }
      return { items: versions, cursor: cursorOf(state) };
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
      const n = limitOf(limit);
      const by = author === undefined ? "" : `&author=${encodeURIComponent(author)}`;
      const from = cursor ? stateOf(cursor) : { path: "content", next: listAt("content", branch, n, by), skip: 0 };
      const { items, after } = await take(client, from, n);
      return { items: await changesOf(items.map((commit) => commit.sha)), cursor: cursorOf(after) };
    },

    deletedFiles: (options) => deletedFiles(source.recentChanges, options),
  };
  return source;
}
