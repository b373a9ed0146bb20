/**
 * Measures the scheduling requirement on the real clock: with `npm start` serving, a page whose
 * publishDate is 60 s ahead must be served within 90 s, without a restart. On a copy of the project
 * (tools/shared/copy-project.ts) with one page scheduled. The server's clock is shifted with
 * BUILD_TIME so that it reads 60 s before the page's publishDate at the moment it starts listening
 * (the start-up build's length is learnt from a first start); from then on every second is real.
 * Prints: how far ahead the boundary was when the server listened, and when the page was served.
 * Usage: node --import tsx tools/bench/schedule.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { copyProject } from "../shared/copy-project.ts";

const boundary = Date.parse("2030-01-01T00:00:00Z");
const copy = copyProject(mkdtempSync(join(tmpdir(), "measure-schedule-")));
writeFileSync(
  join(copy, "content", "pages", "measure-later.yaml"),
  `route: /measure-later\ntitle: Later\ndescription: Scheduled.\npublishDate: 2030-01-01T00:00:00Z\nsections:\n  - type: prose\n    heading: Later\n    body: Shown from the boundary.\n`,
);

/** Starts npm start with `buildTime`; resolves with its address, when it started and when it listened. */
async function start(buildTime: number) {
  const startedAt = Date.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: copy,
    env: { ...process.env, PORT: "0", LEADS: "off", BUILD_TIME: new Date(buildTime).toISOString() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  const base = await listening;
  const stop = () => new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM")));
  return { base, startedAt, listenedAt: Date.now(), stop, output: () => output };
}

try {
  // A first start: how long the start-up build takes here (its caches warm for the second).
  const first = await start(boundary - 3600_000);
  const startup = first.listenedAt - first.startedAt;
  await first.stop();
  console.log(`start-up build: ${(startup / 1000).toFixed(1)} s`);

  // The measured start: its clock reads (about) 60 s before the boundary when it listens.
  const server = await start(boundary - 60_000 - startup);
  const clockAtListen = boundary - 60_000 - startup + (server.listenedAt - server.startedAt);
  const ahead = (boundary - clockAtListen) / 1000;
  let shownAt: number | undefined;
  while (Date.now() - server.listenedAt < 300_000) {
    const response = await fetch(`${server.base}/measure-later/`);
    if (response.status === 200) {
      shownAt = Date.now();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  if (shownAt === undefined) {
    console.log(`the page was not served within 300 s of listening:\n${server.output()}`);
    process.exitCode = 1;
  } else {
    const after = (shownAt - server.listenedAt) / 1000;
    console.log(
      `publishDate ${ahead.toFixed(1)} s ahead when the server listened; page served ${after.toFixed(1)} s after that (${(after - ahead).toFixed(1)} s after the boundary); requirement: within 90 s: ${after <= 90 ? "met" : "NOT met"}`,
    );
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
