/**
 * tools/preview-status.mjs, run as CI runs it (a process, its settings in the environment), against
 * a stand-in of GitHub's `POST /repos/{owner}/{repo}/statuses/{sha}` on 127.0.0.1 (the real API
 * cannot be reached from here; the stand-in follows GitHub's documented request and 201 answer).
 * The status it posts is one Decap's own code (decap-cms-lib-util) takes for the deploy preview.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

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

const script = join(import.meta.dirname, "..", "..", "tools", "preview-status.mjs");
const token = "ghs_standInToken0123456789abcdefXYZ";
const sha = "0123456789abcdef0123456789abcdef01234567";

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}
let server: Server;
let api: string;
let received: Received[] = [];
/** What the stand-in answers next: GitHub's 201 with the status, or a refusal. */
let answer: { status: number; body: (request: Received) => unknown } = { status: 201, body: () => ({}) };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const entry = { method: request.method, url: request.url, headers: request.headers, body };
      received.push(entry);
      response.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body(entry)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answer = {
    status: 201,
    body: ({ body }) => ({ id: 1, ...(JSON.parse(body) as object), creator: { login: "github-actions[bot]" } }),
  };
});

/** Runs the script with `env` (and nothing of this process's GitHub settings). */
function post(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? "", GITHUB_API_URL: api, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}
const settings = {
  GITHUB_TOKEN: token,
  GITHUB_REPOSITORY: "acme/site",
  PREVIEW_SHA: sha,
  PREVIEW_URL: "https://previews.example.com/pr-123/",
};

describe("posting the preview's commit status", () => {
  it("posts state, target_url, a context containing deploy and a description, with the token in the Authorization header only", async () => {
    const { code, output } = await post(settings);
    expect(code, output).toBe(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(`/repos/acme/site/statuses/${sha}`);
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
    expect(request!.url + request!.body).not.toContain(token);
    expect(output).toContain(settings.PREVIEW_URL);
    expect(output).not.toContain(token);
    // Decap's GitHub backend reads the commit's statuses and picks its preview with this function.
    const status = { context: body.context!, target_url: body.target_url!, state: body.state! };
    expect(getPreviewStatus([{ context: "ci/test", target_url: "", state: "success" }, status], "")).toEqual(status);
  });

  it("posts pending while the preview builds, and another context that still contains deploy", async () => {
    const { code } = await post({ ...settings, PREVIEW_STATE: "pending", PREVIEW_CONTEXT: "deploy/preview (pages)" });
    expect(code).toBe(0);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ state: "pending", context: "deploy/preview (pages)" });
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
    expect(received).toEqual([]);
    expect(missing.output + context.output + shortSha.output).not.toContain(token);
  });

  it("fails with GitHub's answer and a hint when refused, and never prints the token, even echoed back", async () => {
    answer = {
      status: 403,
      body: (request) => ({
        message: `Resource not accessible by integration (${String(request.headers.authorization)})`,
      }),
    };
    const { code, output } = await post(settings);
    expect(code).toBe(1);
    expect(output).toMatch(/HTTP 403/);
    expect(output).toMatch(/statuses: write/);
    expect(output).not.toContain(token);
  });

  it("fails in words when GitHub cannot be reached", async () => {
    const { code, output } = await post({ ...settings, GITHUB_API_URL: "http://127.0.0.1:1" });
    expect(code).toBe(1);
    expect(output).toMatch(/cannot reach http:\/\/127\.0\.0\.1:1\/repos\/acme\/site\/statuses\//);
    expect(output).not.toContain(token);
  });
});
