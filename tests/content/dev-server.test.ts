/** The dev server's content watcher, through Vite's server API (no browser). */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentPlugin } from "../../scripts/content/vite-plugin.ts";
import { fixture } from "./helpers.ts";

const content = fixture();
const out = mkdtempSync(join(tmpdir(), "dev-out-"));
const home = join(content, "pages", "home.yaml");
const original = readFileSync(home, "utf8");
const homeModule = () => readFileSync(join(out, "pages", "index.json"), "utf8");
let server: ViteDevServer;
const sent: { type: string; err?: { message: string; loc?: { file?: string; line: number; column: number } } }[] = [];

beforeAll(async () => {
  server = await createServer({
    configFile: false,
    logLevel: "silent",
    plugins: [contentPlugin({ contentDir: content, outDir: out })],
    server: { middlewareMode: true },
  });
  const send = server.ws.send.bind(server.ws);
  server.ws.send = ((payload: (typeof sent)[number]) => {
    sent.push(payload);
    return (send as (p: unknown) => void)(payload);
  }) as typeof server.ws.send;
  await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome"'), { timeout: 5000 });
});
afterAll(() => server.close());

describe("the dev server's content watcher", { timeout: 15_000 }, () => {
  it("builds the content with drafts when it starts", () => {
    expect(JSON.parse(homeModule()).route).toBe("/");
  });

  // How fast, in a browser, is measured by `npm run bench:dev`; here only that it happens.
  it("picks up an edit and rewrites the page's module", async () => {
    writeFileSync(home, original.replace("heading: Welcome", "heading: Welcome back"));
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome back"'), { timeout: 5000, interval: 10 });
  });

  it("shows an invalid edit in the error overlay with file, line, column, field and message, and keeps the last good output", async () => {
    const before = homeModule();
    writeFileSync(home, original.replace("type: pricing", "type: pricng"));
    await vi.waitFor(() => expect(sent.some((p) => p.type === "error")).toBe(true), { timeout: 5000, interval: 10 });
    const error = sent.find((p) => p.type === "error")!.err!;
    expect(error.message).toMatch(/pages\/home\.yaml:11:11 +sections\[1\]\.type +unknown type "pricng"\. Did you mean "pricing"\?/);
    expect(error.loc).toEqual({ file: home, line: 11, column: 11 });
    expect(homeModule()).toBe(before);
  });

  it("recovers by itself when the file is fixed", async () => {
    sent.length = 0;
    writeFileSync(home, original.replace("heading: Welcome", "heading: Welcome back"));
    // The fix restores exactly the last good output, so the server reloads the page to clear the overlay.
    await vi.waitFor(() => expect(sent).toContainEqual({ type: "full-reload" }), { timeout: 5000, interval: 10 });
    sent.length = 0;
    writeFileSync(home, original);
    await vi.waitFor(() => expect(homeModule()).toContain('"heading": "Welcome"'), { timeout: 5000, interval: 10 });
    expect(sent.filter((p) => p.type === "error")).toEqual([]);
  });
});
