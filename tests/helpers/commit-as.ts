/**
 * A commit in a test's fixture repository by a person at a time of the test's choosing (the history
 * tests' Maria and Sam): content/ as it is in `dir`, staged whole and committed with that author and
 * committer and their dates (Git's GIT_AUTHOR_* and GIT_COMMITTER_*), unsigned.
 */
import { execFileSync } from "node:child_process";

export interface Person {
  name: string;
  email: string;
}

export function commitAs(dir: string, who: Person, date: string, message: string): void {
  const git = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    execFileSync("git", ["-C", dir, "-c", "commit.gpgsign=false", ...args], { encoding: "utf8", env });
  git(["add", "--all", "content"]);
  git(["commit", "-q", "-m", message], {
    ...process.env,
    GIT_AUTHOR_NAME: who.name,
    GIT_AUTHOR_EMAIL: who.email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: who.name,
    GIT_COMMITTER_EMAIL: who.email,
    GIT_COMMITTER_DATE: date,
  });
}
