/**
 * The Recent changes screen's rows, one per commit, from either list a history source gives: the
 * recent changes to content/ (each commit with its files), or one file's versions (followed through
 * its renames: the entry filter). Each file of a row says which version to compare with which: the
 * file before the commit (at its first parent, under its name then) and after it. Pure.
 */
import type { Authorship, ContentCommit, ChangedFile, HistoryReader, Version } from "../../../schemas/history.ts";

/** A file at a commit. */
export interface FileAt {
  sha: string;
  path: string;
}

/** One file a row changed: its path now (after the commit; the removed path for a removal), and its two versions. */
export interface RowFile {
  path: string;
  status: ChangedFile["status"];
  previousPath?: string;
  /** The file before the commit; undefined when the commit added it. */
  before?: FileAt;
  /** The file after the commit; undefined when the commit removed it. */
  after?: FileAt;
}

export interface ChangeRow extends Authorship {
  files: RowFile[];
}

/** A commit's files, each with its versions before (at the first parent) and after. */
function rowFile({ sha, parent }: ContentCommit, file: ChangedFile): RowFile {
  const before = parent && file.status !== "added" ? { sha: parent, path: file.previousPath ?? file.path } : undefined;
  const after = file.status === "removed" ? undefined : { sha, path: file.path };
  return { ...file, status: before || file.status === "removed" ? file.status : "added", before, after };
}

/** Rows of the recent changes list. */
export const rowsOfChanges = (changes: readonly ContentCommit[]): ChangeRow[] =>
  changes.map((change) => {
    const { sha, date, author, email, message, files } = change;
    return { sha, date, author, email, message, files: files.map((file) => rowFile(change, file)) };
  });

/**
 * Rows of one file's versions, newest first: each version compared with the next older one (`older`:
 * the one after the page's last, when there is one; none before the first version, which added it).
 * A version whose file is gone is a removal (said once its text is read: describe-change.ts).
 */
export function rowsOfVersions(versions: readonly Version[], older?: Version): ChangeRow[] {
  return versions.map(({ path, ...who }, i) => {
    const previous = versions[i + 1] ?? older;
    const before = previous ? { sha: previous.sha, path: previous.path } : undefined;
    const file: RowFile = before
      ? before.path === path
        ? { path, status: "modified", before, after: { sha: who.sha, path } }
        : { path, status: "renamed", previousPath: before.path, before, after: { sha: who.sha, path } }
      : { path, status: "added", after: { sha: who.sha, path } };
    return { ...who, files: [file] };
  });
}

/**
 * The files the rows (newest first, every change of each path among them) show removed and not
 * changed since: those "Bring back" is offered for, by path, with the row that removed them.
 */
export function goneFiles<Row extends { files: readonly Pick<RowFile, "path" | "status" | "previousPath">[] }>(
  rows: readonly Row[],
): Map<string, Row> {
  const decided = new Set<string>();
  const gone = new Map<string, Row>();
  for (const row of rows) {
    for (const file of row.files) {
      if (file.status === "removed" && !decided.has(file.path)) gone.set(file.path, row);
      decided.add(file.path);
      if (file.previousPath) decided.add(file.previousPath);
    }
  }
  return gone;
}

/** Where a page starts: a source's cursor and, for a file's versions, the version carried over from the page before. */
export interface RowsAt {
  cursor: string;
  carry?: Version;
}

export interface RowFilter {
  /** One entry's file (its changes followed through its renames); undefined for every content file. */
  path?: string;
  /** One person's changes, by e-mail. */
  author?: string;
  /** The page after another (its `next`); undefined for the first. */
  at?: RowsAt;
  /** Rows a page; 20. */
  limit?: number;
}

/**
 * A page of rows, newest first, and where the next starts (undefined on the last): the recent changes
 * (by one person, with `author`), or one entry's versions (`path`; by one person: that person's among
 * them). A page of versions reads one more than it shows, the version its last row is compared with,
 * and carries that one over to head the next page: each version is asked for once.
 */
export async function rowPage(
  source: HistoryReader,
  { path, author, at, limit = 20 }: RowFilter,
): Promise<{ rows: ChangeRow[]; next?: RowsAt }> {
  if (path === undefined) {
    const page = await source.recentChanges({ limit, cursor: at?.cursor, author });
    return { rows: rowsOfChanges(page.items), next: page.cursor ? { cursor: page.cursor } : undefined };
  }
  const page = await source.versionsOf(path, { limit: at?.carry ? limit : limit + 1, cursor: at?.cursor });
  const versions = [...(at?.carry ? [at.carry] : []), ...page.items];
  const carry = page.cursor ? versions.pop() : undefined;
  const by = author?.toLowerCase();
  const rows = rowsOfVersions(versions, carry).filter((row) => by === undefined || row.email.toLowerCase() === by);
  return { rows, next: page.cursor ? { cursor: page.cursor, carry } : undefined };
}
