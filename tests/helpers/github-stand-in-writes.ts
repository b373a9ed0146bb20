/**
 * The stand-in GitHub's writes to its Git repository (tests/helpers/github-stand-in.ts, option `git`):
 * what Decap 3's GitHub backend asks when it saves an entry for review and publishes it (the editorial
 * workflow), done with Git's plumbing on the repository on disk and answered in the shapes GitHub
 * documents (https://docs.github.com/rest/git, https://docs.github.com/rest/commits/commits#compare-two-commits,
 * https://docs.github.com/rest/pulls/pulls#merge-a-pull-request):
 *   POST …/git/blobs   {content, encoding: utf-8|base64}        → 201 {sha} (`git hash-object -w`)
 *   POST …/git/trees   {base_tree, tree: [{path, mode, type: "blob", sha | content}]} → 201 {sha, tree}: the
 *                      base tree (a tree or a commit) with each path set, or removed where `sha` is
 *                      null (a folder's path: all under it); a path to remove that is not there: 422
 *   POST …/git/commits {message, tree, parents, author?, committer?} → 201 the commit; the author is
 *                      the token's user at `now` unless given, the committer the author unless given
 *   POST …/git/refs    {ref: refs/…, sha}                       → 201; 422 "Reference already exists"
 *   PATCH …/git/refs/<ref> {sha, force}                         → 200; 422 "Update is not a fast
 *                      forward" unless `force` or `sha` descends from the ref's commit
 *   DELETE …/git/refs/<ref>                                     → 204; 422 "Reference does not exist"
 *   GET  …/git/ref/<ref>  → the ref; GET …/git/matching-refs/<ref> → the refs it starts; GET
 *                      …/git/refs/<ref> → the ref when one has that name, else those it starts (404: none)
 *   GET  …/compare/<base>...<head> (either `owner:branch`)      → {status, ahead_by, behind_by,
 *                      base_commit, merge_base_commit, commits (oldest first), files: [{sha, filename,
 *                      status, additions, deletions, changes, patch, previous_filename}]}, against
 *                      the merge base, as GitHub's three dots
 * and a pull request's merge (`merge`: a merge commit from `git merge-tree --write-tree`, or one
 * squashed commit; a conflict: not mergeable). Git gets its arguments as an array, never a shell.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { logFormat } from "../../scripts/history/git-log.ts";
import { badRef, commitsOf, type GitAnswer } from "./github-stand-in-git.ts";

export interface Signature {
  name: string;
  email: string;
  date?: string;
}

const zero = "0".repeat(40);
const refused = (status: number, message: string): GitAnswer => ({ status, body: { message } });
const invalid = (message = "Validation Failed") => refused(422, message);

/** Runs git in `root` with `args` (and `input` on its stdin): its output and whether it succeeded. */
function run(
  root: string,
  args: string[],
  { input, env }: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {},
): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["-C", root, "-c", "core.quotePath=false", "-c", "commit.gpgsign=false", ...args], {
      // Paths are paths, not patterns (`ls-files -- <path>`).
      env: { ...process.env, GIT_LITERAL_PATHSPECS: "1", ...env },
      stdio: ["pipe", "pipe", "ignore"],
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ ok: code === 0, out: Buffer.concat(chunks).toString() }));
    child.stdin.end(input);
  });
}

const isSha = (text: unknown): text is string => typeof text === "string" && /^[0-9a-f]{40}$/i.test(text);
/** `owner:branch` as GitHub takes a head or base: the branch. */
const branchOf = (spec: string) => spec.slice(spec.indexOf(":") + 1);
const refJson = (ref: string, sha: string) => ({ ref, object: { type: "commit", sha } });

export function gitWrites(root: string) {
  /** The sha `spec` names (a sha, a branch, a ref), of `type` when given; undefined when none. */
  const resolve = async (spec: string, type = "commit") => {
    if (badRef(spec)) return undefined;
    const found = await run(root, ["rev-parse", "--verify", "--quiet", `${spec}^{${type}}`]);
    return found.ok ? found.out.trim() : undefined;
  };
  /** The refs whose names start with `prefix` (GitHub's matching-refs: by the name's text), and their shas. */
  const refsUnder = async (prefix: string) => {
    const { out } = await run(root, ["for-each-ref", "--format=%(refname) %(objectname)", "refs/"]);
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" ") as [string, string])
      .filter(([name]) => name.startsWith(prefix));
  };
  const refOf = async (ref: string) => (await refsUnder(ref)).find(([name]) => name === ref)?.[1];
  const commitJson = async (sha: string) => {
    const { out } = await run(root, ["log", "-1", logFormat, sha, "--"]);
    const listed = commitsOf(out)[0]!;
    const tree = (await resolve(sha, "tree"))!;
    return { sha, ...listed.commit, tree: { sha: tree }, parents: listed.parents };
  };
  /** A commit of `tree` on `parents` by `author` (and `committer`), its sha. */
  const commitTree = async (
    tree: string,
    parents: string[],
    message: string,
    author: Signature,
    committer = author,
  ) => {
    const made = await run(root, ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p])], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: author.date,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
        GIT_COMMITTER_DATE: committer.date ?? author.date,
      },
    });
    return made.ok ? made.out.trim() : undefined;
  };

  const writes = {
    resolve,

    async blob(body: { content?: unknown; encoding?: unknown }): Promise<GitAnswer> {
      if (typeof body.content !== "string") return invalid();
      const encoding = body.encoding ?? "utf-8";
      if (encoding !== "utf-8" && encoding !== "base64") return invalid();
      const bytes = Buffer.from(body.content, encoding === "base64" ? "base64" : "utf8");
      const { ok, out } = await run(root, ["hash-object", "-w", "--stdin"], { input: bytes });
      return ok ? { status: 201, body: { sha: out.trim() } } : invalid();
    },

    async tree(body: { base_tree?: unknown; tree?: unknown }): Promise<GitAnswer> {
      if (!Array.isArray(body.tree)) return invalid();
      const base = body.base_tree === undefined ? undefined : await resolve(String(body.base_tree), "tree");
      if (body.base_tree !== undefined && !base) return invalid("base_tree is not a valid tree oid");
      // A scratch index: the base tree read in, each entry set or removed, written out as a tree.
      const scratch = mkdtempSync(join(tmpdir(), "stand-in-index-"));
      const env = { GIT_INDEX_FILE: join(scratch, "index") };
      try {
        await run(root, base ? ["read-tree", base] : ["read-tree", "--empty"], { env });
        const lines: string[] = [];
        for (const entry of body.tree as {
          path?: unknown;
          mode?: unknown;
          type?: unknown;
          sha?: unknown;
          content?: unknown;
        }[]) {
          const path = typeof entry.path === "string" ? entry.path.replace(/^\/+/, "") : "";
          if (!path || entry.type !== "blob" || !["100644", "100755", "120000"].includes(String(entry.mode)))
            return invalid();
          if (entry.sha === null) {
            const under = await run(root, ["ls-files", "-z", "--", path], { env });
            const paths = under.out.split("\0").filter(Boolean);
            if (paths.length === 0) return invalid(`tree.path ${path} does not exist to be deleted`);
            lines.push(...paths.map((p) => `0 ${zero}\t${p}`));
            continue;
          }
          let sha = entry.sha;
          if (typeof entry.content === "string")
            sha = (await run(root, ["hash-object", "-w", "--stdin"], { input: entry.content })).out.trim();
          if (!isSha(sha) || !(await resolve(sha, "blob")))
            return invalid(`tree.sha ${String(sha)} is not a valid blob`);
          lines.push(`${String(entry.mode)} ${sha}\t${path}`);
        }
        // In their order: a path removed and then set is set.
        await run(root, ["update-index", "--index-info"], { env, input: lines.map((line) => `${line}\n`).join("") });
        const written = await run(root, ["write-tree"], { env });
        if (!written.ok) return invalid();
        const sha = written.out.trim();
        const listing = await run(root, ["ls-tree", "-z", sha]);
        const tree = listing.out
          .split("\0")
          .filter(Boolean)
          .map((line) => {
            const [mode, type, object] = line.slice(0, line.indexOf("\t")).split(" ");
            return { path: line.slice(line.indexOf("\t") + 1), mode, type, sha: object };
          });
        return { status: 201, body: { sha, tree, truncated: false } };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },

    async commit(
      body: { message?: unknown; tree?: unknown; parents?: unknown; author?: Signature; committer?: Signature },
      user: Signature,
    ): Promise<GitAnswer> {
      const parents = body.parents ?? [];
      if (typeof body.message !== "string" || !isSha(body.tree) || !Array.isArray(parents)) return invalid();
      if (!(await resolve(body.tree, "tree"))) return invalid("Tree SHA does not exist");
      for (const parent of parents as unknown[])
        if (!isSha(parent) || !(await resolve(parent)))
          return invalid("Parent SHA does not exist or is not a commit object");
      const author = { ...user, ...body.author, date: body.author?.date ?? user.date };
      const committer = body.committer ? { ...body.committer, date: body.committer.date ?? author.date } : author;
      const sha = await commitTree(body.tree, parents as string[], body.message, author, committer);
      return sha ? { status: 201, body: await commitJson(sha) } : invalid();
    },

    /**
     * `ref`: the ref of that name (404: none); `matching-refs`: those whose names it starts; `refs`
     * (GitHub's older form): the ref of that name, else those it starts, else 404.
     */
    async getRef(name: string, form: "ref" | "refs" | "matching-refs"): Promise<GitAnswer> {
      const full = `refs/${name}`;
      const matching = badRef(name) ? [] : await refsUnder(full);
      const one = matching.find(([ref]) => ref === full);
      if (form === "matching-refs") return { items: matching.map((m) => refJson(...m)) };
      if (one) return { status: 200, body: refJson(...one) };
      if (form === "refs" && matching.length > 0) return { items: matching.map((m) => refJson(...m)) };
      return refused(404, "Not Found");
    },

    async createRef(body: { ref?: unknown; sha?: unknown }): Promise<GitAnswer> {
      const ref = typeof body.ref === "string" ? body.ref : "";
      if (!/^refs\/[^/]+\/.+/.test(ref) || badRef(ref) || !(await run(root, ["check-ref-format", ref])).ok)
        return invalid("Reference name must start with 'refs/' and have at least two slashes.");
      if (!isSha(body.sha) || !(await resolve(body.sha))) return invalid("Object does not exist");
      // The old value all zeros: made only when it is not there.
      const made = await run(root, ["update-ref", ref, body.sha, zero]);
      return made.ok ? { status: 201, body: refJson(ref, body.sha) } : invalid("Reference already exists");
    },

    async updateRef(name: string, body: { sha?: unknown; force?: unknown }): Promise<GitAnswer> {
      const ref = `refs/${name}`;
      const old = badRef(name) ? undefined : await refOf(ref);
      if (!old) return invalid("Reference does not exist");
      if (!isSha(body.sha) || !(await resolve(body.sha))) return invalid("Object does not exist");
      if (body.force !== true && !(await run(root, ["merge-base", "--is-ancestor", old, body.sha])).ok)
        return invalid("Update is not a fast forward");
      const moved = await run(root, ["update-ref", ref, body.sha, old]);
      return moved.ok ? { status: 200, body: refJson(ref, body.sha) } : invalid("Reference cannot be updated");
    },

    async deleteRef(name: string): Promise<GitAnswer> {
      const ref = `refs/${name}`;
      const old = badRef(name) ? undefined : await refOf(ref);
      if (!old) return invalid("Reference does not exist");
      await run(root, ["update-ref", "-d", ref, old]);
      return { status: 204, body: undefined };
    },

    async compare(baseSpec: string, headSpec: string): Promise<GitAnswer> {
      const [base, head] = [await resolve(branchOf(baseSpec)), await resolve(branchOf(headSpec))];
      if (!base || !head) return refused(404, "Not Found");
      const mergeBase = (await run(root, ["merge-base", base, head])).out.trim();
      const count = async (range: string) => Number((await run(root, ["rev-list", "--count", range])).out.trim());
      const [ahead, behind] = [await count(`${base}..${head}`), await count(`${head}..${base}`)];
      const listed = async (args: string[]) => commitsOf((await run(root, ["log", logFormat, ...args, "--"])).out);
      // --raw's records first (":modes shas status", path, [new path]), then --numstat's ("+\t-\tpath",
      // or "+\t-\t", old path, new path for a rename).
      const tokens = (
        await run(root, ["diff", "--raw", "--no-abbrev", "--numstat", "-z", "-M", mergeBase, head])
      ).out.split("\0");
      const records: { sha: string; letter: string; path: string; previous?: string }[] = [];
      const stats = new Map<string, { additions: number; deletions: number; binary: boolean }>();
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i]!;
        const stat = /^(\d+|-)\t(\d+|-)\t(.*)$/.exec(token);
        if (token.startsWith(":")) {
          const [, , , sha, status] = token.slice(1).split(" ");
          const letter = status!.charAt(0);
          const previous = letter === "R" || letter === "C" ? tokens[++i] : undefined;
          records.push({ sha: letter === "D" ? zero : sha!, letter, path: tokens[++i]!, previous });
        } else if (stat) {
          const path = stat[3] || tokens[(i += 2)]!;
          stats.set(path, {
            additions: Number(stat[1]) || 0,
            deletions: Number(stat[2]) || 0,
            binary: stat[1] === "-",
          });
        }
      }
      const files = [];
      for (const record of records) {
        const stat = stats.get(record.path) ?? { additions: 0, deletions: 0, binary: false };
        // A text file's patch: its hunks, without the diff's header (as GitHub gives it).
        const diff = stat.binary
          ? ""
          : (
              await run(root, [
                "diff",
                "-M",
                mergeBase,
                head,
                "--",
                ...(record.previous ? [record.previous] : []),
                record.path,
              ])
            ).out;
        const hunks = diff.search(/^@@/m);
        files.push({
          sha: record.sha,
          filename: record.path,
          status: { A: "added", C: "copied", D: "removed", M: "modified", R: "renamed" }[record.letter] ?? "changed",
          additions: stat.additions,
          deletions: stat.deletions,
          changes: stat.additions + stat.deletions,
          ...(hunks >= 0 ? { patch: diff.slice(hunks).replace(/\n$/, "") } : {}),
          ...(record.previous ? { previous_filename: record.previous } : {}),
        });
      }
      return {
        status: 200,
        body: {
          status: ahead && behind ? "diverged" : ahead ? "ahead" : behind ? "behind" : "identical",
          ahead_by: ahead,
          behind_by: behind,
          total_commits: ahead,
          base_commit: (await listed(["-1", base]))[0],
          merge_base_commit: (await listed(["-1", mergeBase]))[0],
          commits: await listed(["--reverse", `${base}..${head}`]),
          files,
        },
      };
    },

    /**
     * `head` merged into the branch `base` (a merge commit, or its changes squashed into one commit
     * on `base`), as `by` at its date; the branch moved on. Undefined: they conflict.
     */
    async merge(
      base: string,
      head: string,
      { method, message, by }: { method: "merge" | "squash"; message: string; by: Signature },
    ): Promise<string | undefined> {
      const old = await resolve(`refs/heads/${base}`);
      if (!old) return undefined;
      const merged = await run(root, ["merge-tree", "--write-tree", old, head]);
      if (!merged.ok) return undefined;
      const tree = merged.out.split("\n")[0]!;
      const web = { name: "GitHub", email: "noreply@github.com", date: by.date };
      const sha = await commitTree(tree, method === "merge" ? [old, head] : [old], message, by, web);
      if (!sha || !(await run(root, ["update-ref", `refs/heads/${base}`, sha, old])).ok) return undefined;
      return sha;
    },
  };
  return writes;
}
