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
 * Out: one POST /repos/{owner}/{repo}/statuses/{sha}; exit 1 with the reason in words when refused.
 * The token goes in the Authorization header only: never in a message, even when the request fails.
 * Plain JavaScript with no dependencies.
 */

/** What Decap looks for in a status's context when `preview_context` is not set. */
export const decapPreviewKeyword = "deploy";
const states = ["success", "pending", "failure", "error"];

/**
 * The request for a preview status, from the environment, or the reasons it cannot be made.
 * @param {Record<string, string | undefined>} env
 */
export function statusRequest(env) {
  const problems = [];
  const need = (name) => {
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
  const api = (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, "");
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
  if (problems.length) return { problems };
  const description =
    state === "success"
      ? "Preview of this pull request's site"
      : state === "pending"
        ? "Building the preview"
        : "The preview could not be published";
  return {
    problems,
    url: `${api}/repos/${repository}/statuses/${sha}`,
    token,
    body: { state, target_url: target, description, context },
  };
}

/**
 * Posts the status; resolves to a line for the log (never containing the token).
 * @param {Record<string, string | undefined>} env
 * @param {typeof fetch} send
 */
export async function postStatus(env, send = fetch) {
  const request = statusRequest(env);
  if (request.problems.length) throw new Error(`cannot post the preview status: ${request.problems.join("; ")}`);
  let response;
  try {
    response = await send(request.url, {
      method: "POST",
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: `Bearer ${request.token}`,
        "Content-Type": "application/json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "preview-status",
      },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new Error(`cannot reach ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status !== 201) {
    const text = (await response.text()).replaceAll(request.token, "***").slice(0, 500);
    const hint =
      response.status === 401 || response.status === 403 || response.status === 404
        ? " (is the token allowed to write statuses? The workflow needs `permissions: statuses: write`.)"
        : "";
    throw new Error(`GitHub refused the preview status: HTTP ${response.status}${hint} ${text}`.trim());
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
