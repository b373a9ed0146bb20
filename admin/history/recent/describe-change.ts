/**
 * A row of the Recent changes screen in words: for each file the commit changed, which entry it is
 * (entry-of-path.ts), its title, and what changed (changes.ts' `changesBetween` between the file
 * before the commit and after it). A file added, removed or renamed is said so; a removal and an
 * addition of the same text in one commit are one rename; a file no collection has (a picture) is
 * named by its path. Reads each version once through `read` (a history source's `fileAt`, kept).
 */
import type { Authorship, HistoryReader } from "../../../schemas/history.ts";
import type { Field } from "../../editor/labels.ts";
import { changesBetween, type TitleOf } from "../diff/changes.ts";
import type { ChangeRow, FileAt, RowFile } from "./change-rows.ts";
import { dataOf, entryOfPath, titleOf, type EntryRef } from "./entry-of-path.ts";
import { inPool } from "../sources/pool.ts";

export interface DescribedFile {
  path: string;
  status: RowFile["status"];
  previousPath?: string;
  /** The entry the file is, when a collection has it. */
  entry?: EntryRef;
  /** The entry's title (from its newest text in the row), or the file's path under content/. */
  title: string;
  /** What changed, each a sentence. */
  said: string[];
  /** The file's last version, for a removal ("Bring back" recreates it). */
  last?: FileAt;
  /** Its last text, for a removal. */
  lastText?: string;
}

export interface DescribedRow extends Authorship {
  files: DescribedFile[];
}

export interface DescribeOptions {
  /** The CMS configuration's collections. */
  collections: Parameters<typeof entryOfPath>[0];
  /** An entry's fields (labels.ts' `entryFields`). */
  fieldsOf(entry: EntryRef): readonly Field[] | undefined;
  /** A file's text at a commit, null when it has none then. */
  read(at: FileAt): Promise<string | null>;
  titleOf?: TitleOf;
}

/** `fileAt`, each version asked once (a commit never changes). */
export function keptReader(source: Pick<HistoryReader, "fileAt">): (at: FileAt) => Promise<string | null> {
  const kept = new Map<string, Promise<string | null>>();
  return ({ sha, path }) => {
    const key = `${sha}:${path}`;
    let text = kept.get(key);
    if (!text) {
      text = source.fileAt(sha, path);
      kept.set(key, text);
      text.catch(() => kept.delete(key));
    }
    return text;
  };
}

const statusWords: Record<RowFile["status"], string> = {
  added: "Created.",
  removed: "Deleted.",
  modified: "Changed.",
  renamed: "Renamed.",
};
const underContent = (path: string) => path.replace(/^content\//, "");
const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");

interface Read {
  file: RowFile;
  before: string | null;
  after: string | null;
}

/** One file of a row in words, from its two texts. */
function described({ file, before, after }: Read, options: DescribeOptions): DescribedFile {
  const entry = entryOfPath(options.collections, file.path);
  // In a file's list of versions: one whose file is gone removed it; one after such a version added it again.
  const status =
    file.after && after === null && before !== null
      ? "removed"
      : file.before && before === null && after !== null
        ? "added"
        : file.status;
  const base = { path: file.path, status, ...(file.previousPath ? { previousPath: file.previousPath } : {}) };
  if (!entry) return { ...base, title: underContent(file.path), said: [statusWords[status]] };
  const [old, now] = [dataOf(file.before?.path ?? file.path, before), dataOf(file.path, after)];
  const title = titleOf(entry, now ?? old);
  if (status === "removed")
    return { ...base, entry, title, said: [statusWords.removed], last: file.before, lastText: before ?? undefined };
  if (status === "added") return { ...base, entry, title, said: [statusWords.added] };
  const changes = changesBetween(options.fieldsOf(entry) ?? [], old, now, { titleOf: options.titleOf });
  const renamed =
    status === "renamed" && file.previousPath
      ? [`File renamed: ${fileName(file.previousPath)} → ${fileName(file.path)}.`]
      : [];
  const said = [...renamed, ...changes.map((c) => c.sentence)];
  return { ...base, entry, title, said: said.length ? said : ["Only its layout changed (spacing or comments)."] };
}

/** A removal and an addition of the same text in one commit, said as one rename. */
function pairRenames(reads: Read[]): Read[] {
  const out = [...reads];
  for (const removed of reads.filter((r) => r.file.status === "removed" && r.before !== null)) {
    const added = out.find((r) => r.file.status === "added" && r.after === removed.before);
    if (!added || !out.includes(removed)) continue;
    out.splice(out.indexOf(removed), 1);
    const at = out.indexOf(added);
    out[at] = {
      file: { ...added.file, status: "renamed", previousPath: removed.file.path, before: removed.file.before },
      before: removed.before,
      after: added.after,
    };
  }
  return out;
}

/** A row in words. */
export async function describeRow(row: ChangeRow, options: DescribeOptions): Promise<DescribedRow> {
  const isEntry = (path: string) => entryOfPath(options.collections, path) !== undefined;
  const reads = await Promise.all(
    row.files.map(async (file): Promise<Read> => {
      if (!isEntry(file.path) && !(file.previousPath && isEntry(file.previousPath)))
        return { file, before: null, after: null };
      const [before, after] = await Promise.all([
        file.before ? options.read(file.before) : null,
        file.after ? options.read(file.after) : null,
      ]);
      return { file, before, after };
    }),
  );
  const { sha, date, author, email, message } = row;
  return { sha, date, author, email, message, files: pairRenames(reads).map((read) => described(read, options)) };
}

/** Rows in words, a few at a time, in their order. */
export const describeRows = (rows: readonly ChangeRow[], options: DescribeOptions, concurrency = 10) =>
  inPool(rows, concurrency, (row) => describeRow(row, options));
