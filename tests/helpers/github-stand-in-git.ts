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
 * and what Decap's GitHub backend reads to list a collection and open an entry
 * (https://docs.github.com/rest/git/trees, https://docs.github.com/rest/git/blobs,
 * https://docs.github.com/rest/branches/branches):
 *   GET …/git/trees/:tree?recursive → a tree by its sha or `<ref>:<folder>` (Git's extended syntax,
 *                                   which GitHub takes and Decap uses): {sha, tree: [{path, mode, type,
 *                                   sha, size (blobs)}], truncated: false}, every level with
 *                                   `recursive`; 404 without one
 *   GET …/git/blobs/:sha          → {sha, size, encoding: "base64", content}; 404 without one
 *   GET …/branches/:branch        → {name, commit (as …/commits lists it), protected: false}; 404
 * (Without the `url` fields GitHub adds: nothing here reads them.)
 * Git gets its arguments as an array; a ref that looks like an option is refused (422).
 */
import { execFile, spawn } from "node:child_process";
import { logFormat, logRecords, nameStatus } from "../../scripts/history/git-log.ts";

/** An answer, or the items of a list (the stand-in pages them). */
export type GitAnswer = { status: number; body: unknown } | { items: unknown[] };

const notFound: GitAnswer = { status: 404, body: { message: "Not Found" } };
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

/** The commits `git log` printed in `logFormat`, as GitHub lists them. */
export const commitsOf = (output: string) =>
  logRecords(output).map(({ sha, parents, author, committer, message }) => ({
    sha,
    commit: {
      author: { ...author, date: githubTime(author.date) },
      committer: { ...committer, date: githubTime(committer.date) },
      message,
    },
    author: null,
    committer: null,
    parents: parents.map((parent) => ({ sha: parent })),
  }));

/** A ref git would misread (an option) or GitHub would not take. */
export const badRef = (ref: string) => !/^[\w./-]+$/.test(ref) || ref.startsWith("-");
/** Bytes as GitHub sends a file or blob: base64, wrapped at 60 characters. */
const base64 = (bytes: Buffer) => `${(bytes.toString("base64").match(/.{1,60}/g) ?? []).join("\n")}\n`;

/** Answers from the repository at `root`, by what was asked under /repos/{owner}/{repo}. */
export function gitRepository(root: string) {
  return {
    async commits(query: URLSearchParams): Promise<GitAnswer> {
      const ref = query.get("sha") ?? "HEAD";
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const path = query.get("path");
      const { ok, out } = await git(root, ["log", logFormat, ref, "--", ...(path ? [path] : [])]);
      if (!ok) return { status: 404, body: { message: `No commit found for SHA: ${ref}` } };
      const author = query.get("author")?.toLowerCase();
      return { items: commitsOf(out).filter((c) => !author || c.commit.author.email.toLowerCase() === author) };
    },

    async commit(ref: string): Promise<GitAnswer> {
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const { ok, out } = await git(root, ["log", "-1", logFormat, ref, "--"]);
      const commit = ok ? commitsOf(out)[0] : undefined;
      if (!commit) return { status: 422, body: { message: `No commit found for SHA: ${ref}` } };
      const against = commit.parents[0] ? [commit.parents[0].sha, commit.sha] : ["--root", commit.sha];
      const diff = await git(root, ["diff-tree", "-r", "-M", "--name-status", "-z", "--no-commit-id", ...against]);
      const files = nameStatus(diff.out).map(({ letter, path, previousPath }) => ({
        filename: path,
        status: statuses[letter] ?? "changed",
        ...(previousPath ? { previous_filename: previousPath } : {}),
      }));
      return { status: 200, body: { ...commit, files } };
    },

    async contents(path: string, ref = "HEAD"): Promise<GitAnswer> {
      if (badRef(ref)) return { status: 422, body: { message: "Validation Failed" } };
      const found = await blob(root, `${ref}:${path}`);
      if (!found) return notFound;
      return {
        status: 200,
        body: {
          type: "file",
          encoding: "base64",
          size: found.bytes.length,
          name: path.split("/").pop(),
          path,
          sha: found.sha,
          content: base64(found.bytes),
        },
      };
    },

    async tree(spec: string, recursive: boolean): Promise<GitAnswer> {
      const [ref = "", ...folder] = spec.split(":");
      if (badRef(ref)) return notFound;
      const found = await git(root, ["rev-parse", "--verify", "--quiet", `${ref}:${folder.join(":")}`]);
      const sha = found.out.trim();
      // ls-tree refuses what is not a tree (a file's blob): GitHub's 404 too.
      const listing = found.ok
        ? await git(root, ["ls-tree", "-l", "-z", ...(recursive ? ["-r", "-t"] : []), sha])
        : found;
      if (!listing.ok) return notFound;
      const tree = listing.out
        .split("\0")
        .filter(Boolean)
        .map((line) => {
          const tab = line.indexOf("\t");
          const [mode, type, object, size] = line.slice(0, tab).split(/\s+/);
          return {
            path: line.slice(tab + 1),
            mode,
            type,
            sha: object,
            ...(type === "blob" ? { size: Number(size) } : {}),
          };
        });
      return { status: 200, body: { sha, tree, truncated: false } };
    },

    async blob(sha: string): Promise<GitAnswer> {
      const found = /^[0-9a-f]{40}$/i.test(sha) ? await blob(root, sha) : undefined;
      if (!found) return notFound;
      return {
        status: 200,
        body: { sha: found.sha, size: found.bytes.length, encoding: "base64", content: base64(found.bytes) },
      };
    },

    async branch(name: string): Promise<GitAnswer> {
      const { ok, out } = badRef(name)
        ? { ok: false, out: "" }
        : await git(root, ["log", "-1", logFormat, `refs/heads/${name}`, "--"]);
      const commit = ok ? commitsOf(out)[0] : undefined;
      if (!commit) return { status: 404, body: { message: "Branch not found" } };
      return { status: 200, body: { name, commit, protected: false } };
    },
  };
}
