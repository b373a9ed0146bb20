/**
 * `npm run schedule:merge`: a change scheduled as a whole (issue 36). Run by CI's `scheduled` job
 * every 15 minutes: each open pull request labelled "publish at 2026-12-01 09:00" (or with a comment
 * saying so, from someone with write access to the repository) is merged once that time has come in
 * the site's zone (site.yaml `timeZone`), its checks are green (the combined status and the check
 * runs of its head commit) and it is approved (and no reviewer's last word asks for changes).
 * Otherwise the pull request is told why, once: each reason is said in a comment carrying a hidden
 * key (reason, time and head commit), and a comment with that key is not posted again.
 * GitHub's REST API, through the project's one client (scripts/github/client.ts: every page of a
 * list by its `Link` header, refusals and rate limits in words): GITHUB_TOKEN, GITHUB_REPOSITORY
 * ("owner/name"), GITHUB_API_URL (default https://api.github.com). The clock is the build's
 * (BUILD_TIME, or now). Options: --content=DIR.
 * Exit 0: every pull request was seen to (merged, waiting, or told why); 1: GitHub's API failed;
 * 2: wrong usage (no token or repository, BUILD_TIME not a time).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { formatWhen, isTimeZone, parseWhen } from "../../schemas/index.ts";
import { commandClock } from "../content/clock.ts";
import { gitHub, GitHubError, type GitHub } from "../github/client.ts";

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

/** What one scheduled merge needs: the client, the repository's addresses, the clock and the site's zone. */
interface Run {
  github: GitHub;
  inRepo: (path: string) => string;
  now: number;
  zone: string | undefined;
  log: Pick<Console, "log">;
}

/** One pull request seen to: merged when its time has come and it may be (true), else told why, once. */
async function seeTo(pull: Pull, { github, inRepo, now, zone, log }: Run): Promise<boolean> {
  const comments = await github.all<Comment>(inRepo(`/issues/${pull.number}/comments`));
  const written = askedTime(pull, comments);
  if (written === undefined) return false;
  const said = new Set(comments.map((comment) => keyOf(comment.body ?? "")).filter(Boolean));
  const tell = async (reason: string, text: string) => {
    const key = `${reason} ${written} ${pull.head.sha}`;
    if (said.has(key)) return;
    await github.post(inRepo(`/issues/${pull.number}/comments`), {
      body: `${text}\n\n<!-- publish-at: ${key} -->`,
    });
    log.log(`#${pull.number}: ${text}`);
  };
  const at = parseWhen(written, zone);
  if (typeof at === "string") {
    await tell(
      "unreadable",
      `Not scheduled: "publish at ${written}" cannot be read (${at}). Write it as "publish at 2026-12-01 09:00", a time in the site's zone${zone ? ` (${zone})` : ""}.`,
    );
    return false;
  }
  const when = formatWhen(at, zone, { year: true });
  if (now < at) {
    await tell(
      "waiting",
      `Scheduled: this pull request will be merged on ${when}, once it is approved and its checks are green.`,
    );
    return false;
  }
  const [reviews, statusPages, runs] = await Promise.all([
    github.all<Review>(inRepo(`/pulls/${pull.number}/reviews`)),
    github.all<Combined>(inRepo(`/commits/${pull.head.sha}/status`), (page) => [page as Combined]),
    github.all<CheckRun>(
      inRepo(`/commits/${pull.head.sha}/check-runs`),
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
    return false;
  }
  // The head commit that was checked and approved, and no other (GitHub answers 409 when it moved on).
  const refused = await github.put(inRepo(`/pulls/${pull.number}/merge`), { sha: pull.head.sha }).then(
    () => undefined,
    (error: unknown) => {
      // Refusals that are the pull request's to put right; any other stops the run.
      if (error instanceof GitHubError && [405, 409, 422].includes(error.status ?? 0)) return error;
      throw error;
    },
  );
  if (!refused) {
    log.log(`#${pull.number}: merged, as scheduled for ${when}`);
    return true;
  }
  await tell(
    `refused-${refused.status}`,
    `Not merged, although its time (${when}) has come: GitHub refused the merge (${refused.githubMessage || refused.status}). Resolve that; the next scheduled run tries again.`,
  );
  return false;
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
  const github = gitHub({ api: env.GITHUB_API_URL || "https://api.github.com", token, agent: "schedule-merge" });
  /** The repository's own addresses. */
  const inRepo = (path: string) => `/repos/${repo}${path}`;

  try {
    const pulls = await github.all<Pull>(inRepo("/pulls?state=open"));
    let merged = 0;
    for (const pull of pulls) if (await seeTo(pull, { github, inRepo, now, zone, log })) merged++;
    log.log(`${pulls.length} open pull request(s) looked at; ${merged} merged as scheduled.`);
    return 0;
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    log.error(`GitHub's API could not be used: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] === import.meta.filename) process.exitCode = await main(process.argv.slice(2));
