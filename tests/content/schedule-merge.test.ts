/**
 * `npm run schedule:merge`, as CI's scheduled job runs it, against a stand-in of GitHub's REST API on
 * 127.0.0.1 (tests/helpers/github-stand-in.ts), at fixed times (BUILD_TIME is the clock): a
 * pull request labelled or commented "publish at …" (a time in the site's zone) is merged once its
 * time has come, it is approved and its checks are green; otherwise it is told why, once. The
 * command's main() runs in this process (tests/helpers/in-process.ts), with CI's variables; one run
 * is the command as CI types it, in a process of its own, for its exit code and its streams.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../scripts/schedule/publish-at.ts";
import { startGitHubStandIn, type StandIn, type StandInPull } from "../helpers/github-stand-in.ts";
import { inProcess } from "../helpers/in-process.ts";
import { fixture } from "./helpers.ts";

const root = join(import.meta.dirname, "..", "..");
const content = fixture({ "site.yaml": (text) => `${text}timeZone: America/New_York\n` });
const repo = "example/site";
const token = "ghs_standin";
const due = "publish at 2026-12-01 09:00";
const green = {
  statuses: [{ context: "preview", state: "success" as const }],
  checkRuns: [{ name: "test", status: "completed" as const, conclusion: "success" }],
};
const approved = { reviews: [{ login: "lee", state: "APPROVED" as const }] };

const pulls: StandInPull[] = [
  { number: 1, sha: "a1", labels: [due, "content"], ...approved, ...green },
  { number: 2, sha: "b2", comments: [{ body: `Ready for the launch.\n${due}`, author_association: "MEMBER" }], ...green },
  { number: 3, sha: "c3", labels: [due], ...approved, ...green, checkRuns: [{ name: "build", status: "completed", conclusion: "failure" }] },
  { number: 4, sha: "d4", labels: ["publish at 2026-12-02 09:00"], ...approved, ...green },
  { number: 5, sha: "e5", labels: ["publish at tomorrow"], ...approved, ...green },
  { number: 6, sha: "f6", comments: [{ body: due, author_association: "NONE" }], ...approved, ...green },
  { number: 7, sha: "a7", labels: [due], ...approved, ...green, refuse: { status: 405, message: "Pull Request is not mergeable" } },
  { number: 8, sha: "b8", ...approved, ...green },
  { number: 9, sha: "c9", labels: [due], reviews: [{ login: "lee", state: "APPROVED" }, { login: "kim", state: "CHANGES_REQUESTED" }], ...green },
  { number: 10, sha: "d10", labels: [due], ...approved, statuses: [{ context: "preview", state: "pending" }], checkRuns: [] },
];
let github: StandIn;
beforeAll(async () => {
  github = await startGitHubStandIn({ repo, tokens: [token], pulls });
});
afterAll(() => github.close());

/** CI's variables for the stand-in `api`, and `env`; BUILD_TIME is the clock. */
const ciEnv = (env: Record<string, string | undefined>, api: StandIn) => ({
  GITHUB_TOKEN: token,
  GITHUB_REPOSITORY: repo,
  GITHUB_API_URL: api.url,
  BUILD_TIME: "2026-12-01T09:05:00-05:00",
  ...env,
});

/** The command's main() in this process, with CI's variables. */
async function scheduleMerge(env: Record<string, string | undefined>, api = github) {
  const vars = ciEnv(env, api);
  const run = await inProcess(() => main([`--content=${content}`], { ...process.env, ...vars }), { BUILD_TIME: vars.BUILD_TIME });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** The command as CI types it, in a process of its own. */
function scheduleMergeCommand(env: Record<string, string | undefined>, api = github) {
  return new Promise<{ status: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "schedule:merge", "--", `--content=${content}`], {
      cwd: root,
      env: { ...process.env, ...ciEnv(env, api) },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on("error", reject);
    child.on("close", (status) => (clearTimeout(timer), resolve({ status, out, err })));
  });
}
const said = (n: number) => (pulls.find((p) => p.number === n)!.comments ?? []).filter((c) => c.author_association === "NONE" && c.body.includes("<!-- publish-at:")).map((c) => c.body);

describe("npm run schedule:merge", () => {
  it("merges what is due, approved and green, at its head commit; says why not on the others", async () => {
    const run = await scheduleMerge({});
    expect(run.err).toBe("");
    expect(run.status).toBe(0);
    expect(pulls.filter((p) => p.merged).map((p) => [p.number, p.merged])).toEqual([[1, "a1"]]);
    expect(run.out).toContain("#1: merged, as scheduled for Tue Dec 1 2026 09:00 EST");
    expect(said(1)).toEqual([]);
    expect(said(2)).toEqual([expect.stringMatching(/^Not merged yet, although its time \(Tue Dec 1 2026 09:00 EST\) has come: it is not approved yet/)]);
    expect(said(3)).toEqual([expect.stringMatching(/its checks are not green: build failed/)]);
    expect(said(4)).toEqual([expect.stringMatching(/^Scheduled: this pull request will be merged on Wed Dec 2 2026 09:00 EST/)]);
    expect(said(5)).toEqual([expect.stringMatching(/^Not scheduled: "publish at tomorrow" cannot be read .*America\/New_York/)]);
    expect(said(7)).toEqual([expect.stringMatching(/GitHub refused the merge \(Pull Request is not mergeable\)/)]);
    expect(said(9)).toEqual([expect.stringMatching(/changes are requested by kim/)]);
    expect(said(10)).toEqual([expect.stringMatching(/its checks have not finished: preview/)]);
    // A comment from someone without write access schedules nothing; nor does a pull request without a time.
    expect(said(6)).toEqual([]);
    expect(said(8)).toEqual([]);
    expect(github.requests.filter((r) => r.method === "PUT").map((r) => r.path)).toEqual([`/repos/${repo}/pulls/1/merge`, `/repos/${repo}/pulls/7/merge`]);
  });

  it("says each thing once: the next run, 15 minutes later, comments nothing again", async () => {
    const before = pulls.map((p) => (p.comments ?? []).length);
    const posts = github.requests.filter((r) => r.method === "POST").length;
    const run = await scheduleMerge({ BUILD_TIME: "2026-12-01T09:20:00-05:00" });
    expect(run.status).toBe(0);
    expect(pulls.map((p) => (p.comments ?? []).length)).toEqual(before);
    expect(github.requests.filter((r) => r.method === "POST").length).toBe(posts);
  });

  it("once put right (approved), it is merged on the next run", async () => {
    pulls.find((p) => p.number === 2)!.reviews = [{ login: "lee", state: "APPROVED" }];
    const run = await scheduleMerge({ BUILD_TIME: "2026-12-01T09:35:00-05:00" });
    expect(run.status).toBe(0);
    expect(pulls.find((p) => p.number === 2)!.merged).toBe("b2");
  });

  it("without a token or repository it says what to set (exit 2); with a token GitHub refuses, exit 1", async () => {
    const bare = await scheduleMerge({ GITHUB_TOKEN: "" });
    expect(bare.status).toBe(2);
    expect(bare.err).toMatch(/set GITHUB_TOKEN and GITHUB_REPOSITORY/);
    // The command as CI types it: its answer is the process's exit code, its words on stderr.
    const refused = await scheduleMergeCommand({ GITHUB_TOKEN: "wrong" });
    expect(refused.out).toBe("");
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/GitHub's API could not be used: .*401 Bad credentials/);
  });
});

describe("npm run schedule:merge reads every page GitHub has", () => {
  // Two items a page: each list (open pull requests, comments, reviews, statuses, check runs) goes on
  // to a next page, which only the Link header announces (a page holds fewer than the 100 asked for).
  const paged: StandInPull[] = [
    { number: 21, sha: "p21", ...approved, ...green },
    { number: 22, sha: "p22", ...approved, ...green },
    {
      number: 23,
      sha: "p23",
      comments: [
        { body: "Looks good.", author_association: "MEMBER" },
        { body: "One more look.", author_association: "MEMBER" },
        { body: due, author_association: "MEMBER" },
      ],
      reviews: [
        { login: "kim", state: "CHANGES_REQUESTED" },
        { login: "lee", state: "COMMENTED" },
        { login: "kim", state: "APPROVED" },
      ],
      statuses: [
        { context: "preview", state: "success" },
        { context: "size", state: "success" },
        { context: "links", state: "success" },
      ],
      checkRuns: [
        { name: "lint", status: "completed", conclusion: "success" },
        { name: "unit", status: "completed", conclusion: "success" },
        { name: "e2e", status: "completed", conclusion: "success" },
      ],
    },
    {
      number: 24,
      sha: "p24",
      labels: [due],
      ...approved,
      statuses: green.statuses,
      checkRuns: [
        { name: "lint", status: "completed", conclusion: "success" },
        { name: "unit", status: "completed", conclusion: "success" },
        { name: "e2e", status: "completed", conclusion: "failure" },
      ],
    },
    {
      number: 25,
      sha: "p25",
      labels: [due],
      ...approved,
      checkRuns: green.checkRuns,
      statuses: [
        { context: "preview", state: "success" },
        { context: "size", state: "success" },
        { context: "links", state: "pending" },
      ],
    },
  ];
  let api: StandIn;
  beforeAll(async () => {
    api = await startGitHubStandIn({ repo, tokens: [token], pulls: paged, pageSize: 2 });
  });
  afterAll(() => api.close());

  it("merges a pull request on page 2, scheduled by a comment on page 2, approved on page 2; reads checks on page 2", async () => {
    const run = await scheduleMerge({}, api);
    expect(run.err).toBe("");
    expect(run.status).toBe(0);
    expect(run.out).toContain("5 open pull request(s) looked at; 1 merged as scheduled.");
    expect(paged.filter((p) => p.merged).map((p) => [p.number, p.merged])).toEqual([[23, "p23"]]);
    const told = (n: number) => (paged.find((p) => p.number === n)!.comments ?? []).map((c) => c.body);
    expect(told(24)).toEqual([expect.stringMatching(/its checks are not green: e2e failed/)]);
    expect(told(25)).toEqual([expect.stringMatching(/its checks have not finished: links/)]);
    // The pages were reached through the addresses the Link header gave.
    const gets = api.requests.filter((r) => r.method === "GET").map((r) => r.path);
    expect(gets).toContain(`/repos/${repo}/pulls?state=open&per_page=100&page=3`);
    expect(gets).toContain(`/repos/${repo}/issues/23/comments?per_page=100&page=2`);
    expect(gets).toContain(`/repos/${repo}/pulls/23/reviews?per_page=100&page=2`);
    expect(gets).toContain(`/repos/${repo}/commits/p25/status?per_page=100&page=2`);
    expect(gets).toContain(`/repos/${repo}/commits/p24/check-runs?per_page=100&page=2`);
  });
});
