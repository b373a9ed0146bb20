/**
 * `npm run schedule:merge`: a change scheduled as a whole (issue 36). Run by CI's `scheduled` job
 * every 15 minutes: each open pull request labelled "publish at 2026-12-01 09:00" (or with a comment
 * saying so, from someone with write access to the repository) is merged once that time has come in
 * the site's zone (site.yaml `timeZone`), its checks are green (the combined status and the check
 * runs of its head commit) and it is approved (and no reviewer's last word asks for changes).
 * Otherwise the pull request is told why, once: each reason is said in a comment carrying a hidden
 * key (reason, time and head commit), and a comment with that key is not posted again.
 * GitHub's REST API: GITHUB_TOKEN, GITHUB_REPOSITORY ("owner/name"), GITHUB_API_URL (default
 * https://api.github.com). The clock is the build's (BUILD_TIME, or now). Options: --content=DIR.
 * Exit 0: every pull request was seen to (merged, waiting, or told why); 1: GitHub's API failed;
 * 2: wrong usage (no token or repository, BUILD_TIME not a time).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { formatWhen, isTimeZone, parseWhen } from "../../schemas/index.ts";
import { commandClock } from "../content/clock.ts";

/** "publish at 2026-12-01 09:00", in a label or on a line of a comment (a time with its own zone too). */
const asked = /^\s*publish at\s+(\S.*?)\s*$/im;
/** Who may schedule a merge by a comment: people with write access (a label needs triage access already). */
const trusted = new Set(["OWNER", "MEMBER", "COLLABORATOR"]);
/** The hidden key of what was said, so it is said once. */
const keyOf = (body: string) => /<!-- publish-at: (.+?) -->/.exec(body)?.[1];

interface Pull {
  number: number;
  head: { sha: string };
  labels: { name: string }[];
}
interface Comment {
  body?: string;
  author_association?: string;
  created_at: string;
}
interface Review {
  user: { login: string } | null;
  state: string;
}
interface Status {
  context: string;
  state: string;
}
/** The combined status of a commit: its statuses are paged like a list. */
interface Combined {
  state: string;
  total_count: number;
  statuses: Status[];
}
interface CheckRun {
  name: string;
  status: string;
  conclusion: string | null;
}

export class GitHubError extends Error {}

/**
 * The next page's address in a `Link` header (`<https://…&page=2>; rel="next", <…>; rel="last"`), as
 * GitHub documents paging (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api):
 * the header, not a page count, says whether there is more (a page may hold fewer than asked for).
 */
export function nextPage(link: string | null): string | undefined {
  for (const [, url, params] of (link ?? "").matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";]*)/i.exec(params!)?.[1] ?? "";
    if (rel.trim().split(/\s+/).includes("next")) return url;
  }
  return undefined;
}

/** GitHub's REST API, as documented (https://docs.github.com/rest): JSON, the token as a bearer, pages of 100 followed by their `Link` header. */
function client(api: string, token: string, repo: string) {
  const origin = new URL(api).origin;
  /** `path` under the repository, or an address GitHub gave (a next page); the token goes to the API's host only. */
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; data: unknown; link: string | null }> => {
    const url = path.startsWith("/") ? `${api.replace(/\/$/, "")}/repos/${repo}${path}` : path;
    if (new URL(url).origin !== origin) throw new GitHubError(`GitHub sent a next page on another host: ${url}`);
    const response = await fetch(url, {
      method,
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: `Bearer ${token}`,
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "schedule-merge",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const data = text ? (JSON.parse(text) as unknown) : undefined;
    return { status: response.status, data, link: response.headers.get("link") };
  };
  const get = async (path: string): Promise<{ data: unknown; link: string | null }> => {
    const { status, data, link } = await call("GET", path);
    if (status !== 200) throw new GitHubError(`GET ${path}: GitHub answered ${status} ${message(data)}`);
    return { data, link };
  };
  /** Every page's answer, 100 items asked a page, following `rel="next"` until there is none. */
  const pages = async (path: string): Promise<unknown[]> => {
    const answers: unknown[] = [];
    let next: string | undefined = `${path}${path.includes("?") ? "&" : "?"}per_page=100`;
    while (next !== undefined) {
      if (answers.length === 1000) throw new GitHubError(`GET ${path}: more than 1,000 pages; stopped`);
      const { data, link } = await get(next);
      answers.push(data);
      next = nextPage(link);
    }
    return answers;
  };
  /** Every item of a list; `pick` takes a page's items out of its answer. */
  const all = async <T>(path: string, pick: (data: unknown) => T[] = (data) => data as T[]): Promise<T[]> =>
    (await pages(path)).flatMap(pick);
  return { call, pages, all };
}

const message = (data: unknown) => String((data as { message?: unknown } | undefined)?.message ?? "");

/** The time a pull request asks to be published at, as written: its label, else the last trusted comment saying so. */
function askedTime(pull: Pull, comments: readonly Comment[]): string | undefined {
  for (const label of pull.labels) {
    const found = asked.exec(label.name);
    if (found) return found[1]!;
  }
  let time: string | undefined;
  for (const comment of comments) {
    if (keyOf(comment.body ?? "") || !trusted.has(comment.author_association ?? "")) continue;
    const found = asked.exec(comment.body ?? "");
    if (found) time = found[1]!;
  }
  return time;
}

/** Why the head commit's checks are not green, or nothing when they are. */
function checksNotGreen(combined: Combined, runs: readonly CheckRun[]): string | undefined {
  const failed = [
    ...combined.statuses
      .filter((status) => status.state === "failure" || status.state === "error")
      .map((status) => status.context),
    ...runs
      .filter((run) => run.status === "completed" && !["success", "neutral", "skipped"].includes(run.conclusion ?? ""))
      .map((run) => run.name),
  ];
  if (failed.length) return `its checks are not green: ${failed.join(", ")} failed`;
  const pending = [
    ...combined.statuses.filter((status) => status.state === "pending").map((status) => status.context),
    ...runs.filter((run) => run.status !== "completed").map((run) => run.name),
  ];
  if (pending.length) return `its checks have not finished: ${pending.join(", ")}`;
  if (combined.total_count === 0 && runs.length === 0) return "no checks have run on its last commit";
  return undefined;
}

/** Whether it is approved: someone's last review approves it, and nobody's last review asks for changes. */
function approval(reviews: readonly Review[]): string | undefined {
  const last = new Map<string, string>();
  for (const review of reviews) {
    if (!review.user || !["APPROVED", "CHANGES_REQUESTED", "DISMISSED"].includes(review.state)) continue;
    last.set(review.user.login, review.state);
  }
  const asking = [...last].filter(([, state]) => state === "CHANGES_REQUESTED").map(([login]) => login);
  if (asking.length) return `changes are requested by ${asking.join(", ")}`;
  if (![...last.values()].includes("APPROVED")) return "it is not approved yet: a reviewer must approve it";
  return undefined;
}

export async function main(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  log = console,
): Promise<number> {
  let contentDir = "content";
  for (const arg of args) {
    if (arg.startsWith("--content=")) contentDir = arg.slice("--content=".length);
    else {
      log.error(
        `unknown option "${arg}". usage: npm run schedule:merge [-- --content=DIR] (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_API_URL)`,
      );
      return 2;
    }
  }
  const token = env.GITHUB_TOKEN;
  const repo = env.GITHUB_REPOSITORY;
  if (!token || !repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    log.error(
      "set GITHUB_TOKEN and GITHUB_REPOSITORY (owner/name), as GitHub Actions does: the pull requests are read and merged through GitHub's API",
    );
    return 2;
  }
  const now = commandClock();
  if (now === undefined) return 2;
  const site = parse(readFileSync(join(contentDir, "site.yaml"), "utf8")) as { timeZone?: unknown } | null;
  const zone = typeof site?.timeZone === "string" && isTimeZone(site.timeZone) ? site.timeZone : undefined;
  const github = client(env.GITHUB_API_URL || "https://api.github.com", token, repo);

  try {
    const pulls = await github.all<Pull>("/pulls?state=open");
    let merged = 0;
    for (const pull of pulls) {
      const comments = await github.all<Comment>(`/issues/${pull.number}/comments`);
      const written = askedTime(pull, comments);
      if (written === undefined) continue;
      const said = new Set(comments.map((comment) => keyOf(comment.body ?? "")).filter(Boolean));
      const tell = async (reason: string, text: string) => {
        const key = `${reason} ${written} ${pull.head.sha}`;
        if (said.has(key)) return;
        const { status, data } = await github.call("POST", `/issues/${pull.number}/comments`, {
          body: `${text}\n\n<!-- publish-at: ${key} -->`,
        });
        if (status !== 201)
          throw new GitHubError(`commenting on #${pull.number}: GitHub answered ${status} ${message(data)}`);
        log.log(`#${pull.number}: ${text}`);
      };
      const at = parseWhen(written, zone);
      if (typeof at === "string") {
        await tell(
          "unreadable",
          `Not scheduled: "publish at ${written}" cannot be read (${at}). Write it as "publish at 2026-12-01 09:00", a time in the site's zone${zone ? ` (${zone})` : ""}.`,
        );
        continue;
      }
      const when = formatWhen(at, zone, { year: true });
      if (now < at) {
        await tell(
          "waiting",
          `Scheduled: this pull request will be merged on ${when}, once it is approved and its checks are green.`,
        );
        continue;
      }
      const [reviews, statusPages, runs] = await Promise.all([
        github.all<Review>(`/pulls/${pull.number}/reviews`),
        github.pages(`/commits/${pull.head.sha}/status`) as Promise<Combined[]>,
        github.all<CheckRun>(
          `/commits/${pull.head.sha}/check-runs`,
          (data) => (data as { check_runs: CheckRun[] }).check_runs,
        ),
      ]);
      // The combined status pages its statuses like a list; its state and count are on every page.
      const combined = { ...statusPages[0]!, statuses: statusPages.flatMap((page) => page.statuses) };
      const why = approval(reviews) ?? checksNotGreen(combined, runs);
      if (why) {
        await tell(
          why.startsWith("its checks have not")
            ? "pending"
            : why.startsWith("its checks") || why.startsWith("no checks")
              ? "checks"
              : "review",
          `Not merged yet, although its time (${when}) has come: ${why}. It is merged on the first scheduled run after that is put right.`,
        );
        continue;
      }
      // The head commit that was checked and approved, and no other (GitHub answers 409 when it moved on).
      const { status, data } = await github.call("PUT", `/pulls/${pull.number}/merge`, { sha: pull.head.sha });
      if (status === 200) {
        merged++;
        log.log(`#${pull.number}: merged, as scheduled for ${when}`);
        continue;
      }
      if (status !== 405 && status !== 409 && status !== 422)
        throw new GitHubError(`merging #${pull.number}: GitHub answered ${status} ${message(data)}`);
      await tell(
        `refused-${status}`,
        `Not merged, although its time (${when}) has come: GitHub refused the merge (${message(data) || status}). Resolve that; the next scheduled run tries again.`,
      );
    }
    log.log(`${pulls.length} open pull request(s) looked at; ${merged} merged as scheduled.`);
    return 0;
  } catch (error) {
    if (!(error instanceof GitHubError) && !(error instanceof TypeError) && !(error instanceof DOMException))
      throw error;
    log.error(`GitHub's API could not be used: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = await main(process.argv.slice(2));
