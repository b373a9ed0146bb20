/**
 * The stand-in GitHub's writes (tests/helpers/github-stand-in-writes.ts) where a browser run would not
 * show a fault clearly: a tree that deletes a path (and one that is not there), a ref update that is
 * not a fast forward, and a pull request's merge as a merge commit, squashed, or refused on a conflict.
 * Decap's save-and-publish itself runs in Chromium in tests/leads/history-github.test.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";

const repo = "acme/site";
const token = "gho_writes0123456789abcdef";
const folder = mkdtempSync(join(tmpdir(), "stand-in-writes-"));
const git = (...args: string[]) => execFileSync("git", ["-C", folder, ...args], { encoding: "utf8" }).trim();
let github: StandIn;

/** The API's answer to `method` at `path` (under the repository) with `body`: its status and JSON. */
async function ask(method: string, path: string, body?: unknown) {
  const response = await fetch(`${github.url}/repos/${repo}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}
const sha = async (path: string, body: unknown) => (await ask("POST", path, body)).json.sha as string;

/** A commit on `parent` setting each file (null: deleting it), by the API as Decap makes one. */
async function commitOn(parent: string, files: Record<string, string | null>) {
  const tree = [];
  for (const [path, text] of Object.entries(files))
    tree.push({
      path,
      mode: "100644",
      type: "blob",
      sha: text === null ? null : await sha("/git/blobs", { content: text, encoding: "utf-8" }),
    });
  const made = await sha("/git/trees", { base_tree: parent, tree });
  return sha("/git/commits", { message: "An edit", tree: made, parents: [parent] });
}
/** A branch from main with `files` set, and a pull request of it into main. */
async function pullOf(branch: string, files: Record<string, string | null>) {
  const commit = await commitOn(git("rev-parse", "main"), files);
  expect((await ask("POST", "/git/refs", { ref: `refs/heads/${branch}`, sha: commit })).status).toBe(201);
  const pull = await ask("POST", "/pulls", { title: `Edit on ${branch}`, head: `acme:${branch}`, base: "main" });
  expect(pull.status).toBe(201);
  return pull.json.number as number;
}

beforeAll(async () => {
  git("init", "-q", "-b", "main");
  const blob = (text: string) =>
    execFileSync("git", ["-C", folder, "hash-object", "-w", "--stdin"], { input: text, encoding: "utf8" }).trim();
  const index = `100644 ${blob("price: 10\n")}\tcontent/plan.yaml\n100644 ${blob("q: Why?\n")}\tcontent/faq/why.yaml\n`;
  const env = { ...process.env, GIT_INDEX_FILE: join(folder, ".git", "fixture-index") };
  execFileSync("git", ["-C", folder, "update-index", "--add", "--index-info"], { input: index, env });
  const tree = execFileSync("git", ["-C", folder, "write-tree"], { env, encoding: "utf8" }).trim();
  const first = execFileSync("git", ["-C", folder, "commit-tree", tree, "-m", "Launch"], {
    encoding: "utf8",
    env: {
      ...env,
      GIT_AUTHOR_NAME: "T",
      GIT_AUTHOR_EMAIL: "t@example.test",
      GIT_COMMITTER_NAME: "T",
      GIT_COMMITTER_EMAIL: "t@example.test",
    },
  }).trim();
  git("update-ref", "refs/heads/main", first);
  github = await startGitHubStandIn({
    repo,
    git: folder,
    login: "marketer",
    now: () => new Date("2026-11-27T12:00:00Z"),
  });
  github.grant(token, { login: "marketer" });
});

afterAll(async () => {
  await github?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the stand-in GitHub's writes", () => {
  it("a tree deletes a path given sha null; a path that is not there is refused (422)", async () => {
    const main = git("rev-parse", "main");
    const commit = await commitOn(main, { "content/faq/why.yaml": null, "content/faq/how.yaml": "q: How?\n" });
    expect(git("ls-tree", "-r", "--name-only", commit).split("\n")).toEqual([
      "content/faq/how.yaml",
      "content/plan.yaml",
    ]);
    expect(git("log", "-1", "--format=%an <%ae> %aI", commit)).toBe(
      "A marketer <1+marketer@users.noreply.github.com> 2026-11-27T12:00:00+00:00",
    );
    const missing = await ask("POST", "/git/trees", {
      base_tree: main,
      tree: [{ path: "content/faq/gone.yaml", mode: "100644", type: "blob", sha: null }],
    });
    expect(missing.status).toBe(422);
  });

  it("a ref moves only forward unless forced (422 'Update is not a fast forward'); a ref deleted twice: 422", async () => {
    const main = git("rev-parse", "main");
    const ahead = await commitOn(main, { "content/plan.yaml": "price: 11\n" });
    const aside = await commitOn(main, { "content/plan.yaml": "price: 12\n" });
    expect((await ask("POST", "/git/refs", { ref: "refs/heads/cms/plans/plan", sha: ahead })).status).toBe(201);
    expect((await ask("POST", "/git/refs", { ref: "refs/heads/cms/plans/plan", sha: ahead })).json.message).toBe(
      "Reference already exists",
    );
    const refused = await ask("PATCH", "/git/refs/heads/cms%2Fplans%2Fplan", { sha: aside, force: false });
    expect([refused.status, refused.json.message]).toEqual([422, "Update is not a fast forward"]);
    expect(git("rev-parse", "cms/plans/plan")).toBe(ahead);
    expect((await ask("PATCH", "/git/refs/heads/cms%2Fplans%2Fplan", { sha: aside, force: true })).status).toBe(200);
    expect(git("rev-parse", "cms/plans/plan")).toBe(aside);
    expect((await ask("DELETE", "/git/refs/heads/cms%2Fplans%2Fplan")).status).toBe(204);
    expect((await ask("DELETE", "/git/refs/heads/cms%2Fplans%2Fplan")).json.message).toBe("Reference does not exist");
  });

  it("a pull request merges as a merge commit or squashed into one; one that conflicts with main is not mergeable (405)", async () => {
    const merged = await pullOf("cms/faq/how", { "content/faq/how.yaml": "q: How?\n" });
    const squashed = await pullOf("cms/plans/plan", { "content/plan.yaml": "price: 13\n" });
    const conflicting = await pullOf("cms/plans/other", { "content/plan.yaml": "price: 14\n" });
    const before = git("rev-parse", "main");

    const merge = await ask("PUT", `/pulls/${merged}/merge`, { merge_method: "merge" });
    expect(merge.status).toBe(200);
    expect(git("rev-parse", "main")).toBe(merge.json.sha);
    expect(git("log", "-1", "--format=%P", "main").split(" ")).toEqual([before, git("rev-parse", "cms/faq/how")]);

    const squash = await ask("PUT", `/pulls/${squashed}/merge`, { merge_method: "squash" });
    expect(squash.status).toBe(200);
    expect(git("log", "-1", "--format=%P", "main")).toBe(merge.json.sha);
    expect(git("show", "main:content/plan.yaml")).toBe("price: 13");
    expect(git("show", "main:content/faq/how.yaml")).toBe("q: How?");

    expect((await ask("PUT", `/pulls/${conflicting}/merge`, { merge_method: "merge" })).status).toBe(405);
    expect(git("rev-parse", "main")).toBe(squash.json.sha);
    const listed = await ask("GET", "/pulls?state=closed&base=main");
    expect((listed.json as unknown as { number: number }[]).map((p) => p.number)).toEqual([merged, squashed]);
  });
});
