/**
 * `npm start` puts scheduled content live by itself, without a restart, as an operator runs it: on a
 * copy of the project with three pages of fixture content (tools/shared/copy-project.ts), with the
 * clock injected (BUILD_TIME one second before the boundary: the clock runs on from there), so the
 * test waits for what the server does, not for the time of day. It watches:
 * - a page with a publishDate answer 404, then 200 once the site for that time is swapped in, and a
 *   section with a publishDate appear on a page that was there all along;
 * - the next boundary's build fail (a link in text that would lead to a page taken down then): the
 *   site already served stays, and the log says why.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyProject } from "../../tools/shared/copy-project.ts";
import { track } from "../helpers/children.ts";

const boundary = "2030-01-01T00:00:00Z";
const takenDown = "2030-01-01T00:00:01Z";

const page = (route: string, heading: string, extra = "", sections = "") =>
  `route: ${route}\ntitle: ${heading}\ndescription: A page of the schedule test.\n${extra}sections:\n  - type: prose\n    heading: ${heading}\n    body: Always shown.\n${sections}`;

const copy = copyProject(mkdtempSync(join(tmpdir(), "scheduled-start-")));
writeFileSync(
  join(copy, "content", "pages", "schedule-later.yaml"),
  page("/schedule-later", "Shown from the boundary", `publishDate: ${boundary}\n`),
);
writeFileSync(
  join(copy, "content", "pages", "schedule-gone.yaml"),
  page("/schedule-gone", "Taken down a second later", `expiryDate: ${takenDown}\n`),
);
writeFileSync(
  join(copy, "content", "pages", "schedule-check.yaml"),
  page(
    "/schedule-check",
    "Always here",
    "",
    `  - type: prose\n    heading: A section shown from the boundary\n    body: Read [the page taken down](/schedule-gone).\n    publishDate: ${boundary}\n`,
  ),
);

let server: ChildProcess | undefined;
let output = "";
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(copy, { recursive: true, force: true });
});

/** Resolves when `test` holds for the output, within `ms` (or fails with the output so far). */
async function until<T>(what: string, test: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await test();
    if (found) return found;
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("npm start and scheduled content", () => {
  it("swaps in the site built for a boundary when it comes, and keeps it when the next build fails", async () => {
    server = track(
      spawn("npm", ["start", "--silent"], {
        cwd: copy,
        env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LEADS: "off", BUILD_TIME: "2029-12-31T23:59:59Z" },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const base = await until("listening", () => / at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], 400_000);
    const get = async (path: string) => {
      const response = await fetch(base + path);
      return { status: response.status, text: await response.text() };
    };

    // Built for one second before the boundary: not there yet.
    expect((await get("/schedule-later/")).status).toBe(404);
    const before = await get("/schedule-check/");
    expect(before.status).toBe(200);
    expect(before.text).toContain("Always here");
    expect(before.text).not.toContain("A section shown from the boundary");
    expect((await get("/schedule-gone/")).status).toBe(200);

    // The site for the boundary, built beside the one served, swapped in: no restart.
    await until("the page of the boundary served", async () => (await get("/schedule-later/")).status === 200, 400_000);
    expect((await get("/schedule-later/")).text).toContain("Shown from the boundary");
    expect((await get("/schedule-check/")).text).toContain("A section shown from the boundary");
    expect(output).toMatch(
      /schedule: shows the page \/schedule-later; shows the section "A section shown from the boundary" of \/schedule-check: now serving the site for/,
    );

    // The next boundary takes down a page the text links to: its build fails, the site stays, the log says why.
    await until(
      "the failed build logged",
      () => /schedule: the site for .* could not be built, so the current site stays as it is/.test(output),
      400_000,
    );
    expect(output).toMatch(/the link goes to "\/schedule-gone", a page no longer shown/);
    expect((await get("/schedule-gone/")).status).toBe(200);
    expect((await get("/schedule-later/")).status).toBe(200);
    expect(server.exitCode).toBeNull();
  });
});
