/**
 * Where /admin/'s history comes from (issue 46, item 7), written once: what a source of a content
 * file's published history answers, whichever it is: GitHub's REST API with the editor's own login
 * (admin/history/sources/github-source.ts), or, with `npm run cms`, the local repository's Git history through
 * the development server (scripts/cms/git-history.ts, served by scripts/cms/history-endpoint.ts,
 * read in the browser by admin/history/sources/local-source.ts). Types only. Paths are the repository's
 * ("content/collections/plans/professional.yaml"); dates are ISO times in UTC, to the second
 * ("2026-11-02T09:30:00Z"), as GitHub gives them.
 */

/** The saves a merge brought onto the site's branch (the editorial workflow's cms/… branch commits), summed up. */
export interface Saves {
  count: number;
  /** Who saved, each once, the latest first. */
  authors: string[];
  /** The first and the last save's time, UTC, to the second. */
  first: string;
  last: string;
}

/**
 * A commit of the site's branch's first-parent line, as published (docs/decisions/0048): who
 * published it and when it reached the branch.
 */
export interface Authorship {
  /** The commit's full name. */
  sha: string;
  /** When it was published: the committer's time, UTC, to the second. */
  date: string;
  /** Who published it: the commit's author (the editor who merged, in a merge GitHub made). */
  author: string;
  /** Their e-mail: what `recentChanges({ author })` filters by. */
  email: string;
  /** The commit's message, whole (subject and body), without trailing blank lines. */
  message: string;
  /** For a merge: the saves it brought. */
  saves?: Saves;
}

/** One published version of a file: the commit that made it, and the file's path then. */
export interface Version extends Authorship {
  /** The file's path in that commit (an older name, before a rename). */
  path: string;
}

/** A file a commit changed, as GitHub's commit `files[]` names it (a copy counts as added). */
export interface ChangedFile {
  path: string;
  status: "added" | "modified" | "removed" | "renamed";
  /** The name before, for `renamed`. */
  previousPath?: string;
}

/** A commit that changed content/, with the files under content/ it changed. */
export interface ContentCommit extends Authorship {
  /** The first parent (undefined for the first commit): where a removed file's last text is. */
  parent?: string;
  files: ChangedFile[];
}

/** A file removed from content/ and not there since: "Bring back" recreates it from `lastSha`. */
export interface DeletedFile {
  path: string;
  /** The commit that removed it. */
  removedBy: ContentCommit;
  /** The commit whose tree holds its last text (the removing commit's parent). */
  lastSha: string;
}

/** One page of a list, newest first; `cursor` asks for the next, undefined on the last page. */
export interface HistoryPage<T> {
  items: T[];
  cursor?: string;
}

export interface PageOptions {
  /** How many at most; 30. */
  limit?: number;
  /** A `cursor` of the previous page. */
  cursor?: string;
}

export interface ChangeFilter extends PageOptions {
  /**
   * Only commits that changed this file (a path under content/), followed through its renames as
   * `versionsOf` follows it, each with all its files under content/.
   */
  path?: string;
  /** Only commits by this author, by e-mail (an `Authorship.email`). */
  author?: string;
}

/** What both the local repository and GitHub answer. */
export interface HistoryReader {
  /**
   * The published versions of one file, newest first (the commits of the branch's first-parent line
   * that changed it); followed through renames (before the commit
   * that renamed it, the file's versions under its previous name).
   */
  versionsOf(path: string, options?: PageOptions): Promise<HistoryPage<Version>>;
  /** The file's text in that commit; null when it has no such file then. */
  fileAt(sha: string, path: string): Promise<string | null>;
  /** The latest commits of the branch's first-parent line that changed content/, newest first, each with its files under content/. */
  recentChanges(options?: ChangeFilter): Promise<HistoryPage<ContentCommit>>;
}

/** A source of history for /admin/'s History and Recent changes. */
export interface HistorySource extends HistoryReader {
  /**
   * Files removed in the latest `scan` commits that changed content/ (100) and not there since,
   * newest removal first, at most `limit` (30).
   */
  deletedFiles(options?: { limit?: number; scan?: number }): Promise<DeletedFile[]>;
}
