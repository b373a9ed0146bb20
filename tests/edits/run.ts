/**
 * `npm run test:edits` (a step of `npm test`): every marketing edit in marketing-edits.ts applied to a
 * copy of the project's content, then the checks CI runs on a pull request, run on that copy: content
 * check, unit and component tests, build, size budget and the browser tests. A valid edit must never
 * turn CI red; this is the proof.
 * In: the repository. Out: a temporary copy (removed afterwards unless KEEP_EDITS=1), a summary.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { copyProject } from "../helpers/copy-project.ts";
import { marketingEdits } from "./marketing-edits.ts";

const copy = copyProject(mkdtempSync(join(tmpdir(), "marketing-edits-")));

console.log(`marketing edits, applied to a copy of content/ in ${copy}:`);
for (const edit of marketingEdits) {
  await edit.apply(join(copy, "content"));
  console.log(`  ✎ ${edit.name}`);
}

const steps: [label: string, script: string][] = [
  ["content check", "content:check"],
  ["unit and component tests", "test:unit"],
  ["build and pre-render", "build"],
  ["size budget", "size"],
  ["browser tests", "test:e2e"],
];
let failed = false;
for (const [label, script] of steps) {
  console.log(`\n── after the edits: ${label} (npm run ${script}) ──`);
  const started = performance.now();
  const run = spawnSync("npm", ["run", "--silent", script], {
    cwd: copy,
    stdio: "inherit",
    // The copy's browser tests pick free ports of their own (playwright.config.ts): a fixed port
    // collides with another run of this test on the same machine.
    env: { ...process.env, E2E_PORT: "", E2E_NGINX_PORT: "" },
    shell: process.platform === "win32",
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${run.status === 0 ? "✔" : "✖"} after the edits: ${label} ${run.status === 0 ? "passed" : "FAILED"} in ${seconds} s`,
  );
  if (run.status !== 0) {
    failed = true;
    break;
  }
}

if (failed) console.error(`\n✖ a valid marketing edit breaks CI. The edited copy is kept in ${copy}`);
else if (!process.env.KEEP_EDITS) rmSync(copy, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
