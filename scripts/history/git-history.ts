/**
 * The local repository's published history (issue 46), for /admin/ with `npm run cms`: the answers
 * GitHub gives admin/history/sources/github-source.ts, from `git` run on this clone (the browser cannot run
 * git; scripts/history/endpoint.ts serves these to it). Inputs: the clone's folder and the branch
 * (HEAD). Every git run gets its arguments as an array, never a shell line; a path must be a file
 * under content/, a commit a hexadecimal name, a cursor a commit and a count: anything else is refused with a
 * `HistoryRequestError`.
 * A version is what reached the branch (docs/decisions/0048-history-as-published.md): a commit of its
 * first-parent line (`--first-parent`: a merge is compared with its first parent), dated when it was
 * published (the committer date), by who published it (its author), a merge's saves (`git log
 * <first parent>..<second parent>`) summed up.
 * - versions: `git log --first-parent --follow -M --name-status` (the file through its renames);
 * - a file at a commit: `git cat-file --batch` ("missing" when the commit has no such file);
 * - recent changes: `git log -M --name-status --full-diff -- content/` (every content file a commit
 *   changed, as GitHub's commit lists them; a merge git lists, one that changed content/ against each
 *   of its parents, lists no files here, where GitHub lists its changes against its first parent);
 *   one file's: its versions' commits (changes-of-file.ts: through its renames, which git's `--follow`
 *   refuses with `--full-diff` and loses with `--author`), read again with `git log --no-walk`.
 */
import { execFile } from "node:child_process";
import { posix } from "node:path";
import type {
  ContentCommit,
  ChangedFile,
  ChangeFilter,
  HistoryPage,
  HistoryReader,
  PageOptions,
  Saves,
  Version,
} from "../../schemas/history.ts";
import { changesOfFile, limitOf } from "./changes-of-file.ts";
import { contentFiles, contentFolder, utcTime } from "./content-files.ts";
import { logFormat, logRecords, nameStatus } from "./git-log.ts";

/** A question the history refuses to ask git (a path outside content/, a malformed commit or cursor). */
export class HistoryRequestError extends Error {}

/** `path` when it is a file's path under content/, normalised (no `..`, no `//`); else refused. */
export function contentPath(path: string): string {
  if (!path.startsWith(contentFolder) || path.endsWith("/") || posix.normalize(path) !== path || /[\0\n\r]/.test(path))
    throw new HistoryRequestError(`Not a file under ${contentFolder}: ${JSON.stringify(path)}`);
  return path;
}

const commitName = (sha: string) => {
  if (!/^[0-9a-f]{4,64}$/i.test(sha)) throw new HistoryRequestError(`Not a commit's name: ${JSON.stringify(sha)}`);
  return sha;
};

/**
 * Where a page starts: the commit the first page resolved the branch to (kept, so a publish between two
 * pages neither repeats nor skips a row) and the count of items before it. A cursor is
 * `<commit>.<count>`.
 */
interface Start {
  at?: string;
  skip: number;
}
const startOf = (cursor: string | undefined): Start => {
  if (cursor === undefined) return { skip: 0 };
  const found = /^([0-9a-f]{40,64})\.(\d{1,9})$/i.exec(cursor);
  if (!found) throw new HistoryRequestError(`Not a cursor of this history: ${cursor}`);
  return { at: found[1]!, skip: Number(found[2]) };
};

const statuses: Record<string, ChangedFile["status"]> = { A: "added", C: "added", D: "removed", R: "renamed" };

interface Commit {
  sha: string;
  parent?: string;
  parents: string[];
  date: string;
  author: string;
  email: string;
  message: string;
  files: ChangedFile[];
}

/** The commits `git log -z --name-status` printed in `logFormat`, each with its changed files as git names them. */
const commitsOf = (output: string): Commit[] =>
  logRecords(output).map(({ sha, parents, author, committer, message, rest }) => ({
    sha,
    parent: parents[0],
    parents,
    author: author.name,
    email: author.email,
    date: utcTime(committer.date),
    message,
    files: nameStatus(rest).map(({ letter, path, previousPath }): ChangedFile => {
      const status = statuses[letter] ?? "modified";
      return status === "renamed" ? { path, status, previousPath: previousPath! } : { path, status };
    }),
  }));

/** What git printed; a failure (not a repository, git missing) is an error with git's words. */
function git(root: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["-C", root, "-c", "core.quotePath=false", ...args],
      { encoding: "buffer", maxBuffer: 256 * 1024 * 1024, timeout: 60_000, env: { ...process.env, LC_ALL: "C" } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`git ${args[0]}: ${stderr.toString().trim() || error.message}`)) : resolve(stdout),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** The file's text from `git cat-file --batch`'s answer to `<sha>:<path>`; null when "missing" or not a file. */
function blobOf(output: Buffer): string | null {
  const end = output.indexOf(10);
  const header = /^\S+ (\S+) (\d+)$/.exec(output.subarray(0, end).toString());
  if (!header || header[1] !== "blob") return null;
  return output.subarray(end + 1, end + 1 + Number(header[2])).toString("utf8");
}

/** Where a page is read: the cursor's commit and count, else the branch's commit now and none. */
async function pageStart(root: string, branch: string, cursor: string | undefined): Promise<Required<Start>> {
  const { at, skip } = startOf(cursor);
  const commit = at ?? (await git(root, ["rev-parse", "--verify", "--end-of-options", `${branch}^{commit}`]));
  return { at: commit.toString().trim(), skip };
}

/** One page of `items` read at commit `at`, asked one more than `limit` to know whether there is a next. */
const pageOf = <T>(items: T[], at: string, skip: number, limit: number): HistoryPage<T> =>
  items.length > limit ? { items: items.slice(0, limit), cursor: `${at}.${skip + limit}` } : { items };

/** The history of the repository at `root`, on `branch` (HEAD). */
export function gitHistory(root: string, branch = "HEAD"): HistoryReader {
  if (branch.startsWith("-")) throw new HistoryRequestError(`Not a branch: ${branch}`);
  const log = async (args: string[]) =>
    commitsOf((await git(root, ["log", "-z", logFormat, ...args])).toString("utf8"));
  const startAt = (cursor: string | undefined) => pageStart(root, branch, cursor);
  /** A merge's saves: the commits its second parent brought (`git log <first>..<second>`), summed up. */
  const savesOf = async ({ parents: [first, ...others] }: Commit): Promise<Saves | undefined> => {
    if (!first || others.length === 0) return undefined;
    const saves = logRecords((await git(root, ["log", logFormat, ...others, `^${first}`, "--"])).toString("utf8"));
    if (saves.length === 0) return undefined;
    return {
      count: saves.length,
      authors: [...new Set(saves.map((save) => save.author.name))],
      first: utcTime(saves.at(-1)!.author.date),
      last: utcTime(saves[0]!.author.date),
    };
  };
  /** With a merge's saves. */
  const withSaves = async <T extends Commit>(commits: T[]) =>
    Promise.all(
      commits.map(async ({ parents, ...commit }) => {
        const saves = await savesOf({ ...commit, parents } as Commit);
        return saves ? { ...commit, saves } : commit;
      }),
    );
  /** A commit as a change: its files under content/. */
  const changeOf = ({ parents: _, ...commit }: Commit): ContentCommit => ({
    ...commit,
    files: contentFiles(commit.files),
  });
  /** These commits (named by git), each with its files under content/. */
  const changesOf = async (shas: string[]) =>
    (await log(["--no-walk=unsorted", "-M", "--name-status", ...shas.map(commitName), "--", contentFolder])).map(
      changeOf,
    );

  const reader: HistoryReader = {
    async versionsOf(path: string, { limit, cursor }: PageOptions = {}): Promise<HistoryPage<Version>> {
      const [{ at, skip }, n] = [await startAt(cursor), limitOf(limit)];
      // From the newest, not --skip: git --follow after a --skip loses the file's earlier name.
      const all = await log([
        "--first-parent",
        "--follow",
        "-M",
        "--name-status",
        `-n${skip + n + 1}`,
        at,
        "--",
        contentPath(path),
      ]);
      // The file's name going back: a merge lists no file, and keeps the name the file had after it.
      let name = path;
      const versions = all.map(({ files: [file], ...commit }) => {
        const at = file?.path ?? name;
        if (file?.previousPath) name = file.previousPath;
        return { ...commit, files: [], path: at };
      });
      const page = pageOf(versions.slice(skip), at, skip, n);
      const items = (await withSaves(page.items)).map(({ files: _, parent: __, ...version }): Version => version);
      return { ...page, items };
    },

    async fileAt(sha: string, path: string): Promise<string | null> {
      return blobOf(await git(root, ["cat-file", "--batch"], `${commitName(sha)}:${contentPath(path)}\n`));
    },

    async recentChanges({ limit, cursor, path, author }: ChangeFilter = {}): Promise<HistoryPage<ContentCommit>> {
      if (path !== undefined)
        return changesOfFile(reader.versionsOf, changesOf, contentPath(path), { limit, cursor, author });
      const [{ at, skip }, n] = [await startAt(cursor), limitOf(limit)];
      // -F -i: the e-mail as it is, in any case, between the <> of the author's "Name <e-mail>".
      const by = author === undefined ? [] : ["-F", "-i", `--author=<${author.replace(/[<>\n]/g, "")}>`];
      const commits = await log([
        "--first-parent",
        "-M",
        "--name-status",
        "--full-diff",
        `--skip=${skip}`,
        `-n${n + 1}`,
        ...by,
        at,
        "--",
        contentFolder,
      ]);
      const page = pageOf(commits, at, skip, n);
      return { ...page, items: (await withSaves(page.items)).map((c) => changeOf({ ...c, parents: [] })) };
    },
  };
  return reader;
}
