/**
 * Posts the commit status that makes /admin/ show "View preview" on an entry in the editorial
 * workflow: Decap's GitHub backend reads the pull request's head commit's statuses
 * (GET /repos/{owner}/{repo}/commits/{sha}/status) and takes the first whose context contains
 * "deploy" (decap-cms-lib-util's isPreviewContext), linking its target_url. CI's preview job runs
 * this after publishing the pull request's build (.github/workflows/ci.yml, docs/previews.md).
 * In (environment): GITHUB_TOKEN (a token allowed to write statuses: the workflow's own, with
 * `permissions: statuses: write`), GITHUB_REPOSITORY ("owner/name"), PREVIEW_SHA (the pull
 * request's head commit), PREVIEW_URL (where the preview lives); PREVIEW_STATE (success by default;
 * pending, failure or error), PREVIEW_CONTEXT ("deploy/preview" by default: it must contain
 * "deploy"), GITHUB_API_URL (https://api.github.com by default).
 * Out: one POST /repos/{owner}/{repo}/statuses/{sha} through the project's one GitHub client
 * (scripts/github/client.ts); exit 1 with the reason in words when refused. The token goes in the
 * Authorization header only: never in a message, even when the request fails. CI runs it with
 * `node --import tsx tools/ci/preview-status.ts` (Node 22 and 24 alike).
 */
import { gitHub, GitHubError } from "../../scripts/github/client.ts";

/** What Decap looks for in a status's context when `preview_context` is not set. */
export const decapPreviewKeyword = "deploy";
const states = ["success", "pending", "failure", "error"];

type Env = Readonly<Record<string, string | undefined>>;
type StatusRequest =
  | { ok: false; problems: string[] }
  | {
      ok: true;
      api: string;
      path: string;
      token: string;
      body: { state: string; target_url: string; description: string; context: string };
    };

/** The request for a preview status, from the environment, or the reasons it cannot be made. */
export function statusRequest(env: Env): StatusRequest {
  const problems: string[] = [];
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set`);
    return value ?? "";
  };
  const token = need("GITHUB_TOKEN");
  const repository = need("GITHUB_REPOSITORY");
  const sha = need("PREVIEW_SHA");
  const target = need("PREVIEW_URL");
  const state = env.PREVIEW_STATE?.trim() || "success";
  const context = env.PREVIEW_CONTEXT?.trim() || "deploy/preview";
  const api = env.GITHUB_API_URL?.trim() || "https://api.github.com";
  if (repository && !/^[\w.-]+\/[\w.-]+$/.test(repository))
    problems.push(`GITHUB_REPOSITORY must be owner/name, not "${repository}"`);
  if (sha && !/^[0-9a-f]{40}$/i.test(sha))
    problems.push(`PREVIEW_SHA must be a full commit hash (40 hex digits), not "${sha}"`);
  if (target && !/^https?:\/\/[^\s/]+/.test(target))
    problems.push(`PREVIEW_URL must be an http(s) address, not "${target}"`);
  if (!states.includes(state)) problems.push(`PREVIEW_STATE must be one of ${states.join(", ")}, not "${state}"`);
  if (!context.includes(decapPreviewKeyword)) {
    problems.push(
      `PREVIEW_CONTEXT must contain "${decapPreviewKeyword}" (Decap shows only such statuses), not "${context}"`,
    );
  }
  if (problems.length) return { ok: false, problems };
  const description =
    state === "success"
      ? "Preview of this pull request's site"
      : state === "pending"
        ? "Building the preview"
        : "The preview could not be published";
  return {
    ok: true,
    api,
    path: `/repos/${repository}/statuses/${sha}`,
    token,
    body: { state, target_url: target, description, context },
  };
}

/** Posts the status; resolves to a line for the log (never containing the token). */
export async function postStatus(env: Env, send: typeof fetch = fetch): Promise<string> {
  const request = statusRequest(env);
  if (!request.ok) throw new Error(`cannot post the preview status: ${request.problems.join("; ")}`);
  const github = gitHub({ api: request.api, token: request.token, agent: "preview-status", fetch: send });
  try {
    await github.post(request.path, request.body);
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    const hint = [401, 403, 404].includes(error.status ?? 0)
      ? " (is the token allowed to write statuses? The workflow needs `permissions: statuses: write`.)"
      : "";
    throw new Error(`GitHub refused the preview status: ${error.message}${hint}`);
  }
  return `posted "${request.body.context}" (${request.body.state}) → ${request.body.target_url}`;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  postStatus(process.env).then(
    (line) => console.log(line),
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
