/**
 * `npm run test:edits` (a step of `npm test`): every marketing edit in marketing-edits.ts applied to a
 * copy of the project's content, then the checks CI runs on a pull request, run on that copy: the
 * fast lane for content (`npm run test:content`: content check, content tests, build, size budget,
 * browser tests), then every unit and component test. A valid edit must never turn CI red, whichever
 * lane runs; this is the proof.
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

// The fast lane for content first (content check, content tests, build, size, browser tests: what
// CI runs on a content-only pull request), then every unit and component test: the full suite's
// steps that can see content. Both green on every edit is the proof that the lane says what the full
// suite says on a marketer's change (tests/content/lane.test.ts proves it on broken content).
const steps: [label: string, script: string][] = [
  ["the fast lane for content", "test:content"],
  ["unit and component tests", "test:unit"],
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
