/**
 * `npm start`: builds the site, then serves it (server/serve.ts) in this same process, so SIGTERM
 * to what npm started reaches the server (the script is `exec node …`). Two `npm start` in one
 * checkout never build at once: the build holds a kernel lock (server/leads/lock.ts) on
 * `node_modules/.cache/build/`, so the second waits for the first build to finish instead of writing
 * the same dist/, src/generated/ and .ssr/ beside it. `npm start -- DIR` serves DIR as it is, without
 * building (as `npm run serve -- DIR`).
 * In: the project. Out: dist/ (from `npm run build`), then the server on $HOST:$PORT.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { acquireLock } from "./leads/lock.ts";
import { main } from "./serve.ts";

const args = process.argv.slice(2);
if (!args.some((arg) => !arg.startsWith("--"))) {
  const lockFolder = join(import.meta.dirname, "..", "node_modules", ".cache", "build");
  mkdirSync(lockFolder, { recursive: true });
  const lock = await acquireLock(lockFolder, {
    wait: true,
    onWait: (holder) => console.log(`npm start: waiting for another build to finish (${holder ?? "another process"})`),
  });
  const build = spawn("npm", ["run", "--silent", "build"], { stdio: "inherit", shell: process.platform === "win32" });
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
await main(args);
