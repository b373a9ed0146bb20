/**
 * `npm start`: builds the site, then serves it (server/serve.ts) in this same process, so SIGTERM
 * to what npm started reaches the server (the script is `exec node …`). Two `npm start` in one
 * checkout never build at once: the build holds a kernel lock (server/leads/lock.ts) on
 * `node_modules/.cache/build/`, so the second waits for the first build to finish instead of writing
 * the same dist/, src/generated/ and .ssr/ beside it. `npm start -- DIR` serves DIR as it is, without
 * building (as `npm run serve -- DIR`).
 * Scheduled content (publishDate, expiryDate) goes live and comes down by itself: the site for each
 * coming boundary is built beside the one served and swapped in at that time (server/schedule.ts).
 * The clock is the build's: now, or from BUILD_TIME on (scripts/content/clock.ts).
 * In: the project. Out: dist/ (from `npm run build`), then the server on $HOST:$PORT.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { acquireLock } from "./leads/lock.ts";
import { main } from "./serve.ts";
import { rebuildOnSchedule } from "./schedule.ts";
import { BuildTimeError, runningClock } from "../scripts/content/clock.ts";

const args = process.argv.slice(2);
const project = join(import.meta.dirname, "..");
const building = !args.some((arg) => !arg.startsWith("--"));
// Read before anything is built, so a BUILD_TIME that cannot be read stops here, with its reason.
let clock: () => number = Date.now;
try {
  clock = runningClock();
} catch (error) {
  if (!(error instanceof BuildTimeError)) throw error;
  console.error(`npm start: ${error.message}`);
  process.exit(2);
}
// The time the site is built for (BUILD_TIME, or now): scheduled changes after it are built and swapped in.
const builtFor = clock();
if (building) {
  const lockFolder = join(project, "node_modules", ".cache", "build");
  mkdirSync(lockFolder, { recursive: true });
  const lock = await acquireLock(lockFolder, {
    wait: true,
    onWait: (holder) => console.log(`npm start: waiting for another build to finish (${holder ?? "another process"})`),
  });
  const build = spawn("npm", ["run", "--silent", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
    env: { ...process.env, BUILD_TIME: new Date(builtFor).toISOString() },
  });
  // A stop asked for while building stops the build too, and nothing is served.
  const stop = (signal: NodeJS.Signals) => build.kill(signal);
  process.on("SIGTERM", stop).on("SIGINT", stop);
  const code = await new Promise<number>((resolve) =>
    build.once("exit", (c, signal) => resolve(c ?? (signal ? 143 : 1))),
  );
  process.off("SIGTERM", stop).off("SIGINT", stop);
  await lock.release();
  if (code !== 0) {
    console.error(
      `npm start: the build failed (exit ${code}); nothing is served. Fix what it printed above and run it again.`,
    );
    process.exit(code);
  }
}
const { swap } = await main(args);
if (building) rebuildOnSchedule({ projectDir: project, contentDir: join(project, "content"), clock, builtFor, swap });
