/**
 * tools/ci/preview-status.ts, its postStatus() in this process and twice run as CI runs it (`node
 * --import tsx`, its settings in the environment: once posting, once failing), against the stand-in
 * GitHub on 127.0.0.1 (tests/helpers/github-stand-in.ts: the real API cannot be reached from here;
 * the stand-in follows GitHub's documented request and 201 answer, and lists the commit's statuses as
 * Decap reads them). The status it posts is one Decap's own code (decap-cms-lib-util) takes for the
 * deploy preview.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postStatus } from "../../tools/ci/preview-status.ts";
import { startGitHubStandIn, type StandIn } from "../helpers/github-stand-in.ts";

interface Status {
  context: string;
  target_url: string;
  state: string;
}
// Decap's own choice of the preview status (its ES module build: the package's main file wants a
// browser, and it ships no types for this file).
const decapApi: string = "decap-cms-lib-util/dist/esm/API.js";
const { getPreviewStatus } = (await import(decapApi)) as {
  getPreviewStatus: (statuses: Status[], previewContext: string) => Status | undefined;
};

const root = join(import.meta.dirname, "..", "..");
const script = join(root, "tools", "ci", "preview-status.ts");
const token = "ghs_standInToken0123456789abcdefXYZ";
const sha = "0123456789abcdef0123456789abcdef01234567";

let github: StandIn;
beforeAll(async () => {
  github = await startGitHubStandIn({ repo: "acme/site", login: "github-actions[bot]", tokens: [token] });
});
afterAll(() => github.close());
beforeEach(() => {
  github.requests.length = 0;
  github.answer = undefined;
});
/** The requests the script made (the test's own reading of the statuses aside). */
const received = () => github.requests.filter((request) => request.method === "POST");

/**
 * The script's postStatus() in this process, with `env` alone (nothing of this process's GitHub
 * settings), answered as its command line answers: exit 0 and its line, or exit 1 and the reason.
 */
async function post(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  try {
    return { code: 0, output: `${await postStatus({ GITHUB_API_URL: github.url, ...env })}\n` };
  } catch (error) {
    return { code: 1, output: `${error instanceof Error ? error.message : String(error)}\n` };
  }
}
/** Runs the script as CI does, with `env` (and nothing of this process's GitHub settings). */
function postAsCi(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", GITHUB_API_URL: github.url, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on("error", reject);
    child.on("close", (code) => (clearTimeout(timer), resolve({ code, output })));
  });
}
const settings = {
  GITHUB_TOKEN: token,
  GITHUB_REPOSITORY: "acme/site",
  PREVIEW_SHA: sha,
  PREVIEW_URL: "https://previews.example.com/pr-123/",
};
/** The commit's statuses, newest first, as Decap's GitHub backend reads them. */
const statuses = async () =>
  (await (
    await fetch(`${github.url}/repos/acme/site/commits/${sha}/statuses`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Status[];

describe("posting the preview's commit status", () => {
  it("posts state, target_url, a context containing deploy and a description, with the token in the Authorization header only", async () => {
    const { code, output } = await postAsCi(settings);
    expect(code, output).toBe(0);
    expect(received()).toHaveLength(1);
    const [request] = received();
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe(`/repos/acme/site/statuses/${sha}`);
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers.accept).toBe("application/vnd.github+json");
    expect(request!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(request!.body) as Record<string, string>;
    expect(body).toEqual({
      state: "success",
      target_url: settings.PREVIEW_URL,
      context: expect.stringContaining("deploy"),
      description: expect.any(String),
    });
    expect(body.description!.length).toBeGreaterThan(0);
    expect(body.description!.length).toBeLessThanOrEqual(140);
    expect(request!.path + request!.body).not.toContain(token);
    expect(output).toContain(settings.PREVIEW_URL);
    expect(output).not.toContain(token);
    // Decap's GitHub backend reads the commit's statuses and picks its preview with this function.
    const listed = await statuses();
    const status = { context: body.context!, target_url: body.target_url!, state: body.state! };
    expect(getPreviewStatus([{ context: "ci/test", target_url: "", state: "success" }, ...listed], "")).toMatchObject(
      status,
    );
  });

  it("posts pending while the preview builds, and another context that still contains deploy", async () => {
    const { code } = await post({ ...settings, PREVIEW_STATE: "pending", PREVIEW_CONTEXT: "deploy/preview (pages)" });
    expect(code).toBe(0);
    expect(JSON.parse(received()[0]!.body)).toMatchObject({ state: "pending", context: "deploy/preview (pages)" });
  });

  it("refuses, in words and before any request, settings that are missing or that Decap would not show", async () => {
    const missing = await post({ GITHUB_REPOSITORY: "acme/site" });
    expect(missing.code).toBe(1);
    for (const name of ["GITHUB_TOKEN", "PREVIEW_SHA", "PREVIEW_URL"])
      expect(missing.output).toContain(`${name} is not set`);
    const context = await post({ ...settings, PREVIEW_CONTEXT: "preview" });
    expect(context.code).toBe(1);
    expect(context.output).toMatch(/PREVIEW_CONTEXT must contain "deploy"/);
    const shortSha = await post({ ...settings, PREVIEW_SHA: "abc123" });
    expect(shortSha.output).toMatch(/PREVIEW_SHA must be a full commit hash/);
    expect(received()).toEqual([]);
    expect(missing.output + context.output + shortSha.output).not.toContain(token);
  });

  it("fails with GitHub's answer and a hint when refused, and never prints the token, even echoed back", async () => {
    const readOnly = "ghs_readOnlyToken0123456789abcdefXYZ";
    github.grant(readOnly, { statuses: false });
    const refused = await post({ ...settings, GITHUB_TOKEN: readOnly });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/GitHub answered 403 Resource not accessible by integration.*statuses: write/s);
    expect(refused.output).not.toContain(readOnly);
    github.answer = (request) => ({
      status: 403,
      body: { message: `Resource not accessible by integration (${String(request.headers.authorization)})` },
    });
    const { code, output } = await post(settings);
    expect(code).toBe(1);
    expect(output).toMatch(/GitHub answered 403 Resource not accessible by integration/);
    expect(output).toMatch(/statuses: write/);
    expect(output).not.toContain(token);
  });

  it("fails in words when GitHub cannot be reached", async () => {
    const { code, output } = await postAsCi({ ...settings, GITHUB_API_URL: "http://127.0.0.1:1" });
    expect(code).toBe(1);
    expect(output).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1\/repos\/acme\/site\/statuses\//);
    expect(output).not.toContain(token);
  });
});
