/**
 * The stand-in GitHub's repository history (tests/helpers/github-stand-in.ts, option `git`): a real
 * Git repository on disk, read with `git` and answered in the shapes GitHub documents
 * (https://docs.github.com/rest/commits/commits, https://docs.github.com/rest/repos/contents):
 *   GET …/commits?sha&path&author → the commits reachable from `sha` (a branch or commit; HEAD) that
 *                                   changed `path` (`git log -- path`: no rename followed, as GitHub),
 *                                   newest first, by `author` (an e-mail); each {sha, commit: {author:
 *                                   {name, email, date}, committer, message}, parents: [{sha}]}
 *   GET …/commits/:ref            → the same and its `files[]` against its first parent: {filename,
 *                                   status (added, removed, modified, renamed, copied, changed),
 *                                   previous_filename for a rename or copy}
 *   GET …/contents/:path?ref      → a file's {type: "file", encoding: "base64", content (wrapped at
 *                                   60 characters, as GitHub's), size, name, path, sha}; 404 without one
 * Git gets its arguments as an array; a ref that looks like an option is refused (422).
 */
import { execFile, spawn } from "node:child_process";

type Answer = { status: number; body: unknown } | { items: unknown[] };

const notFound: Answer = { status: 404, body: { message: "Not Found" } };
const format = "--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%cn%x1f%ce%x1f%cI%x1f%B";
const githubTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
const statuses: Record<string, string> = { A: "added", C: "copied", D: "removed", M: "modified", R: "renamed" };

function git(root: string, args: string[]): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) =>
    execFile("git", ["-C", root, "-c", "core.quotePath=false", ...args], { maxBuffer: 256 << 20 }, (error, out) =>
      resolve({ ok: !error, out }),
    ),
  );
}

/** The blob at `<ref>:<path>` (`git cat-file --batch`), or undefined when there is none. */
function blob(root: string, spec: string): Promise<{ sha: string; bytes: Buffer } | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-C", root, "cat-file", "--batch"], { stdio: ["pipe", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", () => {
      const output = Buffer.concat(chunks);
      const end = output.indexOf(10);
      const header = /^(\S+) (\S+) (\d+)$/.exec(output.subarray(0, end).toString());
      if (!header || header[2] !== "blob") return resolve(undefined);
      resolve({ sha: header[1]!, bytes: output.subarray(end + 1, end + 1 + Number(header[3])) });
    });
    child.stdin.end(`${spec}\n`);
  });
}

/** The commits `git log` printed in `format`, as GitHub lists them. */
const commitsOf = (output: string) =>
  output
    .split("\x1e")
    .slice(1)
    .map((record) => {
      const [sha, parents, name, email, date, committer, committerEmail, committed, message] = record.split("\x1f");
      return {
        sha: sha!,
        commit: {
          author: { name: name!, email: email!, date: githubTime(date!) },
          committer: { name: committer!, email: committerEmail!, date: githubTime(committed!) },
          message: message!.replace(/\n+$/, ""),
        },
        author: null,
        committer: null,
        parents: parents!
          .split(" ")
          .filter(Boolean)
          .map((parent) => ({ sha: parent })),
      };
    });

const badRef = (ref: string) => !/^[\w./-]+$/.test(ref) || ref.startsWith("-");

/** Answers from the repository at `root`, by what was asked under /repos/{owner}/{repo}. */
export function gitRepository(root: string) {
  return {
    async commits(query: URLSearchParams): Promise<Answer> {
      const ref = query.get("sha") ?? "HEAD";
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const path = query.get("path");
      const { ok, out } = await git(root, ["log", format, ref, "--", ...(path ? [path] : [])]);
      if (!ok) return { status: 404, body: { message: `No commit found for SHA: ${ref}` } };
      const author = query.get("author")?.toLowerCase();
      return { items: commitsOf(out).filter((c) => !author || c.commit.author.email.toLowerCase() === author) };
    },

    async commit(ref: string): Promise<Answer> {
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const { ok, out } = await git(root, ["log", "-1", format, ref, "--"]);
      const commit = ok ? commitsOf(out)[0] : undefined;
      if (!commit) return { status: 422, body: { message: `No commit found for SHA: ${ref}` } };
      const against = commit.parents[0] ? [commit.parents[0].sha, commit.sha] : ["--root", commit.sha];
      const diff = await git(root, ["diff-tree", "-r", "-M", "--name-status", "-z", "--no-commit-id", ...against]);
      const tokens = diff.out.split("\0").filter(Boolean);
      const files = [];
      for (let i = 0; i < tokens.length; i++) {
        const letter = tokens[i]!.charAt(0);
        const two = letter === "R" || letter === "C";
        const previous = two ? tokens[++i] : undefined;
        files.push({
          filename: tokens[++i]!,
          status: statuses[letter] ?? "changed",
          ...(previous ? { previous_filename: previous } : {}),
        });
      }
      return { status: 200, body: { ...commit, files } };
    },

    async contents(path: string, ref = "HEAD"): Promise<Answer> {
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const found = await blob(root, `${ref}:${path}`);
      if (!found) return notFound;
      const content = (found.bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n");
      return {
        status: 200,
        body: {
          type: "file",
          encoding: "base64",
          size: found.bytes.length,
          name: path.split("/").pop(),
          path,
          sha: found.sha,
          content: `${content}\n`,
        },
      };
    },
  };
}
