/**
 * A stand-in for GitHub's REST API on 127.0.0.1, for `npm run schedule:merge`'s tests. It is NOT
 * GitHub: it answers only the documented endpoints the command uses (https://docs.github.com/rest),
 * with the fields it reads, for one repository, and records every request.
 *   GET  /repos/:owner/:repo/pulls?state=open        → the open pull requests (pages: per_page, page)
 *   GET  /repos/:owner/:repo/issues/:n/comments      → a pull request's comments
 *   POST /repos/:owner/:repo/issues/:n/comments      → 201, the comment added (author_association NONE, as a bot's)
 *   GET  /repos/:owner/:repo/pulls/:n/reviews        → its reviews, oldest first
 *   GET  /repos/:owner/:repo/commits/:sha/status     → the combined status (state, total_count, statuses)
 *   GET  /repos/:owner/:repo/commits/:sha/check-runs → {total_count, check_runs}
 *   PUT  /repos/:owner/:repo/pulls/:n/merge          → 200 merged; 409 when `sha` is not the head's; or
 *                                                      the refusal set on the pull request (405: not mergeable)
 * Any other path: 404. A request without the token as a bearer: 401 "Bad credentials".
 * Lists are paged as GitHub documents (https://docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api):
 * `per_page` (default 30, at most 100) and `page`, and a `Link` header with the absolute addresses of
 * the `next`, `last`, `first` and `prev` pages where there are such. `pageSize` caps a page below
 * what was asked (GitHub may answer fewer than `per_page`), so a test reaches page 2 with a few items.
 * The combined status pages its statuses; the check runs' page is `check_runs`.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInPull {
  number: number;
  sha: string;
  labels?: string[];
  comments?: { body: string; author_association: string }[];
  reviews?: { login: string; state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" }[];
  statuses?: { context: string; state: "success" | "failure" | "error" | "pending" }[];
  checkRuns?: { name: string; status: "queued" | "in_progress" | "completed"; conclusion?: string }[];
  /** What GitHub answers a merge instead of merging it (e.g. 405, "Pull Request is not mergeable"). */
  refuse?: { status: number; message: string };
  /** Set when merged: the sha the merge named. */
  merged?: string;
}

export async function startPullsStandIn(
  repo: string,
  token: string,
  pulls: StandInPull[],
  { pageSize = 100 }: { pageSize?: number } = {},
) {
  const requests: { method: string; path: string }[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => resolve(body));
    });
  const pull = (n: string) => pulls.find((p) => p.number === Number(n));
  const server = createServer(async (request, response) => {
    const url = new URL(request.url!, "http://127.0.0.1");
    requests.push({ method: request.method!, path: url.pathname + url.search });
    const body = await read(request);
    const json = (status: number, data: unknown) =>
      response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(data));
    if (request.headers.authorization !== `Bearer ${token}`) return json(401, { message: "Bad credentials" });
    // One page of `items`, and the Link header to the others (set on the answer about to be sent).
    const page = <T>(items: T[]) => {
      const size = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100, pageSize);
      const at = Number(url.searchParams.get("page") ?? 1);
      const last = Math.max(1, Math.ceil(items.length / size));
      const to = (n: number) => {
        const other = new URL(url.href.replace("http://127.0.0.1", origin));
        other.searchParams.set("page", String(n));
        return `<${other.href}>`;
      };
      const links = [
        ...(at < last ? [`${to(at + 1)}; rel="next"`, `${to(last)}; rel="last"`] : []),
        ...(at > 1 ? [`${to(1)}; rel="first"`, `${to(at - 1)}; rel="prev"`] : []),
      ];
      if (links.length) response.setHeader("Link", links.join(", "));
      return items.slice((at - 1) * size, at * size);
    };
    const prefix = `/repos/${repo}`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : "";
    let m: RegExpExecArray | null;
    if (request.method === "GET" && path === "/pulls" && url.searchParams.get("state") === "open") {
      const open = pulls.filter((p) => !p.merged);
      return json(
        200,
        page(
          open.map((p) => ({
            number: p.number,
            state: "open",
            head: { sha: p.sha },
            labels: (p.labels ?? []).map((name) => ({ name })),
          })),
        ),
      );
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      p.comments ??= [];
      if (request.method === "GET")
        return json(
          200,
          page(
            p.comments.map((c, i) => ({
              id: i + 1,
              ...c,
              created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
            })),
          ),
        );
      if (request.method === "POST") {
        const comment = { body: (JSON.parse(body) as { body: string }).body, author_association: "NONE" };
        p.comments.push(comment);
        return json(201, { id: p.comments.length, ...comment });
      }
    }
    if (request.method === "GET" && (m = /^\/pulls\/(\d+)\/reviews$/.exec(path)) && pull(m[1]!)) {
      return json(
        200,
        page((pull(m[1]!)!.reviews ?? []).map((r, i) => ({ id: i + 1, user: { login: r.login }, state: r.state }))),
      );
    }
    if (request.method === "GET" && (m = /^\/commits\/(\w+)\/(status|check-runs)$/.exec(path))) {
      const p = pulls.find((candidate) => candidate.sha === m![1]);
      if (!p) return json(404, { message: "No commit found for SHA" });
      if (m[2] === "status") {
        const statuses = p.statuses ?? [];
        const state = statuses.some((s) => s.state === "failure" || s.state === "error")
          ? "failure"
          : statuses.length === 0 || statuses.some((s) => s.state === "pending")
            ? "pending"
            : "success";
        return json(200, { state, total_count: statuses.length, statuses: page(statuses), sha: p.sha });
      }
      const runs = (p.checkRuns ?? []).map((r, i) => ({ id: i + 1, conclusion: null, ...r }));
      return json(200, { total_count: runs.length, check_runs: page(runs) });
    }
    if (request.method === "PUT" && (m = /^\/pulls\/(\d+)\/merge$/.exec(path)) && pull(m[1]!)) {
      const p = pull(m[1]!)!;
      if (p.refuse) return json(p.refuse.status, { message: p.refuse.message });
      const sha = (JSON.parse(body || "{}") as { sha?: string }).sha;
      if (sha !== undefined && sha !== p.sha)
        return json(409, { message: "Head branch was modified. Review and try the merge again." });
      p.merged = sha ?? p.sha;
      return json(200, { sha: "merge-commit", merged: true, message: "Pull Request successfully merged" });
    }
    return json(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
