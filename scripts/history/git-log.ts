/**
 * What `git log` prints, read once for every reader of a clone's history: the local history /admin/
 * shows with `npm run cms` (git-history.ts) and the stand-in GitHub of the tests
 * (tests/helpers/github-stand-in-git.ts). `logFormat` prints each commit as \x1e, then its fields
 * apart by \x1f, the message last and closed by \x1f, then whatever the log adds (with
 * `-z --name-status`: the changed files, NUL apart).
 */

/** The `--format` that `logRecords` reads. */
export const logFormat = "--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%B%x1f";

/** A person and the time, as git printed them (the time in ISO 8601 with its offset). */
export interface GitPerson {
  name: string;
  email: string;
  date: string;
}

/** One commit of `git log`'s output in `logFormat`. */
export interface LogRecord {
  sha: string;
  /** The parents' names, first parent first (none for a root commit). */
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
  /** The message, whole, without trailing line breaks. */
  message: string;
  /** What followed the message: with `-z --name-status`, the changed files (nameStatus reads them). */
  rest: string;
}

export const logRecords = (output: string): LogRecord[] =>
  output
    .split("\x1e")
    .slice(1)
    .map((record) => {
      const [sha, parents, name, email, date, committer, committerEmail, committed, message, rest = ""] =
        record.split("\x1f");
      return {
        sha: sha!,
        parents: parents!.split(" ").filter(Boolean),
        author: { name: name!, email: email!, date: date! },
        committer: { name: committer!, email: committerEmail!, date: committed! },
        message: message!.replace(/\n+$/, ""),
        rest,
      };
    });

/** A file as `--name-status -z` lists it: its status letter (A, C, D, M, R, T…), its path, and the path before for R and C. */
export interface NameStatus {
  letter: string;
  path: string;
  previousPath?: string;
}

/** The files of `git log -z --name-status` (after a commit's record) or `git diff-tree -z --name-status`. */
export function nameStatus(text: string): NameStatus[] {
  const tokens = text
    .split("\0")
    .map((token) => token.replace(/^\n+/, ""))
    .filter(Boolean);
  const files: NameStatus[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const letter = tokens[i]!.charAt(0);
    if (letter === "R" || letter === "C") {
      const previousPath = tokens[++i]!;
      files.push({ letter, path: tokens[++i]!, previousPath });
    } else files.push({ letter, path: tokens[++i]! });
  }
  return files;
}
