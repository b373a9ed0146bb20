/**
 * `npm install`'s last step (package.json's `prepare`): writes the generated modules (src/generated/,
 * `npm run content:build`), so that the type check and an editor opened on a fresh clone find
 * `./generated` at once. Content with problems must not stop an install: they are printed as
 * `content:build` prints them, then what to run once they are fixed, and the install goes on.
 * A fault of the program (exit 2) fails the install: it is ours, and hiding it would hide it.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const run = spawnSync(process.execPath, [join(import.meta.dirname, "run.mjs"), "build"], { stdio: "inherit" });
if (run.status === 1) {
  console.error(
    "\nThe content has the problems above, so src/generated/ (the typed content the code and the type check read) " +
      "was not written. Fix them, then run: npm run content:build",
  );
}
process.exitCode = run.status === 1 ? 0 : (run.status ?? 1);
